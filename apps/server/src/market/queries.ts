import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/connection.ts';
import { marketCorporateActions, marketDailyBars } from '../db/schema/market.ts';
import type { DividendDefinition, SplitDefinition } from './corporate-actions.ts';

/**
 * The market domain's tables: daily bars imported from CSV, replayed by the replay provider,
 * and the corporate actions staff scheduled or a CSV imported.
 */

export type Bar = typeof marketDailyBars.$inferInsert;

/** The symbols that have bars. */
export async function symbolsWithBars(db: Database): Promise<Set<string>> {
  const rows = await db.selectDistinct({ symbol: marketDailyBars.symbol }).from(marketDailyBars);
  return new Set(rows.map((row) => row.symbol));
}

/** The trading days with at least one imported bar, oldest first (YYYY-MM-DD). */
export async function barDays(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: marketDailyBars.day })
    .from(marketDailyBars)
    .orderBy(asc(marketDailyBars.day));
  return rows.map((row) => row.day);
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

export type CorporateActionRow = typeof marketCorporateActions.$inferSelect;

/** Splits staff scheduled, oldest first. */
export async function scheduledSplitRows(db: Executor): Promise<CorporateActionRow[]> {
  return db
    .select()
    .from(marketCorporateActions)
    .where(
      and(eq(marketCorporateActions.source, 'scheduled'), eq(marketCorporateActions.kind, 'split')),
    )
    .orderBy(asc(marketCorporateActions.id));
}

export async function scheduledSplits(
  db: Executor,
): Promise<{ id: number; definition: SplitDefinition }[]> {
  const rows = await scheduledSplitRows(db);
  return rows.map((row) => ({
    id: row.id,
    definition: {
      symbol: row.symbol,
      effectiveDate: row.day,
      numerator: row.numerator!,
      denominator: row.denominator!,
    },
  }));
}

/** Stores a scheduled split; null when the security already has a split on that day. */
export async function insertScheduledSplit(
  db: Executor,
  split: SplitDefinition,
  createdBy: number,
): Promise<CorporateActionRow | null> {
  const [row] = await db
    .insert(marketCorporateActions)
    .values({
      source: 'scheduled',
      kind: 'split',
      symbol: split.symbol,
      day: split.effectiveDate,
      numerator: split.numerator,
      denominator: split.denominator,
      createdBy,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Dividends and splits imported from CSV. */
export async function importedActions(
  db: Executor,
): Promise<{ dividends: DividendDefinition[]; splits: SplitDefinition[] }> {
  const rows = await db
    .select()
    .from(marketCorporateActions)
    .where(eq(marketCorporateActions.source, 'imported'))
    .orderBy(asc(marketCorporateActions.day), asc(marketCorporateActions.symbol));
  return {
    dividends: rows
      .filter((row) => row.kind === 'dividend')
      .map((row) => ({
        symbol: row.symbol,
        exDate: row.day,
        payDate: row.payDay!,
        cashCents: row.cashCents!,
      })),
    splits: rows
      .filter((row) => row.kind === 'split')
      .map((row) => ({
        symbol: row.symbol,
        effectiveDate: row.day,
        numerator: row.numerator!,
        denominator: row.denominator!,
      })),
  };
}

/** Inserts or replaces imported dividends and splits, in one transaction. */
export async function saveImportedActions(
  db: Database,
  actions: { dividends: DividendDefinition[]; splits: SplitDefinition[] },
): Promise<number> {
  const rows = [
    ...actions.dividends.map((dividend) => ({
      source: 'imported' as const,
      kind: 'dividend' as const,
      symbol: dividend.symbol,
      day: dividend.exDate,
      payDay: dividend.payDate,
      cashCents: dividend.cashCents,
    })),
    ...actions.splits.map((split) => ({
      source: 'imported' as const,
      kind: 'split' as const,
      symbol: split.symbol,
      day: split.effectiveDate,
      numerator: split.numerator,
      denominator: split.denominator,
    })),
  ];
  await db.transaction(async (tx) => {
    for (const row of rows) {
      await tx
        .insert(marketCorporateActions)
        .values(row)
        .onConflictDoUpdate({
          target: [
            marketCorporateActions.symbol,
            marketCorporateActions.kind,
            marketCorporateActions.day,
          ],
          set: {
            source: 'imported',
            payDay: sql`excluded.pay_day`,
            cashCents: sql`excluded.cash_cents`,
            numerator: sql`excluded.numerator`,
            denominator: sql`excluded.denominator`,
          },
        });
    }
  });
  return rows.length;
}
