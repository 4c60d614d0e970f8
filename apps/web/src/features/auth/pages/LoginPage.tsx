import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { OIDC_FAILURE_PARAM } from '@bullpen/contract/oidc-failures';
import { HOME_PATH, publicPaths } from '@bullpen/contract/routes';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { TextLink } from '@/components/TextLink.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { loginNoticeOf } from '@/lib/login-notice.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { safeLocalPath } from '@/lib/safe-path.ts';
import { useSession } from '@/lib/session.tsx';
import { translateMessage } from '@/lib/translate-message.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useLoginMutation } from '../api/auth-api.ts';
import { loginForm } from '../components/auth-forms.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { SchoolSignIn, SchoolSignInError } from '../components/SchoolSignIn.tsx';
import { authMessageSources } from '../components/auth-messages.ts';
import styles from './LoginPage.module.css';

export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.pageTitle'));
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Left by the page that just ended the session (DeleteAccountCard: when the account goes).
  const notice = loginNoticeOf(useLocation().state);
  // `redirect` is the spec's parameter; `from` comes from the signed-in guard via sign-up.
  const target = safeLocalPath(params.get('redirect')) ?? safeLocalPath(params.get('from'));
  const signupPath = target
    ? `${publicPaths.signup}?from=${encodeURIComponent(target)}`
    : publicPaths.signup;
  const mutation = useLoginMutation();
  const notify = useNotify();
  const form = useZodForm(loginForm, {
    defaultValues: { username: '', password: '' },
    messages: authMessageSources,
  });

  const onSubmit = form.submit(async (values) => {
    try {
      const data = await mutation.mutateAsync(values);
      session.login(data);
      // Signing in during the grace period kept the account: say so, it was asked to go.
      if (data.deletion_cancelled) notify(t('deleteAccount.cancelledBanner'), 'info');
      navigate(target ?? safeLocalPath(data.redirect) ?? HOME_PATH, { replace: true });
    } catch (error) {
      if (session.token) session.endSessionAfterFailedLogin();
      throw error;
    }
  });

  return (
    <AuthCard title={t('login.title')} lead={t('login.lead')}>
      {session.authorized && session.user && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('login.loggedInAs', { username: session.user.username })}
        </Alert>
      )}
      {notice && !session.authorized && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {translateMessage(notice, authMessageSources)}
        </Alert>
      )}
      <SchoolSignInError reason={params.get(OIDC_FAILURE_PARAM)} />
      <Form form={form} onSubmit={onSubmit}>
        <FormAlert />
        <TextField name="username" label={t('fields.usernameOrEmail')} autoComplete="username" />
        <PasswordField
          name="password"
          label={t('fields.password')}
          autoComplete="current-password"
        />
        <div className={styles.forgot}>
          <TextLink to={publicPaths.resetPassword}>{t('login.forgot')}</TextLink>
        </div>
        <SubmitButton label={t('login.submit')} busyLabel={t('login.submitting')} />
      </Form>
      <SchoolSignIn />
      <p className={styles.newHere}>
        <Trans
          t={t}
          i18nKey="login.newHere"
          components={{
            signup: <TextLink to={signupPath} />,
            teacher: <TextLink to={publicPaths.signupTeacher} />,
          }}
        />
      </p>
    </AuthCard>
  );
}

export const Component = LoginPage;
