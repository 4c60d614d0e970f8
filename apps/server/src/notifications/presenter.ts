import type {
  Notification,
  NotificationContent,
  NotificationList,
} from '@bullpen/contract/notifications';
import type { NotificationRow } from './queries.ts';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    ...({ kind: row.kind, payload: row.payload } as NotificationContent),
    created_at: new Date(row.createdAt).toISOString(),
    read_at: row.readAt ? new Date(row.readAt).toISOString() : null,
  };
}

export function presentNotifications(rows: NotificationRow[], unread: number): NotificationList {
  return { unread, results: rows.map(presentNotification) };
}
