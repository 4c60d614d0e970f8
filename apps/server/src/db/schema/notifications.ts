import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@bullpen/contract/notifications';
import { users } from './users.ts';

/**
 * In-app notifications (packages/contract/src/notifications.ts): one row per user and event,
 * read only by that user, deleted with the account or after NOTIFICATION_RETENTION_DAYS.
 * `payload` is the kind's own JSON (names and titles the user already sees in the app).
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id),
    index('notifications_created_idx').on(table.createdAt),
  ],
);
