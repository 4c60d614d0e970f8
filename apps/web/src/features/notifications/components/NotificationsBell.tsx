import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NOTIFICATIONS_PATH } from '@bullpen/contract/routes';
import { PathIcon } from '@/components/PathIcon.tsx';
import { useNotificationUpdates, useUnreadCount } from '../api/notifications-api.ts';
import styles from './NotificationsBell.module.css';

/** Material Icons' Notifications (Apache License 2.0), as `@mui/icons-material` ships it. */
const BELL = [
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z',
];

/** Past this the bubble says "99+": the page gives the exact count. */
const MOST_SHOWN = 99;

/**
 * The header's bell: the unread count, kept live over the user's own channel, leading to the
 * notifications page. Its name carries the count for a screen reader.
 */
export function NotificationsBell({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const unread = useUnreadCount(true).data?.unread ?? 0;
  useNotificationUpdates(userId);
  const label =
    unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <RouterLink to={NOTIFICATIONS_PATH} aria-label={label} className={styles.bell}>
      <PathIcon paths={BELL} />
      {unread > 0 && (
        <span aria-hidden="true" className={styles.count} data-testid="bell-count">
          {unread > MOST_SHOWN ? `${MOST_SHOWN}+` : unread}
        </span>
      )}
    </RouterLink>
  );
}
