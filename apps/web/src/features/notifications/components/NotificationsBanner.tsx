import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { Notification } from '@bullpen/contract/notifications';
import { learnPaths } from '@bullpen/contract/routes';
import { useFormatters } from '@/lib/format.ts';
import { hasEmail } from '@bullpen/contract/user-email';
import { useSession } from '@/lib/session.tsx';
import { useNotifications, useReadNotification } from '../api/notifications-api.ts';

/** At most this many unread notifications at the top of a page; the next show as these go. */
const SHOWN = 3;

/**
 * The signed-in user's unread notifications, above the page, until each is marked read. Today
 * only accounts without an email address receive any (a reminder that could not be mailed),
 * so only they ask for them (AppLayout renders this for them alone).
 */
export function NotificationsBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const withoutEmail = user !== null && !hasEmail(user);
  const notifications = useNotifications(withoutEmail);
  const unread = (notifications.data?.results ?? []).filter((note) => note.read_at === null);
  if (!withoutEmail || unread.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={t('notifications.label')}
      sx={{ display: 'grid', gap: 1, px: { xs: 2, sm: 3 }, pt: 2, maxWidth: 1200, mx: 'auto' }}
    >
      {unread.slice(0, SHOWN).map((note) => (
        <NotificationAlert key={note.id} note={note} />
      ))}
    </Box>
  );
}

function NotificationAlert({ note }: { note: Notification }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const read = useReadNotification();
  const { payload } = note;
  return (
    <Alert
      severity="info"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={read.isPending}
          onClick={() => read.mutate(note.id)}
        >
          {t('notifications.dismiss')}
        </Button>
      }
    >
      {payload.due_at
        ? t('notifications.lessonReminderDue', {
            classroom: payload.classroom,
            lesson: payload.lesson,
            course: payload.course,
            date: dateTime(payload.due_at),
          })
        : t('notifications.lessonReminder', {
            classroom: payload.classroom,
            lesson: payload.lesson,
            course: payload.course,
          })}{' '}
      <Link component={RouterLink} to={learnPaths.lesson(payload.lesson_id)}>
        {t('notifications.openLesson')}
      </Link>
    </Alert>
  );
}
