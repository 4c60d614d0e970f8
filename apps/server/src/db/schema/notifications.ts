import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@bullpen/contract/notifications';
import { users } from './users.ts';

/**
 * Notifications (packages/contract/src/notifications.ts): one row per user and event, read
 * only by that user, deleted with the account or after NOTIFICATION_RETENTION_DAYS.
 * `payload` is the kind's own JSON (names and titles the user already sees in the app).
 * `once_key` names an event that must reach a user once however many processes see it (the
 * day-before reminder of one due date): a second insert with the same key is skipped.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    payload: jsonb().notNull(),
    onceKey: text('once_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id),
    index('notifications_created_idx').on(table.createdAt),
    // The bell's count: a user's unread ones.
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    uniqueIndex('notifications_once_idx')
      .on(table.userId, table.onceKey)
      .where(sql`${table.onceKey} is not null`),
  ],
);

/**
 * A user's choice, per kind, of mail besides the app; a kind with no row takes
 * NOTIFICATION_MAIL_DEFAULTS. Deleted with the account.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    mail: boolean().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
