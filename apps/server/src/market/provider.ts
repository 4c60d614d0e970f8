import type { ExchangeCalendar } from './calendar.ts';
import type { CorporateAction, SplitDefinition } from './corporate-actions.ts';
import type { SecurityInfo } from './universe.ts';

/** A price at an instant (epoch ms), in integer cents. */
export type PriceAt = { time: number; cents: number };

export type Quote = {
  symbol: string;
  lastCents: number;
  previousCloseCents: number;
  /** The instant the quote describes. */
  asOf: number;
  isOpen: boolean;
};

/**
 * Which real trading day the replayed prices come from (docs/market.md "Replay"): `replaying`
 * the bars of `date` (a session in progress, or the last closed); `after_last_bar` a newer
 * session has opened with no bar imported, so prices stay at `date`'s close; `before_first_bar`
 * no imported bar has closed yet (`date` is the first; null when nothing is imported).
 */
export type ReferenceDay = {
  date: string | null;
  state: 'replaying' | 'after_last_bar' | 'before_first_bar';
};

/**
 * Something newsworthy that happened in the prices or to a company; rendered into a news item.
 * `company` is a surprise move of one stock, `earnings` a company's quarterly results (the day's
 * move), `dividend` and `split` a corporate action (`action`) as it takes effect.
 */
export type MarketEvent = {
  id: string;
  kind: 'company' | 'earnings' | 'dividend' | 'split' | 'sector' | 'market';
  /** Return of the day's move, close to close (0 for a corporate action). */
  move: number;
  day: number;
  publishedAt: number;
  symbol?: string;
  sectorId?: number;
  action?: CorporateAction;
};

/**
 * Everything the market domain needs from a source of prices. Every question is asked "as of"
 * an instant, so a provider never leaks the future and tests can pin the clock. The simulated
 * and replay providers implement it; a live provider (an HTTP feed) would implement the same
 * methods with its own caching, selected by MARKET_PROVIDER (see docs/market.md).
 */
export interface MarketDataProvider {
  readonly name: 'simulated' | 'replay';
  /** True when prices are not real market data, so the UI labels them. */
  readonly simulated: boolean;
  readonly calendar: ExchangeCalendar;
  /** The real trading day the prices come from at `at`; null for simulated prices. */
  referenceDay(at: number): ReferenceDay | null;
  /** Securities this provider can price, in id order. */
  securities(): readonly SecurityInfo[];
  quote(symbol: string, at: number): Promise<Quote | null>;
  /** Closes of the sessions that closed in [from, at], then the live price if a session is open. */
  dailyCloses(symbol: string, from: number, at: number): Promise<PriceAt[]>;
  /** Points every `stepMinutes` inside sessions in [from, at], ending with the live price. */
  intraday(symbol: string, from: number, at: number, stepMinutes: number): Promise<PriceAt[]>;
  /** Events published by `at`, newest first, about a security, its sector or the market. */
  events(filter: { symbol: string } | { all: true }, at: number): Promise<MarketEvent[]>;
  event(id: string, at: number): Promise<MarketEvent | null>;
  /**
   * Dividends and splits that took effect in (from, at], oldest first (a dividend at the close
   * before its ex-date, a split at the close before its effective date); never a later one.
   * Quotes and charts are the actual prices of their instant: a split divides them from then on.
   */
  corporateActions(from: number, at: number): Promise<CorporateAction[]>;
  /** The splits staff scheduled (every process reads them from the database). */
  useScheduledSplits(splits: readonly { id: number; definition: SplitDefinition }[]): void;
}
