import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { translateMessage } from '@/lib/translate-message.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { safeLocalPath } from '@/lib/safe-path.ts';
import { useSession } from '@/lib/session.tsx';
import { useSignupMutation } from '../api/auth-api.ts';
import { AuthCard } from './AuthCard.tsx';
import { AvatarUpload, avatarProblem } from './AvatarUpload.tsx';
import { authMessageSources } from './auth-messages.ts';
import { CONSENT_PENDING_PATH, HOME_PATH, publicPaths } from '@bullpen/contract/routes';
import { isUnder13Date, studentSignupForm, teacherSignupForm } from './auth-forms.ts';

const signupFields = ['username', 'first_name', 'last_name', 'email', 'password'] as const;

/** Today as a date input writes it, for the picker's upper bound (the schema checks too). */
function today(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** The student and teacher sign-up form: the same fields, only the teacher flag differs. */
export function SignupForm({ teacher }: { teacher: boolean }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = safeLocalPath(params.get('from'));
  const mutation = useSignupMutation();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  // A teacher's schema has no date of birth: the field is not drawn, has no value (the schema
  // is strict, so even an empty one would fail it) and is not sent.
  const schema = (teacher ? teacherSignupForm : studentSignupForm) as typeof studentSignupForm;
  const form = useZodForm(schema, {
    defaultValues: {
      username: '',
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      ...(teacher ? {} : { date_of_birth: '', parent_email: '' }),
    },
    messages: authMessageSources,
  });
  // An under-13 names a parent, who must consent before the account works.
  const askParent = !teacher && isUnder13Date(form.watch('date_of_birth'));

  const chooseAvatar = (file: File | null) => {
    const problem = file ? avatarProblem(file) : null;
    setAvatarError(problem ? translateMessage(problem, authMessageSources) : undefined);
    setAvatar(problem ? null : file);
  };

  const onSubmit = form.submit(
    async (values) => {
      const body = new FormData();
      for (const field of signupFields) body.append(field, String(values[field]).trim());
      if (!teacher) body.append('date_of_birth', String(values.date_of_birth));
      if (askParent && values.parent_email) body.append('parent_email', values.parent_email);
      body.append('is_teacher', teacher ? 'true' : 'false');
      if (avatar) body.append('avatar', avatar);
      const data = await mutation.mutateAsync(body);
      session.login(data);
      if (data.user.awaiting_parent_consent) {
        navigate(CONSENT_PENDING_PATH, { replace: true });
        return;
      }
      notify(
        t('signup.success', {
          verificationSent: t('messages.verificationSent'),
          unverifiedLimits: t('messages.unverifiedLimits'),
        }),
        'success',
      );
      navigate(from ?? HOME_PATH, { replace: true });
    },
    { avatar: setAvatarError },
  );

  const loginPath = from
    ? `${publicPaths.login}?redirect=${encodeURIComponent(from)}`
    : publicPaths.login;

  return (
    <AuthCard
      title={teacher ? t('signup.titleTeacher') : t('signup.title')}
      lead={
        <>
          {teacher ? t('signup.leadTeacher') : t('signup.lead')} {t('signup.allRequired')}
        </>
      }
      maxWidth={560}
    >
      {from && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('signup.continueNotice')}
        </Alert>
      )}
      <Form form={form} onSubmit={onSubmit}>
        <FormAlert />
        <TextField name="username" label={t('fields.username')} autoComplete="username" />
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
        >
          <TextField name="first_name" label={t('fields.firstName')} autoComplete="given-name" />
          <TextField name="last_name" label={t('fields.lastName')} autoComplete="family-name" />
        </Box>
        <TextField name="email" label={t('fields.email')} type="email" autoComplete="email" />
        {!teacher && (
          <TextField
            name="date_of_birth"
            label={t('fields.dateOfBirth')}
            type="date"
            autoComplete="bday"
            hint={t('fields.dateOfBirthHint')}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: '1900-01-01', max: today() },
            }}
          />
        )}
        {askParent && (
          <TextField
            name="parent_email"
            label={t('fields.parentEmail')}
            type="email"
            autoComplete="off"
            hint={t('fields.parentEmailHint')}
          />
        )}
        <PasswordField
          name="password"
          label={t('fields.password')}
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
        />
        <AvatarUpload file={avatar} error={avatarError} onChange={chooseAvatar} />
        <SubmitButton label={t('signup.submit')} busyLabel={t('signup.submitting')} />
      </Form>
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        {t('signup.consent')}
      </Typography>
      <Typography sx={{ mt: 2, textAlign: 'center' }}>
        <Trans
          t={t}
          i18nKey="signup.haveAccount"
          components={{ login: <Link component={RouterLink} to={loginPath} /> }}
        />
      </Typography>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        <Trans
          t={t}
          i18nKey={teacher ? 'signup.notTeacher' : 'signup.areYouTeacher'}
          components={{
            other: (
              <Link
                component={RouterLink}
                to={teacher ? publicPaths.signup : publicPaths.signupTeacher}
              />
            ),
          }}
        />
      </Typography>
    </AuthCard>
  );
}
