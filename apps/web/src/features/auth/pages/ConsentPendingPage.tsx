import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HOME_PATH } from '@bullpen/contract/routes';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useMyConsent, useResendConsent } from '../api/consent-api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { authMessageSources } from '../components/auth-messages.ts';

const say = (text: string) => translateMessage(text, authMessageSources);

/** A field's first message from a 400 answer, e.g. `{"parent_email": ["…"]}`. */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as Record<string, unknown> | null;
  const messages = body?.[field];
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
}

/**
 * Where every signed-in page leads while an under-13's parent has not consented: what is
 * happening, the parent's address masked, and a way to send the mail again (to a corrected
 * address too) once an hour.
 */
export function ConsentPendingPage() {
  const { t, i18n } = useTranslation('auth');
  useDocumentTitle(t('consentPending.pageTitle'));
  const session = useSession();
  const navigate = useNavigate();
  const query = useMyConsent();
  const resend = useResendConsent();
  const [correcting, setCorrecting] = useState(false);
  const [parentEmail, setParentEmail] = useState('');
  const { user, updateUser } = session;
  const consented = query.data?.awaiting_parent_consent === false;

  // Once the parent has consented, the account works: the session's user says so too.
  useEffect(() => {
    if (!consented || !user) return;
    if (user.awaiting_parent_consent) updateUser({ ...user, awaiting_parent_consent: false });
    navigate(HOME_PATH, { replace: true });
  }, [consented, user, updateUser, navigate]);

  if (query.isPending) {
    return (
      <AuthCard title={t('consentPending.title')}>
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('consentPending.loading')}</Typography>
        </Box>
      </AuthCard>
    );
  }
  if (query.isError) {
    return (
      <AuthCard title={t('consentPending.title')}>
        <Alert severity="error">{say(errorText(query.error))}</Alert>
      </AuthCard>
    );
  }

  const consent = query.data;
  const format = (iso: string, withTime: boolean) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage, {
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'short' } : {}),
    }).format(new Date(iso));
  const waitUntil = consent.resend_after;
  const send = () =>
    resend.mutate(correcting && parentEmail.trim() ? { parent_email: parentEmail.trim() } : {}, {
      onSuccess: () => {
        setCorrecting(false);
        setParentEmail('');
      },
    });
  const emailProblem = fieldError(resend.error, 'parent_email');

  return (
    <AuthCard title={t('consentPending.title')}>
      <Typography sx={{ mb: 2 }}>
        {t('consentPending.explain', { email: consent.parent_email_masked ?? '' })}
      </Typography>
      {consent.deleted_after && (
        <Typography sx={{ mb: 2 }}>
          {t('consentPending.deadline', { date: format(consent.deleted_after, false) })}
        </Typography>
      )}
      {resend.isSuccess && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {say(resend.data.detail)}
        </Alert>
      )}
      {resend.isError && !emailProblem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {say(errorText(resend.error))}
        </Alert>
      )}
      {waitUntil ? (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>
          {t('consentPending.resendLater', { time: format(waitUntil, true) })}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 2 }}>
          {correcting && (
            <MuiTextField
              label={t('fields.parentEmail')}
              type="email"
              value={parentEmail}
              onChange={(event) => setParentEmail(event.target.value)}
              error={emailProblem !== undefined}
              helperText={emailProblem ? say(emailProblem) : undefined}
              fullWidth
            />
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={send} disabled={resend.isPending}>
              {correcting ? t('consentPending.sendToNew') : t('consentPending.resend')}
            </Button>
            {!correcting && (
              <Button variant="outlined" onClick={() => setCorrecting(true)}>
                {t('consentPending.correct')}
              </Button>
            )}
          </Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {t('consentPending.check')}
        </Button>
        <Button component={RouterLink} to="/logout">
          {t('consentPending.logOut')}
        </Button>
      </Box>
    </AuthCard>
  );
}

export const Component = ConsentPendingPage;
