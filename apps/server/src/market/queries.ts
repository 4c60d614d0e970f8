import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.ts';
import { marketDailyBars } from '../db/schema/market.ts';

/** The market domain's table: daily bars imported from CSV, replayed by the replay provider. */

export type Bar = typeof marketDailyBars.$inferInsert;

/** The symbols that have bars. */
export async function symbolsWithBars(db: Database): Promise<Set<string>> {
  const rows = await db.selectDistinct({ symbol: marketDailyBars.symbol }).from(marketDailyBars);
  return new Set(rows.map((row) => row.symbol));
}

/** One symbol's bars, oldest first. */
export async function barsOf(db: Database, symbol: string) {
  return db
    .select({
      day: marketDailyBars.day,
      open: marketDailyBars.open,
      close: marketDailyBars.close,
    })
    .from(marketDailyBars)
    .where(eq(marketDailyBars.symbol, symbol))
    .orderBy(asc(marketDailyBars.day));
}

/** Inserts or replaces bars, in batches, in one transaction. */
export async function saveBars(db: Database, bars: Bar[]): Promise<number> {
  await db.transaction(async (tx) => {
    for (let start = 0; start < bars.length; start += 1000) {
      await tx
        .insert(marketDailyBars)
        .values(bars.slice(start, start + 1000))
        .onConflictDoUpdate({
          target: [marketDailyBars.symbol, marketDailyBars.day],
          set: {
            open: sql`excluded.open`,
            high: sql`excluded.high`,
            low: sql`excluded.low`,
            close: sql`excluded.close`,
            volume: sql`excluded.volume`,
          },
        });
    }
  });
  return bars.length;
}

/** Days with bars, for the import report. */
export async function countBars(db: Database): Promise<{ symbols: number; bars: number }> {
  const [row] = await db
    .select({
      symbols: sql<number>`count(distinct ${marketDailyBars.symbol})::int`,
      bars: sql<number>`count(*)::int`,
    })
    .from(marketDailyBars);
  return { symbols: row?.symbols ?? 0, bars: row?.bars ?? 0 };
}
