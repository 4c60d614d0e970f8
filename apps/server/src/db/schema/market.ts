import { bigint, pgTable, primaryKey, text, date } from 'drizzle-orm/pg-core';

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
