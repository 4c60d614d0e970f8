import { Link as RouterLink, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { publicPaths } from '@bullpen/contract/routes';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { translateMessage } from '@/lib/translate-message.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useResetPasswordMutation, useSendResetPasswordEmailMutation } from '../api/auth-api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { emailRequestForm, newPasswordForm } from '../components/auth-forms.ts';
import { authMessageSources } from '../components/auth-messages.ts';

function RequestResetForm() {
  const { t } = useTranslation('auth');
  const mutation = useSendResetPasswordEmailMutation();
  const form = useZodForm(emailRequestForm, {
    defaultValues: { email: '' },
    messages: authMessageSources,
  });
  const onSubmit = form.submit((values) => mutation.mutateAsync(values.email));

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('reset.checkEmailTitle')}>
        <Alert severity="success" sx={{ mb: 3 }}>
          {translateMessage(mutation.data.detail, authMessageSources)}
        </Alert>
        <Typography sx={{ mb: 3 }}>{t('reset.checkEmailText')}</Typography>
        <Button component={RouterLink} to={publicPaths.login} variant="contained">
          {t('reset.backToLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} lead={t('reset.lead')}>
      <Form form={form} onSubmit={onSubmit}>
        <FormAlert />
        <TextField name="email" label={t('fields.email')} type="email" autoComplete="email" />
        <SubmitButton label={t('reset.submit')} busyLabel={t('reset.submitting')} marginTop={2} />
      </Form>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Trans
          t={t}
          i18nKey="reset.remembered"
          components={{ login: <Link component={RouterLink} to={publicPaths.login} /> }}
        />
      </Typography>
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const mutation = useResetPasswordMutation();
  const form = useZodForm(newPasswordForm, {
    defaultValues: { password: '' },
    messages: authMessageSources,
  });
  const onSubmit = form.submit((values) =>
    mutation.mutateAsync({ token, password: values.password }),
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('reset.changedTitle')}>
        <Alert severity="success" sx={{ mb: 3 }}>
          {translateMessage(mutation.data.detail, authMessageSources)}
        </Alert>
        <Button component={RouterLink} to={publicPaths.login} variant="contained">
          {t('reset.goToLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.newPasswordTitle')} lead={t('reset.newPasswordLead')}>
      <Form form={form} onSubmit={onSubmit}>
        <FormAlert
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={publicPaths.resetPassword}
            >
              {t('reset.newLink')}
            </Button>
          }
        />
        <PasswordField
          name="password"
          label={t('fields.newPassword')}
          autoComplete="new-password"
        />
        <SubmitButton label={t('reset.setPassword')} busyLabel={t('reset.saving')} marginTop={2} />
      </Form>
    </AuthCard>
  );
}

/** Without `token`: ask for the email. With `token` (the mailed link): set a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm key={token} token={token} /> : <RequestResetForm />;
}

export const Component = ResetPasswordPage;
