import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { emailRequestSchema } from '@bullpen/contract/auth';
import { authMessages } from '@bullpen/contract/messages';
import { publicPaths } from '@bullpen/contract/routes';
import type { z } from 'zod';
import { errorText } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useSendVerificationEmailMutation } from '../api/auth-api.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { fieldProps } from '../components/field-props.ts';

type EmailValues = z.input<typeof emailRequestSchema>;

/** Sends a new verification link: one button when logged in, an email field otherwise. */
function ResendVerification() {
  const session = useSession();
  const mutation = useSendVerificationEmailMutation();
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
  const loggedIn = session.authorized && session.user !== null;

  if (mutation.isSuccess) {
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        {mutation.data.detail}
      </Alert>
    );
  }

  if (loggedIn) {
    return (
      <Box sx={{ mt: 2 }}>
        {mutation.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(mutation.error)}
          </Alert>
        )}
        <Button
          variant="contained"
          onClick={() => mutation.mutate(undefined)}
          disabled={mutation.isPending}
        >
          {mutation.isPending ? 'Sending…' : 'Resend verification email'}
        </Button>
      </Box>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync(values.email);
    } catch (error) {
      setFormError(applyServerErrors(error, ['email'], setError));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 2 }}>
      <Typography component="h2" variant="h3" sx={{ fontSize: '1.1rem' }}>
        Need a new link?
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {formError}
        </Alert>
      )}
      <TextField
        {...fieldProps(register, errors, 'email')}
        label="Email"
        type="email"
        autoComplete="email"
      />
      <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ mt: 1 }}>
        {isSubmitting ? 'Sending…' : 'Resend verification email'}
      </Button>
    </Box>
  );
}

function VerifyToken({ token }: { token: string }) {
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
      <AuthCard title="Verifying your email">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>Checking your verification link…</Typography>
        </Box>
      </AuthCard>
    );
  }

  if (query.isError) {
    return (
      <AuthCard title="We could not verify your email">
        <Alert severity="error">{errorText(query.error)}</Alert>
        <ResendVerification />
      </AuthCard>
    );
  }

  // The same link kind also cancels an email change (from the notice sent to the old address).
  if (query.data.detail === authMessages.emailChangeUndone) {
    return (
      <AuthCard title="Email change cancelled">
        <Alert severity="success" sx={{ mb: 3 }}>
          {query.data.detail}
        </Alert>
        <Button component={RouterLink} to={publicPaths.resetPassword} variant="contained">
          Choose a new password
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Email verified">
      <Alert severity="success" sx={{ mb: 3 }}>
        {query.data.detail}
      </Alert>
      <Button
        component={RouterLink}
        to={session.authorized ? publicPaths.home : publicPaths.login}
        variant="contained"
      >
        {session.authorized ? 'Go to the home page' : 'Log in'}
      </Button>
    </AuthCard>
  );
}

function CheckInbox() {
  const { user } = useSession();
  if (user?.email_verified) {
    return (
      <AuthCard title="Email verified">
        <Alert severity="success" sx={{ mb: 3 }}>
          {authMessages.alreadyVerified}
        </Alert>
        <Button component={RouterLink} to={publicPaths.home} variant="contained">
          Go to the home page
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify your email">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 1 }}>
        <MarkEmailReadIcon color="primary" fontSize="large" aria-hidden="true" />
        <Typography>
          We sent a verification link to{' '}
          {user ? <strong>{user.email}</strong> : 'your email address'}. Open the email and follow
          the link to verify your account. If it is not in your inbox, check the spam folder.
        </Typography>
      </Box>
      <ResendVerification />
    </AuthCard>
  );
}

/** With `token` (the mailed link): verify it. Without: explain and offer a new link. */
export function EmailVerificationPage() {
  useDocumentTitle('Email verification');
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <VerifyToken key={token} token={token} /> : <CheckInbox />;
}

export const Component = EmailVerificationPage;
