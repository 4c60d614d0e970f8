import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { NotificationKind } from '@bullpen/contract/notifications';
import { errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notifications-api.ts';

/**
 * The settings page's choice, per kind of notification the user can receive, of email besides
 * the app; each switch saves at once. An account without an address is told why there is
 * nothing to choose.
 */
export function NotificationMailSection() {
  const { t } = useTranslation('notifications');
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const notify = useNotify();
  const choose = (kind: NotificationKind, mail: boolean) =>
    save.mutate(
      { mail: { [kind]: mail } },
      {
        onSuccess: () => notify(t('mail.saved'), 'success'),
        onError: (error) => notify(errorText(error), 'error'),
      },
    );
  // A parent's account receives no kind: nothing to choose.
  if (preferences.data?.kinds.length === 0) return null;
  return (
    <Paper
      component="section"
      id="notification-mail"
      aria-labelledby="notification-mail-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="notification-mail-title" variant="h5" component="h2" gutterBottom>
        {t('mail.title')}
      </Typography>
      {preferences.isPending ? (
        <Typography>{t('mail.loading')}</Typography>
      ) : preferences.isError ? (
        <Typography role="alert">{errorText(preferences.error)}</Typography>
      ) : !preferences.data.has_email ? (
        <Typography>{t('mail.noEmail')}</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>{t('mail.lead')}</Typography>
          <FormGroup>
            {preferences.data.kinds.map((kind) => (
              <FormControlLabel
                key={kind}
                control={
                  <Switch
                    checked={preferences.data.mail[kind]}
                    disabled={save.isPending}
                    onChange={(event) => choose(kind, event.target.checked)}
                  />
                }
                label={t(`mail.kinds.${kind}`)}
              />
            ))}
          </FormGroup>
        </>
      )}
    </Paper>
  );
}
