import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { emailRequestSchema, resetPasswordSchema } from '@bullpen/contract/auth';
import { publicPaths } from '@bullpen/contract/routes';
import type { z } from 'zod';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useResetPasswordMutation, useSendResetPasswordEmailMutation } from '../api/auth-api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { fieldProps } from '../components/field-props.ts';
import { SubmitButton } from '@/components/SubmitButton.tsx';

type EmailValues = z.input<typeof emailRequestSchema>;
const newPasswordSchema = resetPasswordSchema.pick({ password: true });
type NewPasswordValues = z.input<typeof newPasswordSchema>;

function RequestResetForm() {
  const mutation = useSendResetPasswordEmailMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync(values.email);
    } catch (error) {
      setFormError(applyServerErrors(error, ['email'], setError));
    }
  });

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Check your email">
        <Alert severity="success" sx={{ mb: 3 }}>
          {mutation.data.detail}
        </Alert>
        <Typography sx={{ mb: 3 }}>
          The link in the email is valid for a limited time. If nothing arrives in a few minutes,
          check your spam folder or try again.
        </Typography>
        <Button component={RouterLink} to={publicPaths.login} variant="contained">
          Back to log in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
    >
      {formError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <TextField
          {...fieldProps(register, errors, 'email')}
          label="Email"
          type="email"
          autoComplete="email"
        />
        <SubmitButton
          submitting={isSubmitting}
          label="Send reset link"
          busyLabel="Sending…"
          marginTop={2}
        />
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it?{' '}
        <Link component={RouterLink} to={publicPaths.login}>
          Back to log in
        </Link>
      </Typography>
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const mutation = useResetPasswordMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ token, password: values.password });
    } catch (error) {
      setFormError(applyServerErrors(error, ['password'], setError));
    }
  });

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert severity="success" sx={{ mb: 3 }}>
          {mutation.data.detail}
        </Alert>
        <Button component={RouterLink} to={publicPaths.login} variant="contained">
          Go to log in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" lead="Pick a password of at least 8 characters.">
      {formError && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={publicPaths.resetPassword}
            >
              New link
            </Button>
          }
        >
          {formError}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <PasswordField
          {...fieldProps(register, errors, 'password')}
          label="New password"
          autoComplete="new-password"
        />
        <SubmitButton
          submitting={isSubmitting}
          label="Set new password"
          busyLabel="Saving…"
          marginTop={2}
        />
      </Box>
    </AuthCard>
  );
}

/** Without `token`: ask for the email. With `token` (the mailed link): set a new password. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm key={token} token={token} /> : <RequestResetForm />;
}

export const Component = ResetPasswordPage;
