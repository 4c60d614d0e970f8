import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InvitationPreview } from '@bullpen/contract/guardians';
import type { Language } from '@bullpen/contract/languages';
import { guardianPaths, HOME_PATH } from '@bullpen/contract/routes';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { loginPathFor, useSession } from '@/lib/session.tsx';
import { translateMessage } from '@/lib/translate-message.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { InvitationFrame } from '../components/InvitationFrame.tsx';
import {
  useAcceptInvitation,
  useGuardianSignup,
  useInvitationPreview,
} from '../api/guardians-api.ts';
import { guardianMessageSources } from '../components/guardian-messages.ts';

const say = (text: string) => translateMessage(text, guardianMessageSources);

/** A field's first message from a 400 answer (`{"email": ["…"]}`). */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const messages = (error.body as Record<string, unknown> | null)?.[field];
  return Array.isArray(messages) && typeof messages[0] === 'string' ? say(messages[0]) : undefined;
}

const FIELDS = ['first_name', 'last_name', 'email', 'password'] as const;

/** A new parent account: the invited address is filled in and must stay the invited one. */
function SignupForm({ token, preview }: { token: string; preview: InvitationPreview }) {
  const { t, i18n } = useTranslation('guardians');
  const { login } = useSession();
  const navigate = useNavigate();
  const signup = useGuardianSignup();
  const [values, setValues] = useState({
    first_name: '',
    last_name: '',
    email: preview.email,
    password: '',
  });
  const fieldProblems = Object.fromEntries(
    FIELDS.map((field) => [field, fieldError(signup.error, field)]),
  );
  const otherProblem =
    signup.isError && FIELDS.every((field) => !fieldProblems[field])
      ? say(errorText(signup.error))
      : null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    signup.mutate(
      { token, ...values, language: (i18n.resolvedLanguage ?? 'en') as Language },
      {
        onSuccess: (session) => {
          login(session);
          navigate(HOME_PATH, { replace: true });
        },
      },
    );
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {otherProblem && <Alert severity="error">{otherProblem}</Alert>}
      {FIELDS.map((field) => (
        <TextField
          key={field}
          name={field}
          label={t(`accept.fields.${field}`)}
          type={field === 'password' ? 'password' : field === 'email' ? 'email' : 'text'}
          autoComplete={
            field === 'password'
              ? 'new-password'
              : field === 'email'
                ? 'email'
                : field === 'first_name'
                  ? 'given-name'
                  : 'family-name'
          }
          required
          value={values[field]}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          error={fieldProblems[field] !== undefined}
          helperText={fieldProblems[field]}
          fullWidth
        />
      ))}
      <Button type="submit" variant="contained" disabled={signup.isPending}>
        {t('accept.signUp')}
      </Button>
    </Box>
  );
}

/** A signed-in account takes the invitation (its verified address must be the invited one). */
function AcceptSignedIn({ token }: { token: string }) {
  const { t } = useTranslation('guardians');
  const { user } = useSession();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('accept.signedInAs', { name: user?.username ?? '' })}</Typography>
      {accept.isError && <Alert severity="error">{say(errorText(accept.error))}</Alert>}
      <Button
        variant="contained"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(token, {
            onSuccess: (child) => navigate(guardianPaths.child(child.id), { replace: true }),
          })
        }
      >
        {t('accept.accept')}
      </Button>
    </Box>
  );
}

function Invitation({ token }: { token: string }) {
  const { t } = useTranslation('guardians');
  const { user } = useSession();
  const location = useLocation();
  const preview = useInvitationPreview(token);
  if (preview.isPending) {
    return (
      <InvitationFrame title={t('accept.title')}>
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('accept.loading')}</Typography>
        </Box>
      </InvitationFrame>
    );
  }
  if (preview.isError) {
    return (
      <InvitationFrame title={t('accept.title')}>
        <Alert severity="error">{say(errorText(preview.error))}</Alert>
      </InvitationFrame>
    );
  }
  const name = preview.data.child_first_name;
  return (
    <InvitationFrame title={t('accept.title')} maxWidth={560}>
      <Typography sx={{ mb: 2 }}>{t('accept.invited', { name })}</Typography>
      <Typography sx={{ mb: 3 }}>{t('accept.sees', { name })}</Typography>
      {user ? (
        <AcceptSignedIn token={token} />
      ) : (
        <>
          <SignupForm token={token} preview={preview.data} />
          <Typography sx={{ mt: 2 }}>
            {t('accept.haveAccount')}{' '}
            <RouterLink to={loginPathFor(`${location.pathname}${location.search}`)}>
              {t('accept.signIn')}
            </RouterLink>
          </Typography>
        </>
      )}
    </InvitationFrame>
  );
}

/**
 * The page a guardian invitation's link opens: who invited the parent to follow, then a new
 * parent account or, signed in, taking it with the account one has.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('guardians');
  useDocumentTitle(t('accept.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <InvitationFrame title={t('accept.title')}>
        <Alert severity="error">{t('messages.invitationInvalid')}</Alert>
      </InvitationFrame>
    );
  }
  return <Invitation key={token} token={token} />;
}

export const Component = AcceptInvitationPage;
