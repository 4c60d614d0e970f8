import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-wide values that every process must share, such as the generated signing key. */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
