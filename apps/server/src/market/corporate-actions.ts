import {
  dayNumber,
  isoDay,
  nextTradingDay,
  previousTradingDay,
  type ExchangeCalendar,
} from './calendar.ts';
import { hashSeed } from './random.ts';

/**
 * Dividends and splits (docs/decisions/012-corporate-actions.md). A provider answers "which
 * actions took effect in (from, at]" and never tells the future; the trading job applies them
 * to the contests. Prices are the actual prices of their time: a split divides the quote from
 * its effective instant on, and before a split that is part of the simulated history the
 * price was the simulated (split-adjusted) path × the ratio, as it traded then.
 */

/** A cash dividend: holders at the close before the ex-date are paid on the pay date. */
export type DividendAction = {
  kind: 'dividend';
  /** Unique per action, stable across processes: the key the ledger applies it under. */
  key: string;
  symbol: string;
  exDate: string;
  payDate: string;
  cashCents: number;
  /** The close before the ex-date: who holds then is entitled. */
  recordAt: number;
  /** The open of the pay date: the cash is credited from then on. */
  payAt: number;
};

/** A split of `numerator` new shares for every `denominator` old ones (10:1, or 1:5 reverse). */
export type SplitAction = {
  kind: 'split';
  key: string;
  symbol: string;
  effectiveDate: string;
  numerator: number;
  denominator: number;
  /** The close before the effective date: prices after it are divided by the ratio. */
  effectiveAt: number;
  /**
   * `history`: in the simulated history (prices before it were the path × ratio);
   * `scheduled`: staff scheduled it (prices after it are the path ÷ ratio);
   * `imported`: from a replay CSV whose bars already trade at the actual prices.
   */
  source: 'history' | 'scheduled' | 'imported';
};

export type CorporateAction = DividendAction | SplitAction;

/** A split as stored or listed: the symbol, its first split-adjusted trading day and ratio. */
export type SplitDefinition = {
  symbol: string;
  effectiveDate: string;
  numerator: number;
  denominator: number;
};

/** A dividend as imported from CSV. */
export type DividendDefinition = {
  symbol: string;
  exDate: string;
  payDate: string;
  cashCents: number;
};

/**
 * Real forward splits inside the simulated five-year history (first split-adjusted trading
 * day). Every one is N-for-1, so the price before it is the simulated price × N exactly. Only
 * splits before the reference date (reference-levels.ts, whose prices are split-adjusted as of
 * then) are listed here; the later ones are in `SPLITS_AFTER_REFERENCE`.
 */
export const HISTORICAL_SPLITS: readonly SplitDefinition[] = [
  { symbol: 'AMZN', effectiveDate: '2022-06-06', numerator: 20, denominator: 1 },
  { symbol: 'GOOGL', effectiveDate: '2022-07-18', numerator: 20, denominator: 1 },
  { symbol: 'GOOG', effectiveDate: '2022-07-18', numerator: 20, denominator: 1 },
  { symbol: 'TSLA', effectiveDate: '2022-08-25', numerator: 3, denominator: 1 },
  { symbol: 'WMT', effectiveDate: '2024-02-26', numerator: 3, denominator: 1 },
  { symbol: 'NVDA', effectiveDate: '2024-06-10', numerator: 10, denominator: 1 },
  { symbol: 'CMG', effectiveDate: '2024-06-26', numerator: 50, denominator: 1 },
  { symbol: 'AVGO', effectiveDate: '2024-07-15', numerator: 10, denominator: 1 },
];

/**
 * Real splits after the reference date. The reference prices are from before them, so they
 * divide the simulated price from their first split-adjusted trading day on, as a split staff
 * schedule does: Netflix trades near its real post-split level today instead of ten times it.
 */
export const SPLITS_AFTER_REFERENCE: readonly SplitDefinition[] = [
  { symbol: 'NFLX', effectiveDate: '2025-11-17', numerator: 10, denominator: 1 },
  { symbol: 'NOW', effectiveDate: '2025-12-18', numerator: 5, denominator: 1 },
];

const MS_PER_DAY = 86_400_000;

export function dayOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY);
}

/** The trading day on or after `day`. */
function tradingDayFrom(calendar: ExchangeCalendar, day: number): number {
  return calendar.isTradingDay(day) ? day : nextTradingDay(calendar, day);
}

/** The close of the session before `day`: the instant an action on `day` takes effect. */
export function closeBefore(calendar: ExchangeCalendar, day: number): number {
  return calendar.session(previousTradingDay(calendar, day)).close;
}

export function splitAction(
  calendar: ExchangeCalendar,
  split: SplitDefinition,
  source: SplitAction['source'],
  id?: number,
): SplitAction {
  const day = tradingDayFrom(calendar, dayOf(split.effectiveDate));
  return {
    kind: 'split',
    key: `split:${split.symbol}:${isoDay(day)}${id === undefined ? '' : `:${id}`}`,
    symbol: split.symbol,
    effectiveDate: isoDay(day),
    numerator: split.numerator,
    denominator: split.denominator,
    effectiveAt: closeBefore(calendar, day),
    source,
  };
}

export function dividendAction(
  calendar: ExchangeCalendar,
  dividend: DividendDefinition,
): DividendAction {
  const ex = tradingDayFrom(calendar, dayOf(dividend.exDate));
  const pay = tradingDayFrom(calendar, Math.max(dayOf(dividend.payDate), ex));
  return {
    kind: 'dividend',
    key: `dividend:${dividend.symbol}:${isoDay(ex)}`,
    symbol: dividend.symbol,
    exDate: isoDay(ex),
    payDate: isoDay(pay),
    cashCents: dividend.cashCents,
    recordAt: closeBefore(calendar, ex),
    payAt: calendar.session(pay).open,
  };
}

/** Days between an ex-date and its pay date in the simulation. */
export const PAY_AFTER_DAYS = 14;

/**
 * A quarterly payer's dividends with an ex-date in [fromDay, toDay]: annual ÷ 4 rounded to the
 * cent, ex-dates on a fixed schedule per symbol (a month of the quarter and a day of the month
 * seeded by the ticker, moved to the next trading day), paid 14 days later.
 */
export function quarterlyDividends(
  calendar: ExchangeCalendar,
  symbol: string,
  annualCents: number,
  fromDay: number,
  toDay: number,
): DividendAction[] {
  const cashCents = Math.round(annualCents / 4);
  if (cashCents <= 0) return [];
  const hash = hashSeed('dividend-schedule', symbol);
  const monthOffset = hash % 3;
  const dayOfMonth = 1 + (Math.floor(hash / 3) % 25);
  const first = new Date((fromDay - 100) * MS_PER_DAY).getUTCFullYear();
  const last = new Date(toDay * MS_PER_DAY).getUTCFullYear();
  const actions: DividendAction[] = [];
  for (let year = first; year <= last; year += 1) {
    for (let quarter = 0; quarter < 4; quarter += 1) {
      const nominal = dayNumber(year, 1 + quarter * 3 + monthOffset, dayOfMonth);
      const ex = tradingDayFrom(calendar, nominal);
      if (ex < fromDay || ex > toDay) continue;
      actions.push(
        dividendAction(calendar, {
          symbol,
          exDate: isoDay(ex),
          payDate: isoDay(ex + PAY_AFTER_DAYS),
          cashCents,
        }),
      );
    }
  }
  return actions;
}

/** An exact ratio of integers. */
export type Ratio = { numerator: number; denominator: number };

/**
 * What the base price (simulated path, or imported bar) is multiplied by at `at` to give the
 * actual price: × N/D before each split of the simulated history, ÷ N/D after each scheduled
 * split. Imported splits change nothing: their bars already trade at the actual prices.
 */
export function priceRatio(splits: readonly SplitAction[], at: number): Ratio {
  let numerator = 1;
  let denominator = 1;
  for (const split of splits) {
    if (split.source === 'history' && at <= split.effectiveAt) {
      numerator *= split.numerator;
      denominator *= split.denominator;
    } else if (split.source === 'scheduled' && at > split.effectiveAt) {
      numerator *= split.denominator;
      denominator *= split.numerator;
    }
  }
  return { numerator, denominator };
}

/** cents × ratio, rounded half up, at least one cent. */
export function scaleCents(cents: number, ratio: Ratio): number {
  if (ratio.numerator === ratio.denominator) return cents;
  const scaled =
    (BigInt(cents) * BigInt(ratio.numerator) * 2n + BigInt(ratio.denominator)) /
    (2n * BigInt(ratio.denominator));
  return Math.max(1, Number(scaled));
}

/**
 * The actions of one provider: its own (history, imports, generated dividends) plus the
 * splits staff scheduled, which every process reads from the database (`useScheduledSplits`).
 */
export class CorporateActionBook {
  private scheduled: SplitAction[] = [];
  private splitsBySymbol = new Map<string, SplitAction[]>();

  constructor(
    readonly calendar: ExchangeCalendar,
    private readonly fixedSplits: readonly SplitAction[],
    private readonly dividendsIn: (fromDay: number, toDay: number) => DividendAction[],
  ) {
    this.index();
  }

  private index(): void {
    this.splitsBySymbol = new Map();
    for (const split of [...this.fixedSplits, ...this.scheduled]) {
      const list = this.splitsBySymbol.get(split.symbol) ?? [];
      list.push(split);
      this.splitsBySymbol.set(split.symbol, list);
    }
  }

  /** Replaces the staff-scheduled splits (read from the database by the market service). */
  useScheduled(splits: readonly { id: number; definition: SplitDefinition }[]): void {
    this.scheduled = splits.map(({ id, definition }) =>
      splitAction(this.calendar, definition, 'scheduled', id),
    );
    this.index();
  }

  splitsOf(symbol: string): readonly SplitAction[] {
    return this.splitsBySymbol.get(symbol) ?? [];
  }

  ratioAt(symbol: string, at: number): Ratio {
    const splits = this.splitsBySymbol.get(symbol);
    return splits ? priceRatio(splits, at) : { numerator: 1, denominator: 1 };
  }

  /**
   * Actions that took effect in (from, at], oldest first: dividends by their record instant
   * (the close before the ex-date), splits by their effective instant.
   */
  actions(from: number, at: number): CorporateAction[] {
    const fromDay = Math.floor(from / MS_PER_DAY) - 1;
    const toDay = Math.floor(at / MS_PER_DAY) + 7;
    const dividends = this.dividendsIn(fromDay, toDay).filter(
      (dividend) => dividend.recordAt > from && dividend.recordAt <= at,
    );
    const splits = [...this.fixedSplits, ...this.scheduled].filter(
      (split) => split.effectiveAt > from && split.effectiveAt <= at,
    );
    return [...dividends, ...splits].sort(
      (a, b) => instantOf(a) - instantOf(b) || a.key.localeCompare(b.key),
    );
  }
}

export function instantOf(action: CorporateAction): number {
  return action.kind === 'dividend' ? action.recordAt : action.effectiveAt;
}

/** A base quote at the actual prices of its instant. */
export function actualQuote<T extends { lastCents: number; previousCloseCents: number }>(
  quote: T | null,
  ratio: Ratio,
): T | null {
  if (!quote || ratio.numerator === ratio.denominator) return quote;
  return {
    ...quote,
    lastCents: scaleCents(quote.lastCents, ratio),
    previousCloseCents: scaleCents(quote.previousCloseCents, ratio),
  };
}

/** Base chart points at the actual prices of each point's instant. */
export function actualPoints<T extends { time: number; cents: number }>(
  book: CorporateActionBook,
  symbol: string,
  points: T[],
): T[] {
  if (book.splitsOf(symbol).length === 0) return points;
  return points.map((point) => ({
    ...point,
    cents: scaleCents(point.cents, book.ratioAt(symbol, point.time)),
  }));
}
