import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Daily bars imported from CSV for the replay provider (MARKET_PROVIDER=replay). Prices are
 * integer cents; `day` is the exchange's trading date.
 */
export const marketDailyBars = pgTable(
  'market_daily_bars',
  {
    symbol: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    open: bigint({ mode: 'number' }).notNull(),
    high: bigint({ mode: 'number' }).notNull(),
    low: bigint({ mode: 'number' }).notNull(),
    close: bigint({ mode: 'number' }).notNull(),
    volume: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.day] })],
);

/**
 * Dividends and splits the providers add to their own (docs/decisions/012-corporate-actions.md):
 * `scheduled` splits staff set for a running contest (both providers honour them), and
 * `imported` dividends and splits from a replay CSV. `day` is the ex-date of a dividend or the
 * first split-adjusted trading day of a split.
 */
export const marketCorporateActions = pgTable(
  'market_corporate_actions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    source: text({ enum: ['scheduled', 'imported'] }).notNull(),
    kind: text({ enum: ['dividend', 'split'] }).notNull(),
    symbol: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    payDay: date('pay_day', { mode: 'string' }),
    cashCents: bigint('cash_cents', { mode: 'number' }),
    numerator: integer(),
    denominator: integer(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('market_corporate_actions_key').on(table.symbol, table.kind, table.day),
    check(
      'market_corporate_actions_shape',
      sql`(${table.kind} = 'dividend' and ${table.cashCents} > 0 and ${table.payDay} >= ${table.day})
        or (${table.kind} = 'split' and ${table.numerator} > 0 and ${table.denominator} > 0)`,
    ),
  ],
);
