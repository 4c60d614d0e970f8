import { useTranslation } from 'react-i18next';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import type { TicketKind } from '@bullpen/contract/support';
import { TicketForm } from './TicketForm.tsx';

export type ModalKind = Extract<TicketKind, 'contact_sales' | 'school_event'>;

/** The contact sales and schedule event forms, each in a modal (spec section 2). */
export function TicketDialog({
  kind,
  title,
  onClose,
}: {
  kind: ModalKind | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('support');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={kind !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="ticket-dialog-title"
    >
      <DialogTitle id="ticket-dialog-title" sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label={t('pages.closeDialog')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>{kind && <TicketForm kind={kind} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}
