import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { NotificationKind } from '@bullpen/contract/notifications';
import type { Executor } from '../db/connection.ts';
import { notificationPreferences, notifications } from '../db/schema/notifications.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Leaves each row; a row whose `onceKey` the user already has is skipped. Returns the users
 * who got a new one.
 */
export async function insertNotifications(
  db: Executor,
  rows: {
    userId: number;
    kind: NotificationKind;
    payload: unknown;
    onceKey: string | null;
    createdAt: Date;
  }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing()
    .returning({ userId: notifications.userId });
  return inserted.map((row) => row.userId);
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

/** How many of the user's notifications are unread. */
export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
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

/** Marks every unread notification of the user read; how many. */
export async function markAllRead(db: Executor, userId: number, now: Date): Promise<number> {
  const read = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return read.length;
}

/** The kinds each of these users chose mail for or against; a kind not listed keeps its default. */
export async function mailChoicesOf(
  db: Executor,
  userIds: number[],
): Promise<{ userId: number; kind: NotificationKind; mail: boolean }[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, userIds));
}

export async function saveMailChoices(
  db: Executor,
  userId: number,
  choices: { kind: NotificationKind; mail: boolean }[],
): Promise<void> {
  for (const choice of choices) {
    await db
      .insert(notificationPreferences)
      .values({ userId, ...choice })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { mail: choice.mail },
      });
  }
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
export async function deleteNotificationsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/** A user's notifications and mail choices, for their data export. */
export async function exportNotificationsOf(db: Executor, userId: number) {
  const [rows, choices] = await Promise.all([
    db
      .select({
        kind: notifications.kind,
        payload: notifications.payload,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id)),
    db
      .select({ kind: notificationPreferences.kind, mail: notificationPreferences.mail })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId)),
  ]);
  return { notifications: rows, mailChoices: choices };
}
