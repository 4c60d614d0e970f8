import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PointsReason } from '@bullpen/contract/points';
import { users } from './users.ts';

/**
 * Points are a ledger (docs/decisions/016): every award and spend is an entry with its source,
 * the balance is kept beside it in the same transaction, and a source pays a user once.
 */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Positive for an award, negative for a spend; never 0. */
    points: integer().notNull(),
    /** What kind of source: module, lesson, contest, award, redemption, refund. */
    reason: text().$type<PointsReason>().notNull(),
    /** The source itself (`module:12`, `redemption:40`, …): unique per user, so it pays once. */
    source: text().notNull(),
    /** What the student reads in their history: a module's name, a teacher's reason. */
    note: text().notNull().default(''),
    /** Who gave it, when a person did (a teacher's award). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('point_entries_user_source_key').on(table.userId, table.source),
    index('point_entries_user_idx').on(table.userId, table.id),
    index('point_entries_created_by_idx')
      .on(table.createdBy, table.createdAt)
      .where(sql`${table.createdBy} is not null`),
    check('point_entries_points_nonzero', sql`${table.points} <> 0`),
  ],
);

/** Each user's balance, changed only with an entry; the check keeps it from going negative. */
export const pointBalances = pgTable(
  'point_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer().notNull(),
  },
  (table) => [check('point_balances_not_negative', sql`${table.balance} >= 0`)],
);
