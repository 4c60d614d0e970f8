import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Guesses counted per key (an account or a client address) in fixed windows, shared by every
 * server process: join codes (docs/decisions/027-join-codes-and-attempt-limits.md). A key holds
 * an account id or an address and nothing else.
 */
export const attemptWindows = pgTable(
  'attempt_windows',
  {
    key: text().primaryKey(),
    attempts: integer().notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  // Rows whose window is over are swept (platform/attempt-limits.ts): an address is kept no
  // longer than it counts.
  (table) => [index('attempt_windows_end_idx').on(table.windowEndsAt)],
);

/**
 * Requests counted per key for @fastify/rate-limit (platform/rate-limit.ts), in fixed windows
 * on the database's clock, so every server process counts against one limit. A key is a route
 * and a client address; rows whose window is over are swept as the store goes.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_windows_end_idx').on(table.windowEndsAt)],
);
