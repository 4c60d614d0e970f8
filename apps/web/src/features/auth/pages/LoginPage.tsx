import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginSchema } from '@bullpen/contract/auth';
import type { LoginInput } from '@bullpen/contract/auth';
import { publicPaths } from '@bullpen/contract/routes';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { safeLocalPath } from '@/lib/safe-path.ts';
import { useSession } from '@/lib/session.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useLoginMutation } from '../api/auth-api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { fieldProps } from '../components/field-props.ts';
import { SubmitButton } from '@/components/SubmitButton.tsx';

const loginFields = ['username', 'password'] as const;

export function LoginPage() {
  useDocumentTitle('Log in');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // `redirect` is the spec's parameter; `from` comes from the signed-in guard via sign-up.
  const target = safeLocalPath(params.get('redirect')) ?? safeLocalPath(params.get('from'));
  const signupPath = target
    ? `${publicPaths.signup}?from=${encodeURIComponent(target)}`
    : publicPaths.signup;
  const mutation = useLoginMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const data = await mutation.mutateAsync(values);
      session.login(data);
      navigate(target ?? safeLocalPath(data.redirect) ?? publicPaths.home, { replace: true });
    } catch (error) {
      if (session.token) session.endSessionAfterFailedLogin();
      setFormError(applyServerErrors(error, loginFields, setError));
    }
  });

  return (
    <AuthCard title="Log in" lead="Welcome back! Log in to play, learn and earn points.">
      {session.authorized && session.user && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You are logged in as {session.user.username}.
        </Alert>
      )}
      {formError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      )}
      {/* Spec section 5: a submit error shows until the form is edited. */}
      <Box component="form" noValidate onSubmit={onSubmit} onChange={() => setFormError(null)}>
        <TextField
          {...fieldProps(register, errors, 'username')}
          label="Username or email"
          autoComplete="username"
        />
        <PasswordField
          {...fieldProps(register, errors, 'password')}
          label="Password"
          autoComplete="current-password"
        />
        <Box sx={{ textAlign: 'right', mt: 0.5 }}>
          <Link component={RouterLink} to={publicPaths.resetPassword}>
            Forgot password?
          </Link>
        </Box>
        <SubmitButton submitting={isSubmitting} label="Log in" busyLabel="Logging in…" />
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        New to Bullpen?{' '}
        <Link component={RouterLink} to={signupPath}>
          Create an account
        </Link>{' '}
        or{' '}
        <Link component={RouterLink} to={publicPaths.signupTeacher}>
          a teacher account
        </Link>
      </Typography>
    </AuthCard>
  );
}

export const Component = LoginPage;
