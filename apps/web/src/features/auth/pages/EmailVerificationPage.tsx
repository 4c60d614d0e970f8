import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { authMessages } from '@bullpen/contract/messages';
import { HOME_PATH, publicPaths } from '@bullpen/contract/routes';
import { hasEmail } from '@bullpen/contract/user-email';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { translateMessage } from '@/lib/translate-message.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { errorText } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useSendVerificationEmailMutation } from '../api/auth-api.ts';
import { useVerifyEmail } from '../api/email-verification-api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { emailRequestForm } from '../components/auth-forms.ts';
import { authMessageSources } from '../components/auth-messages.ts';

/** A server sentence (English) in the reader's language. */
const say = (text: string) => translateMessage(text, authMessageSources);

/** Sends a new verification link: one button when logged in, an email field otherwise. */
function ResendVerification() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const mutation = useSendVerificationEmailMutation();
  const form = useZodForm(emailRequestForm, {
    defaultValues: { email: '' },
    messages: authMessageSources,
  });
  const loggedIn = session.authorized && session.user !== null;
  const onSubmit = form.submit((values) => mutation.mutateAsync(values.email));
  const submitting = form.formState.isSubmitting;

  if (mutation.isSuccess) {
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        {say(mutation.data.detail)}
      </Alert>
    );
  }

  if (loggedIn) {
    return (
      <Box sx={{ mt: 2 }}>
        {mutation.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {say(errorText(mutation.error))}
          </Alert>
        )}
        <Button
          variant="contained"
          onClick={() => mutation.mutate(undefined)}
          disabled={mutation.isPending}
        >
          {mutation.isPending ? t('verify.sending') : t('verify.resend')}
        </Button>
      </Box>
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} sx={{ mt: 2 }}>
      <Typography component="h2" variant="h3" sx={{ fontSize: '1.1rem' }}>
        {t('verify.needLink')}
      </Typography>
      <FormAlert sx={{ mt: 1 }} />
      <TextField name="email" label={t('fields.email')} type="email" autoComplete="email" />
      <Button type="submit" variant="contained" disabled={submitting} sx={{ mt: 1 }}>
        {submitting ? t('verify.sending') : t('verify.resend')}
      </Button>
    </Form>
  );
}

function VerifyToken({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const query = useVerifyEmail(token);
  const { user, updateUser } = session;
  const verified = query.isSuccess;

  // The header and pages read the session's user: mark the address verified there too.
  useEffect(() => {
    if (verified && user && !user.email_verified) updateUser({ ...user, email_verified: true });
  }, [verified, user, updateUser]);

  if (query.isPending) {
    return (
      <AuthCard title={t('verify.verifyingTitle')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('verify.checking')}</Typography>
        </Box>
      </AuthCard>
    );
  }

  if (query.isError) {
    return (
      <AuthCard title={t('verify.failedTitle')}>
        <Alert severity="error">{say(errorText(query.error))}</Alert>
        <ResendVerification />
      </AuthCard>
    );
  }

  // The same link kind also cancels an email change (from the notice sent to the old address).
  if (query.data.detail === authMessages.emailChangeUndone) {
    return (
      <AuthCard title={t('verify.changeCancelledTitle')}>
        <Alert severity="success" sx={{ mb: 3 }}>
          {say(query.data.detail)}
        </Alert>
        <Button component={RouterLink} to={publicPaths.resetPassword} variant="contained">
          {t('verify.chooseNewPassword')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('verify.verifiedTitle')}>
      <Alert severity="success" sx={{ mb: 3 }}>
        {say(query.data.detail)}
      </Alert>
      <Button
        component={RouterLink}
        to={session.authorized ? HOME_PATH : publicPaths.login}
        variant="contained"
      >
        {session.authorized ? t('verify.goHome') : t('verify.logIn')}
      </Button>
    </AuthCard>
  );
}

function CheckInbox() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  if (user && !hasEmail(user)) {
    return (
      <AuthCard title={t('verify.noEmailTitle')}>
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('verify.noEmail')}
        </Alert>
        <Button component={RouterLink} to={HOME_PATH} variant="contained">
          {t('verify.goHome')}
        </Button>
      </AuthCard>
    );
  }
  if (user?.email_verified) {
    return (
      <AuthCard title={t('verify.verifiedTitle')}>
        <Alert severity="success" sx={{ mb: 3 }}>
          {t('messages.alreadyVerified')}
        </Alert>
        <Button component={RouterLink} to={HOME_PATH} variant="contained">
          {t('verify.goHome')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('verify.checkInboxTitle')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 1 }}>
        <MarkEmailReadIcon color="primary" fontSize="large" aria-hidden="true" />
        <Typography>
          {user ? (
            <Trans
              t={t}
              i18nKey="verify.sentTo"
              values={{ email: user.email }}
              components={{ address: <strong /> }}
            />
          ) : (
            t('verify.sentToYou')
          )}
        </Typography>
      </Box>
      <ResendVerification />
    </AuthCard>
  );
}

/** With `token` (the mailed link): verify it. Without: explain and offer a new link. */
export function EmailVerificationPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verify.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <VerifyToken key={token} token={token} /> : <CheckInbox />;
}

export const Component = EmailVerificationPage;
