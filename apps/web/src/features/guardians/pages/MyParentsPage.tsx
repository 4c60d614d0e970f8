import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GUARDIAN_INVITATION_DAYS, GUARDIANS_PER_CHILD } from '@bullpen/contract/guardians';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { Heading } from '@/components/Heading.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import {
  useInviteGuardian,
  useMyGuardians,
  useRevokeGuardian,
  useSetSharing,
  useSharing,
} from '../api/guardians-api.ts';
import { guardianMessageSources } from '../components/guardian-messages.ts';

const say = (text: string) => translateMessage(text, guardianMessageSources);

function InviteForm() {
  const { t } = useTranslation('guardians');
  const invite = useInviteGuardian();
  const [email, setEmail] = useState('');
  const body =
    invite.error instanceof ApiError ? (invite.error.body as Record<string, unknown>) : null;
  const emailProblem = Array.isArray(body?.email) ? say(String(body.email[0])) : undefined;
  return (
    <Box
      component="form"
      noValidate
      aria-label={t('mine.invite.title')}
      onSubmit={(event) => {
        event.preventDefault();
        invite.mutate(email.trim(), { onSuccess: () => setEmail('') });
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography>
        {t('mine.invite.explain', { days: GUARDIAN_INVITATION_DAYS, max: GUARDIANS_PER_CHILD })}
      </Typography>
      {invite.isSuccess && <Alert severity="success">{t('mine.invite.sent')}</Alert>}
      {invite.isError && !emailProblem && (
        <Alert severity="error">{say(errorText(invite.error))}</Alert>
      )}
      <TextField
        name="email"
        type="email"
        label={t('mine.invite.email')}
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={emailProblem !== undefined}
        helperText={emailProblem}
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        disabled={invite.isPending}
        sx={{ justifySelf: 'start' }}
      >
        {t('mine.invite.send')}
      </Button>
    </Box>
  );
}

function Sharing() {
  const { t } = useTranslation('guardians');
  const sharing = useSharing();
  const change = useSetSharing();
  if (!sharing.data) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <FormControlLabel
        control={
          <Switch
            checked={sharing.data.share_resume_comments}
            disabled={change.isPending}
            onChange={(event) => change.mutate(event.target.checked)}
          />
        }
        label={t('mine.sharing.resumeComments')}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('mine.sharing.explain')}
      </Typography>
      {change.isError && <Alert severity="error">{say(errorText(change.error))}</Alert>}
    </Box>
  );
}

/**
 * `/parents`: a student invites a parent to follow their progress, sees who follows them and
 * the invitations still open, stops a guardian following, and chooses what to share.
 */
export function MyParentsPage() {
  const { t } = useTranslation('guardians');
  useDocumentTitle(t('mine.pageTitle'));
  const format = useFormatters();
  const guardians = useMyGuardians();
  const revoke = useRevokeGuardian();
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  if (guardians.isPending) return <PageLoader />;
  return (
    <PageContainer maxWidth={720}>
      <Heading level={1}>{t('mine.title')}</Heading>
      <Typography sx={{ mb: 2 }}>{t('mine.lead')}</Typography>
      {guardians.isError ? (
        <Alert severity="error">{say(errorText(guardians.error))}</Alert>
      ) : (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="guardians-following"
          sx={{ p: 2, mb: 2 }}
        >
          <Heading id="guardians-following">{t('mine.following.title')}</Heading>
          {guardians.data.results.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('mine.following.empty')}</Typography>
          ) : (
            <List dense>
              {guardians.data.results.map((guardian) => {
                const name = `${guardian.first_name} ${guardian.last_name}`;
                return (
                  <ListItem
                    key={guardian.id}
                    disableGutters
                    secondaryAction={
                      <Button size="small" onClick={() => setRevoking({ id: guardian.id, name })}>
                        {t('mine.following.revoke')}
                        <span className={visuallyHiddenClass}> {name}</span>
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={name}
                      secondary={t('mine.following.since', {
                        email: guardian.email,
                        date: format.dateTime(guardian.since),
                      })}
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
          {guardians.data.invitations.length > 0 && (
            <>
              <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
                {t('mine.invitations.title')}
              </Typography>
              <List dense>
                {guardians.data.invitations.map((invitation) => (
                  <ListItem key={invitation.id} disableGutters>
                    <ListItemText
                      primary={invitation.email}
                      secondary={t('mine.invitations.expires', {
                        date: format.dateTime(invitation.expires_at),
                      })}
                    />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Paper>
      )}
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="guardians-invite"
        sx={{ p: 2, mb: 2 }}
      >
        <Heading id="guardians-invite">{t('mine.invite.title')}</Heading>
        <InviteForm />
      </Paper>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="guardians-sharing"
        sx={{ p: 2, mb: 2 }}
      >
        <Heading id="guardians-sharing">{t('mine.sharing.title')}</Heading>
        <Sharing />
      </Paper>
      <ConfirmDialog
        open={revoking !== null}
        title={t('mine.following.revokeTitle', { name: revoking?.name ?? '' })}
        text={t('mine.following.revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('mine.following.revoke')}
        danger
        busy={revoke.isPending}
        error={revoke.isError ? say(errorText(revoke.error)) : null}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })
        }
      />
    </PageContainer>
  );
}

export const Component = MyParentsPage;
