import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { notifications } from '../db/schema/notifications.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotifications(
  db: Executor,
  rows: { userId: number; kind: NotificationRow['kind']; payload: unknown; createdAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

/** Everyone's notifications created before `before` go (the retention period); how many. */
export async function deleteNotificationsBefore(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, before))
    .returning({ id: notifications.id });
  return deleted.length;
}

export async function newestNotificationsOf(
  db: Executor,
  userId: number,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(limit);
}

/** Marks the user's own notification read (once); another user's is not found. */
export async function markNotificationRead(
  db: Executor,
  userId: number,
  id: number,
  now: Date,
): Promise<NotificationRow | undefined> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)),
    );
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
export async function deleteNotificationsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}
