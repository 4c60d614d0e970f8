import { useTranslation } from 'react-i18next';
import { notificationLink, type Notification } from '@bullpen/contract/notifications';
import { ActionButton } from '@/components/ActionButton.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { TextLink } from '@/components/TextLink.tsx';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useNotificationText } from '@/lib/notification-text.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import {
  useNotifications,
  useReadAllNotifications,
  useReadNotification,
} from '../api/notifications-api.ts';
import styles from './NotificationsPage.module.css';

/**
 * `/notifications`: the user's newest notifications (the bell leads here), the unread ones
 * marked; each opens what it is about and can be marked read, or all at once.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('title'));
  const list = useNotifications();
  const readAll = useReadAllNotifications();
  const notify = useNotify();
  const unread = list.data?.unread ?? 0;
  return (
    <PageContainer maxWidth={760}>
      <h1 style={{ fontSize: '1.75rem', margin: '24px 0 8px' }}>{t('title')}</h1>
      <p style={{ margin: '0 0 16px' }}>{t('lead')}</p>
      <div className={styles.toolbar}>
        <span role="status">{list.data ? t('unread', { count: unread }) : ''}</span>
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <TextLink to="/settings#notification-mail">{t('settingsLink')}</TextLink>
          <ActionButton
            variant="outlined"
            disabled={unread === 0 || readAll.isPending}
            onClick={() =>
              readAll.mutate(undefined, {
                onSuccess: () => notify(t('allRead'), 'success'),
                onError: (error) => notify(errorText(error), 'error'),
              })
            }
          >
            {t('markAllRead')}
          </ActionButton>
        </span>
      </div>
      {list.isPending ? (
        <p>{t('loading')}</p>
      ) : list.isError ? (
        <p role="alert">{errorText(list.error)}</p>
      ) : list.data.results.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('label')}>
          {list.data.results.map((note) => (
            <NotificationItem key={note.id} note={note} />
          ))}
        </ul>
      )}
    </PageContainer>
  );
}

function NotificationItem({ note }: { note: Notification }) {
  const { t } = useTranslation('notifications');
  const { dateTime } = useFormatters();
  const sentence = useNotificationText();
  const read = useReadNotification();
  const notify = useNotify();
  const unread = note.read_at === null;
  return (
    <li className={unread ? `${styles.item} ${styles.unread}` : styles.item}>
      <div>
        <p className={styles.text}>
          {unread && <span className={styles.new}>{t('new')}</span>}
          <TextLink
            to={notificationLink(note)}
            onClick={() => {
              if (unread) read.mutate(note.id);
            }}
          >
            {sentence(note)}
          </TextLink>
        </p>
        <span className={styles.meta}>{dateTime(note.created_at)}</span>
      </div>
      {unread && (
        <ActionButton
          size="small"
          disabled={read.isPending}
          onClick={() =>
            read.mutate(note.id, { onError: (error) => notify(errorText(error), 'error') })
          }
        >
          {t('markRead')}
        </ActionButton>
      )}
    </li>
  );
}

export const Component = NotificationsPage;
