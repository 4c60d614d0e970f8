import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { publicPaths } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useOpenedOnce } from '@/components/use-opened-once.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { ModalKind } from '../components/TicketDialog.tsx';

/**
 * The modal and its form (react-hook-form, the ticket schemas and zod, the phone mask, the human
 * check) load on the first open, not with the page.
 */
const TicketDialog = lazy(() =>
  import('../components/TicketDialog.tsx').then((module) => ({ default: module.TicketDialog })),
);

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

/** /public/contact-us: contact sales, or schedule an event for a school. */
export function ContactUsPage() {
  const { t } = useTranslation('support');
  useDocumentTitle(t('pages.contactTitle'));
  const [open, setOpen] = useState<ModalKind | null>(null);
  const dialogLoaded = useOpenedOnce(open !== null);
  const openCard = cards.find((card) => card.kind === open);
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
      {dialogLoaded && (
        <Suspense fallback={null}>
          <TicketDialog
            kind={open}
            title={openCard ? t(openCard.title as never) : ''}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </PageContainer>
  );
}

export const Component = ContactUsPage;
