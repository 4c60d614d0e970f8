import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { authMessages } from '@bullpen/contract/messages';
import { publicPaths } from '@bullpen/contract/routes';
import { signupSchema } from '@bullpen/contract/users';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { safeLocalPath } from '@/lib/safe-path.ts';
import { useSession } from '@/lib/session.tsx';
import { useSignupMutation } from '../api/auth-api.ts';
import { AuthCard } from './AuthCard.tsx';
import { AvatarUpload, avatarProblem } from './AvatarUpload.tsx';
import { PasswordField } from './PasswordField.tsx';
import { fieldProps } from './field-props.ts';
import { SubmitButton } from '@/components/SubmitButton.tsx';

const signupFormSchema = signupSchema.pick({
  username: true,
  first_name: true,
  last_name: true,
  email: true,
  password: true,
});
type SignupFormValues = z.input<typeof signupFormSchema>;

const signupFields = ['username', 'first_name', 'last_name', 'email', 'password'] as const;

export const signupSuccessNotice = `Your account is ready. ${authMessages.verificationSent} Open it to verify your account. ${authMessages.unverifiedLimits}`;

/** The student and teacher sign-up form: the same fields, only the teacher flag differs. */
export function SignupForm({ teacher }: { teacher: boolean }) {
  const session = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = safeLocalPath(params.get('from'));
  const mutation = useSignupMutation();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { username: '', first_name: '', last_name: '', email: '', password: '' },
  });

  const chooseAvatar = (file: File | null) => {
    const problem = file ? avatarProblem(file) : null;
    setAvatarError(problem ?? undefined);
    setAvatar(problem ? null : file);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const form = new FormData();
    for (const field of signupFields) form.append(field, String(values[field]).trim());
    form.append('is_teacher', teacher ? 'true' : 'false');
    if (avatar) form.append('avatar', avatar);
    try {
      const data = await mutation.mutateAsync(form);
      session.login(data);
      notify(signupSuccessNotice, 'success');
      navigate(from ?? publicPaths.home, { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, signupFields, setError, { avatar: setAvatarError }));
    }
  });

  const loginPath = from
    ? `${publicPaths.login}?redirect=${encodeURIComponent(from)}`
    : publicPaths.login;

  return (
    <AuthCard
      title={teacher ? 'Sign up - Teacher' : 'Sign up'}
      lead={
        <>
          {teacher
            ? 'Create a free teacher account to run classrooms, lessons and stock-market contests with your students.'
            : 'Create a free account to join contests and classrooms, learn about money and earn points.'}{' '}
          All fields are required unless marked optional.
        </>
      }
      maxWidth={560}
    >
      {from && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Sign up or log in to continue to that page.
        </Alert>
      )}
      {formError && (
        <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-line' }}>
          {formError}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <TextField
          {...fieldProps(register, errors, 'username')}
          label="Username"
          autoComplete="username"
        />
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
        >
          <TextField
            {...fieldProps(register, errors, 'first_name')}
            label="First name"
            autoComplete="given-name"
          />
          <TextField
            {...fieldProps(register, errors, 'last_name')}
            label="Last name"
            autoComplete="family-name"
          />
        </Box>
        <TextField
          {...fieldProps(register, errors, 'email')}
          label="Email"
          type="email"
          autoComplete="email"
        />
        <PasswordField
          {...fieldProps(register, errors, 'password')}
          label="Password"
          autoComplete="new-password"
          helperText={errors.password?.message ?? 'At least 8 characters.'}
        />
        <AvatarUpload file={avatar} error={avatarError} onChange={chooseAvatar} />
        <SubmitButton
          submitting={isSubmitting}
          label="Create account"
          busyLabel="Creating your account…"
        />
      </Box>
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        By creating an account you agree to the Terms of Use and the Privacy Policy (links at the
        bottom of the page). Students under 13 need their school’s or a parent’s consent.
      </Typography>
      <Typography sx={{ mt: 2, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={loginPath}>
          Log in
        </Link>
      </Typography>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        {teacher ? 'Not a teacher? ' : 'Are you a teacher? '}
        <Link component={RouterLink} to={teacher ? publicPaths.signup : publicPaths.signupTeacher}>
          {teacher ? 'Create a student account' : 'Create a teacher account'}
        </Link>
      </Typography>
    </AuthCard>
  );
}
