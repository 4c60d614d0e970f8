import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { Contest } from '@bullpen/contract/contests';
import { tradingPauseText } from '../trading-pause.ts';

export type TradingPausedDialogProps = {
  contest: Contest;
  open: boolean;
  onClose: () => void;
};

/** The dialog of `TradingPausedDialog`, in a chunk of its own. */
export function PausedDialog({ contest, open, onClose }: TradingPausedDialogProps) {
  const { t } = useTranslation('contests');
  const titleId = useId();
  const classPause = contest.status === 'frozen' ? null : tradingPauseText(contest);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('pausedDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {classPause !== null
            ? `${classPause} ${t('pausedDialog.classroom')}`
            : contest.is_owner
              ? t('pausedDialog.owner', { contest: contest.name })
              : t('pausedDialog.member')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('pausedDialog.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
