import {
  NOTIFICATION_RETENTION_DAYS,
  NOTIFICATIONS_LISTED,
  type NotificationKind,
  type NotificationPayload,
} from '@bullpen/contract/notifications';
import type { Executor } from '../db/connection.ts';
import { notFound } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import {
  deleteNotificationsBefore,
  insertNotifications,
  markNotificationRead,
  newestNotificationsOf,
  type NotificationRow,
} from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Leaves the same notification for each user, to be seen on their next visit; the ones past
 * the retention period go at the same time. Returns how many were left.
 */
export async function notifyUsers<Kind extends NotificationKind>(
  db: Executor,
  userIds: number[],
  kind: Kind,
  payload: NotificationPayload<Kind>,
  now: Date,
): Promise<number> {
  await insertNotifications(
    db,
    userIds.map((userId) => ({ userId, kind, payload, createdAt: now })),
  );
  await deleteNotificationsBefore(
    db,
    new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS),
  );
  return userIds.length;
}

/**
 * The retention job's sweep (privacy/retention.ts): notifications older than
 * NOTIFICATION_RETENTION_DAYS, for the days nobody was notified; how many went.
 */
export function deleteOldNotifications(db: Executor, now: Date): Promise<number> {
  return deleteNotificationsBefore(
    db,
    new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS),
  );
}

export async function notificationsOf(db: Executor, actor: UserRow): Promise<NotificationRow[]> {
  return newestNotificationsOf(db, actor.id, NOTIFICATIONS_LISTED);
}

/** The actor's own notification, now read; anyone else's is a 404 (its existence stays hidden). */
export async function readNotification(
  db: Executor,
  actor: UserRow,
  id: number,
  now: Date,
): Promise<NotificationRow> {
  const row = await markNotificationRead(db, actor.id, id, now);
  if (!row) throw notFound();
  return row;
}
