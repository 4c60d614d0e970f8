import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { publicPaths } from '@bullpen/contract/routes';
import { hasEmail } from '@bullpen/contract/user-email';
import { PageContainer } from '@/components/PageContainer.tsx';
import { RenderWhenNear } from '@/components/RenderWhenNear.tsx';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type supportCatalogue from '@/locales/en/support.json';

/**
 * The form (react-hook-form, the contract's schemas and zod, the text boxes and the human check)
 * sits below some twenty questions, a few screens down: its code loads when its place comes near
 * the screen, not with the page.
 */
const TicketForm = lazy(() =>
  import('../components/TicketForm.tsx').then((module) => ({ default: module.TicketForm })),
);

/**
 * The form's height, a visitor's and a signed-in user's: measured in Chromium at 360 and 412 px
 * wide (xs) and at 768 and 1280 (from sm on, where first and last name share a row).
 */
const FORM_HEIGHT_PX = { guest: { xs: 830, sm: 677 }, member: { xs: 487, sm: 405 } };

type TopicKey = keyof (typeof supportCatalogue)['topics'];
type Answer = { q: string; a: string };

const TOPICS: TopicKey[] = ['accounts', 'contests', 'lessons', 'budget', 'classrooms', 'privacy'];

function HelpTopic({ topic }: { topic: TopicKey }) {
  const { t } = useTranslation('support');
  const items = Object.values(
    t(`topics.${topic}.items`, { returnObjects: true }) as Record<string, Answer>,
  );
  return (
    <Box component="section" aria-labelledby={`topic-${topic}`} sx={{ mb: 3 }}>
      <Typography id={`topic-${topic}`} variant="h6" component="h3" sx={{ mb: 1 }}>
        {t(`topics.${topic}.title`)}
      </Typography>
      {items.map((item, index) => (
        <Accordion key={item.q} disableGutters>
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            id={`topic-${topic}-${index}-question`}
            aria-controls={`topic-${topic}-${index}-answer`}
          >
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {item.q}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`topic-${topic}-${index}-answer`}>
            <Typography>{item.a}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

/**
 * Holds the form's place until it renders, at about its height, so the link and footer below
 * do not move when it arrives: a visitor's form has name, email and the human check besides the
 * fields a signed-in user fills in.
 */
function FormPlace({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('support');
  return (
    <Box sx={{ minHeight: signedIn ? FORM_HEIGHT_PX.member : FORM_HEIGHT_PX.guest }}>
      <Typography sx={{ color: 'text.secondary', mt: 2 }}>{t('pages.formLoading')}</Typography>
    </Box>
  );
}

/** /public/support: help topics for students, teachers and parents, then the support form. */
export function SupportPage() {
  const { t } = useTranslation('support');
  const { user } = useSession();
  useDocumentTitle(t('pages.supportTitle'));
  return (
    <PageContainer maxWidth={880}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('pages.supportTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('pages.supportLead')}</Typography>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('pages.topicsHeading')}
      </Typography>
      {TOPICS.map((topic) => (
        <HelpTopic key={topic} topic={topic} />
      ))}
      <Paper
        component="section"
        aria-labelledby="support-form-heading"
        variant="outlined"
        sx={{ p: { xs: 2, sm: 4 }, mt: 4 }}
      >
        <Typography id="support-form-heading" variant="h5" component="h2" gutterBottom>
          {t('pages.formHeading')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>
          {user && !hasEmail(user) ? t('pages.formLeadWithoutEmail') : t('pages.formLead')}
        </Typography>
        <RenderWhenNear placeholder={<FormPlace signedIn={user !== null} />}>
          <Suspense fallback={<FormPlace signedIn={user !== null} />}>
            <TicketForm kind="support" />
          </Suspense>
        </RenderWhenNear>
      </Paper>
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to={publicPaths.contactUs}>
          {t('pages.contactTitle')}
        </Link>
      </Typography>
    </PageContainer>
  );
}

export const Component = SupportPage;
