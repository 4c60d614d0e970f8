import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { publicPaths } from '@bullpen/contract/routes';
import type { TicketKind } from '@bullpen/contract/support';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { TicketForm } from '../components/TicketForm.tsx';

type ModalKind = Extract<TicketKind, 'contact_sales' | 'school_event'>;

const cards: { kind: ModalKind; title: string; text: string; button: string }[] = [
  {
    kind: 'contact_sales',
    title: 'pages.salesTitle',
    text: 'pages.salesText',
    button: 'pages.salesButton',
  },
  {
    kind: 'school_event',
    title: 'pages.eventTitle',
    text: 'pages.eventText',
    button: 'pages.eventButton',
  },
];

/** The contact sales and schedule event forms, each in a modal (spec section 2). */
function TicketDialog({ kind, onClose }: { kind: ModalKind | null; onClose: () => void }) {
  const { t } = useTranslation('support');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const card = cards.find((entry) => entry.kind === kind);
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
        {card ? t(card.title as never) : ''}
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

/** /public/contact-us: contact sales, or schedule an event for a school. */
export function ContactUsPage() {
  const { t } = useTranslation('support');
  useDocumentTitle(t('pages.contactTitle'));
  const [open, setOpen] = useState<ModalKind | null>(null);
  return (
    <PageContainer maxWidth={960}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('pages.contactTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('pages.contactLead')}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        {cards.map((card) => (
          <Card key={card.kind} variant="outlined" component="section">
            <CardContent>
              <Typography variant="h5" component="h2" gutterBottom>
                {t(card.title as never)}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{t(card.text as never)}</Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button variant="contained" onClick={() => setOpen(card.kind)}>
                {t(card.button as never)}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      <Typography sx={{ mt: 4 }}>
        <Link component={RouterLink} to={publicPaths.support}>
          {t('pages.supportLink')}
        </Link>
      </Typography>
      <TicketDialog kind={open} onClose={() => setOpen(null)} />
    </PageContainer>
  );
}

export const Component = ContactUsPage;
