import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Guesses counted per key (an account or a client address) in fixed windows, shared by every
 * server process: join codes (docs/decisions/027-join-codes-and-attempt-limits.md). A key holds
 * an account id or an address and nothing else; a row is overwritten when its window is over.
 */
export const attemptWindows = pgTable('attempt_windows', {
  key: text().primaryKey(),
  attempts: integer().notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
