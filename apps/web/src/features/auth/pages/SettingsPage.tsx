import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { hasEmail } from '@bullpen/contract/user-email';
import type { User } from '@bullpen/contract/users';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { NativeSelectField } from '@/components/form/NativeSelectField.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { PageContainer } from '@/components/PageContainer.tsx';
import { UnverifiedEmailNote } from '@/components/UnverifiedEmailNote.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { LANGUAGES, LANGUAGE_NAMES } from '@/lib/i18n-languages.ts';
import { isLanguage } from '@/lib/i18n.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useSession } from '@/lib/session.tsx';
import { translateMessage } from '@/lib/translate-message.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useLanguageChoice } from '@/lib/use-language-choice.ts';
import { useEndSessions, useSessions, useUpdateAccount } from '../api/account-api.ts';
import { AvatarUpload, avatarProblem } from '../components/AvatarUpload.tsx';
import { emailChangeForm, nameForm, passwordChangeForm } from '../components/auth-forms.ts';
import { authMessageSources } from '../components/auth-messages.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const { updateUser } = useSession();
  const notify = useNotify();
  const update = useUpdateAccount(user.id);
  const form = useZodForm(nameForm, {
    defaultValues: { first_name: user.first_name, last_name: user.last_name },
    messages: authMessageSources,
  });
  const onSubmit = form.submit(async (values) => {
    updateUser(await update.mutateAsync(values));
    notify(t('settings.profile.saved'), 'success');
  });
  const [picture, setPicture] = useState<File | null>(null);
  const pictureProblem = picture ? avatarProblem(picture) : null;
  const saveAvatar = async (body: FormData | Record<string, unknown>) => {
    try {
      updateUser(await update.mutateAsync(body));
      setPicture(null);
      notify(t('settings.profile.pictureSaved'), 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };
  const { language, choose } = useLanguageChoice();

  return (
    <Section id="settings-profile" title={t('settings.profile.title')}>
      <Form form={form} onSubmit={onSubmit}>
        <FormAlert />
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>
          {t('settings.profile.certificateNote')}
        </Typography>
        <TextField name="first_name" label={t('fields.firstName')} autoComplete="given-name" />
        <TextField name="last_name" label={t('fields.lastName')} autoComplete="family-name" />
        <SubmitButton
          label={t('settings.profile.save')}
          busyLabel={t('settings.saving')}
          marginTop={1}
        />
      </Form>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        {user.avatar && <Avatar src={user.avatar} alt={t('settings.profile.currentPicture')} />}
        {user.avatar && (
          <Button onClick={() => void saveAvatar({ remove_avatar: true })}>
            {t('settings.profile.removePicture')}
          </Button>
        )}
      </Box>
      <AvatarUpload
        file={picture}
        error={pictureProblem ? translateMessage(pictureProblem, authMessageSources) : undefined}
        onChange={setPicture}
      />
      {picture && !pictureProblem && (
        <Button
          variant="outlined"
          onClick={() => {
            const body = new FormData();
            body.set('avatar', picture);
            void saveAvatar(body);
          }}
        >
          {t('settings.profile.savePicture')}
        </Button>
      )}
      <Box sx={{ mt: 3, maxWidth: 320 }}>
        <NativeSelectField
          label={t('settings.profile.language')}
          value={language}
          onChange={(event) => {
            if (isLanguage(event.target.value)) void choose(event.target.value);
          }}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </NativeSelectField>
      </Box>
    </Section>
  );
}

function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const update = useUpdateAccount(user.id);
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(emailChangeForm, {
    defaultValues: { email: '', current_password: '' },
    messages: authMessageSources,
  });
  const onSubmit = form.submit(async (values) => {
    const result = await update.mutateAsync(values);
    setSent(result.detail ?? null);
    form.reset({ email: '', current_password: '' });
  });

  if (!hasEmail(user)) {
    return (
      <Section id="settings-email" title={t('settings.email.title')}>
        <Alert severity="info">{t('settings.email.managedByTeacher')}</Alert>
      </Section>
    );
  }
  return (
    <Section id="settings-email" title={t('settings.email.title')}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{user.email}</Typography>
        <Chip
          size="small"
          color={user.email_verified ? 'success' : 'default'}
          label={
            user.email_verified ? t('settings.email.verified') : t('settings.email.unverified')
          }
        />
      </Box>
      <UnverifiedEmailNote sx={{ mb: 2 }} />
      {sent && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          {translateMessage(sent, authMessageSources)} {t('settings.email.pendingNote')}
        </Alert>
      )}
      <Form form={form} onSubmit={onSubmit}>
        <FormAlert />
        <TextField
          name="email"
          label={t('settings.email.newEmail')}
          type="email"
          autoComplete="email"
        />
        <PasswordField
          name="current_password"
          label={t('settings.currentPassword')}
          autoComplete="current-password"
        />
        <SubmitButton
          label={t('settings.email.submit')}
          busyLabel={t('settings.saving')}
          marginTop={1}
        />
      </Form>
    </Section>
  );
}

function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const { login } = useSession();
  const notify = useNotify();
  const update = useUpdateAccount(user.id);
  const form = useZodForm(passwordChangeForm, {
    defaultValues: { current_password: '', password: '' },
    messages: authMessageSources,
  });
  const onSubmit = form.submit(async (values) => {
    const result = await update.mutateAsync(values);
    // A new password ends every session; the server hands this one a new token.
    if (result.token) login({ token: result.token, user: result });
    form.reset({ current_password: '', password: '' });
    notify(t('settings.password.changed'), 'success');
  });
  return (
    <Section id="settings-password" title={t('settings.password.title')}>
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('settings.password.lead')}</Typography>
      <Form form={form} onSubmit={onSubmit}>
        <FormAlert />
        <PasswordField
          name="current_password"
          label={t('settings.currentPassword')}
          autoComplete="current-password"
        />
        <PasswordField
          name="password"
          label={t('settings.password.new')}
          autoComplete="new-password"
        />
        <SubmitButton
          label={t('settings.password.submit')}
          busyLabel={t('settings.saving')}
          marginTop={1}
        />
      </Form>
    </Section>
  );
}

function SessionsSection() {
  const { t } = useTranslation('auth');
  const format = useFormatters();
  const notify = useNotify();
  const sessions = useSessions();
  const end = useEndSessions();
  const endSessions = async (which: { id: number } | 'others') => {
    try {
      const result = await end.mutateAsync(which);
      notify(translateMessage(result.detail, authMessageSources), 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    }
  };
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const deviceName = (device: string) => translateMessage(device, authMessageSources);

  return (
    <Section id="settings-sessions" title={t('settings.sessions.title')}>
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('settings.sessions.lead')}</Typography>
      {sessions.isError && <Alert severity="error">{errorText(sessions.error)}</Alert>}
      {sessions.isPending && <Typography>{t('settings.sessions.loading')}</Typography>}
      <List aria-label={t('settings.sessions.title')}>
        {sessions.data?.map((session) => (
          <ListItem
            key={session.id}
            divider
            sx={{ flexWrap: 'wrap', gap: 1, px: 0, alignItems: 'flex-start' }}
          >
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              {/* A div: the chip beside the device's name is one, and a <p> cannot hold it. */}
              <Typography component="div" sx={{ fontWeight: 600 }}>
                {deviceName(session.device)}
                {session.current && (
                  <Chip
                    size="small"
                    color="primary"
                    label={t('settings.sessions.current')}
                    sx={{ ml: 1 }}
                  />
                )}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('settings.sessions.signedIn', { time: format.dateTime(session.created_at) })}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('settings.sessions.lastSeen', { time: format.dateTime(session.last_seen_at) })}
              </Typography>
            </Box>
            {!session.current && (
              <Button
                variant="outlined"
                size="small"
                disabled={end.isPending}
                aria-label={t('settings.sessions.endOne', { device: deviceName(session.device) })}
                onClick={() => void endSessions({ id: session.id })}
              >
                {t('settings.sessions.end')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      {others.length > 0 && (
        <Button
          variant="contained"
          color="error"
          disabled={end.isPending}
          onClick={() => void endSessions('others')}
          sx={{ mt: 2 }}
        >
          {t('settings.sessions.endOthers')}
        </Button>
      )}
    </Section>
  );
}

/** Account settings: the signed-in user's name, picture, language, email, password, sessions. */
/** Links to the user's own data (/settings/data) and to deleting the account (/settings/delete). */
function PrivacySection() {
  const { t } = useTranslation('auth');
  return (
    <Section id="settings-privacy" title={t('settings.privacy.title')}>
      <List disablePadding>
        <ListItem disableGutters>
          <Link component={RouterLink} to="/settings/data">
            {t('settings.privacy.download')}
          </Link>
        </ListItem>
        <ListItem disableGutters>
          <Link component={RouterLink} to="/settings/delete">
            {t('settings.privacy.delete')}
          </Link>
        </ListItem>
      </List>
    </Section>
  );
}

/** `notifications`: the notifications feature's section, placed by the route that composes both. */
export function SettingsPage({ notifications }: { notifications?: ReactNode }) {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  useDocumentTitle(t('settings.title'));
  if (!user) return null;
  return (
    <PageContainer maxWidth={720}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('settings.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {/* Keyed by user: the forms start again from the saved values after a change. */}
        <ProfileSection key={`profile-${user.id}`} user={user} />
        <EmailSection key={`email-${user.id}`} user={user} />
        <PasswordSection key={`password-${user.id}`} user={user} />
        {notifications}
        <SessionsSection />
        <PrivacySection />
      </Box>
    </PageContainer>
  );
}
