import type { Database } from '../db/connection.ts';
import { barDays, barsOf, importedActions, symbolsWithBars } from './queries.ts';
import { nextTradingDay, sessionState, type ExchangeCalendar } from './calendar.ts';
import {
  actualPoints,
  actualQuote,
  CorporateActionBook,
  dayOf,
  dividendAction,
  scaleCents,
  splitAction,
  type Ratio,
  type CorporateAction,
  type SplitDefinition,
} from './corporate-actions.ts';
import type { MarketDataProvider, MarketEvent, PriceAt, Quote, ReferenceDay } from './provider.ts';
import { lastIndexAtOrBefore, SeriesPricing, type DailySeries } from './series.ts';
import { securityBySymbol, UNIVERSE, type SecurityInfo } from './universe.ts';

const MS_PER_DAY = 86_400_000;
/** A close-to-close move this large makes a news item. */
const NEWS_MOVE = 0.05;
const NEWS_SESSIONS = 252;

/**
 * Replays daily bars imported from CSV (`npm run market:import`). Quotes and charts come from
 * the bars as of the clock; inside a session the price follows a seeded path from the bar's
 * open to its close. Only universe securities with bars are listed. Bars imported while the
 * server runs are seen after a restart. Bars are the actual prices as traded; imported
 * dividends and splits (`npm run market:import -- dividends.csv splits.csv`) are applied to the
 * contests, and a split staff schedule divides the bars after it. Across an imported split the
 * previous close, the news moves and the volatility compare like with like (the earlier close
 * divided by the ratio), as a quote feed reports them, so a split is not a 75% fall.
 */
export class ReplayProvider implements MarketDataProvider {
  readonly name = 'replay' as const;
  readonly simulated = false;
  private readonly pricing: SeriesPricing;
  private listed: SecurityInfo[] = [];
  /** Every day with an imported bar (any symbol), oldest first, and its session's close. */
  private days: { date: string; day: number }[] = [];
  private dayCloses: number[] = [];
  private readonly cache = new Map<string, Promise<DailySeries | null>>();
  actions: CorporateActionBook;

  constructor(
    private readonly db: Database,
    readonly calendar: ExchangeCalendar,
    seed: string,
  ) {
    this.pricing = new SeriesPricing(seed, calendar);
    this.actions = new CorporateActionBook(calendar, [], () => []);
  }

  async load(): Promise<void> {
    const symbols = await symbolsWithBars(this.db);
    this.listed = UNIVERSE.filter((security) => symbols.has(security.symbol));
    this.days = (await barDays(this.db)).map((date) => {
      const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY);
      return { date, day };
    });
    this.dayCloses = this.days.map((entry) => this.calendar.session(entry.day).close);
    const imported = await importedActions(this.db);
    const dividends = imported.dividends.map((dividend) => dividendAction(this.calendar, dividend));
    this.actions = new CorporateActionBook(
      this.calendar,
      imported.splits.map((split) => splitAction(this.calendar, split, 'imported')),
      (fromDay, toDay) =>
        dividends.filter(
          (dividend) => dayOf(dividend.exDate) >= fromDay && dayOf(dividend.exDate) <= toDay,
        ),
    );
  }

  async corporateActions(from: number, at: number): Promise<CorporateAction[]> {
    return this.actions.actions(from, at);
  }

  useScheduledSplits(splits: readonly { id: number; definition: SplitDefinition }[]): void {
    this.actions.useScheduled(splits);
  }

  /**
   * The day whose bars the quotes use, as `SeriesPricing.quote` picks them: a session in progress
   * with a bar (after the first, which has no previous close), else the last closed bar. Once a
   * later session opens with no bar, prices are frozen at the last bar's close.
   */
  referenceDay(at: number): ReferenceDay {
    const first = this.days[0];
    const last = this.days.at(-1);
    if (!first || !last) return { date: null, state: 'before_first_bar' };
    const session = sessionState(this.calendar, at);
    const live = session.isOpen ? this.days.findIndex((entry) => entry.day === session.day) : -1;
    if (live > 0) return { date: (this.days[live] as { date: string }).date, state: 'replaying' };
    const closed = lastIndexAtOrBefore(this.dayCloses, this.dayCloses.length, at);
    if (closed < 0) return { date: first.date, state: 'before_first_bar' };
    const newerSession = this.calendar.session(nextTradingDay(this.calendar, last.day)).open;
    if (closed === this.days.length - 1 && at >= newerSession) {
      return { date: last.date, state: 'after_last_bar' };
    }
    return { date: (this.days[closed] as { date: string }).date, state: 'replaying' };
  }

  securities(): readonly SecurityInfo[] {
    return this.listed;
  }

  private series(symbol: string): Promise<DailySeries | null> {
    let series = this.cache.get(symbol);
    if (!series) {
      series = this.readSeries(symbol);
      this.cache.set(symbol, series);
    }
    return series;
  }

  private async readSeries(symbol: string): Promise<DailySeries | null> {
    if (!securityBySymbol.has(symbol)) return null;
    const bars = await barsOf(this.db, symbol);
    if (bars.length === 0) return null;
    const days = bars.map((bar) => Math.floor(Date.parse(`${bar.day}T00:00:00Z`) / MS_PER_DAY));
    const closes = bars.map((bar) => bar.close / 100);
    const closeTimes = days.map((day) => this.calendar.session(day).close);
    const first = Math.max(closes.length - 61, 0);
    const returns = closes.slice(first).flatMap((close, offset) => {
      const index = first + offset;
      return offset === 0
        ? []
        : [Math.log(this.splitAdjustedMove(symbol, closeTimes, closes, index) + 1)];
    });
    const mean = returns.reduce((sum, value) => sum + value, 0) / Math.max(returns.length, 1);
    const variance =
      returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) /
      Math.max(returns.length - 1, 1);
    return {
      days,
      closeTimes,
      opens: bars.map((bar) => bar.open / 100),
      closes,
      dailyVolatility: returns.length > 1 ? Math.sqrt(variance) : 0.015,
      length: bars.length,
    };
  }

  /**
   * N/D of the imported splits that took effect in [from, to): what a close at `from` is divided
   * by to compare with a price after `to`'s split (bars are the actual prices, so a 4:1 split
   * shows as a close four times the next one).
   */
  private importedSplitRatio(symbol: string, from: number, to: number): Ratio {
    let numerator = 1;
    let denominator = 1;
    for (const split of this.actions.splitsOf(symbol)) {
      if (split.source !== 'imported' || split.effectiveAt < from || split.effectiveAt >= to) {
        continue;
      }
      numerator *= split.numerator;
      denominator *= split.denominator;
    }
    return { numerator, denominator };
  }

  /** The close-to-close move into bar `index`, the previous close split-adjusted. */
  private splitAdjustedMove(
    symbol: string,
    closeTimes: ArrayLike<number>,
    closes: ArrayLike<number>,
    index: number,
  ): number {
    const ratio = this.importedSplitRatio(
      symbol,
      closeTimes[index - 1] as number,
      closeTimes[index] as number,
    );
    const previous = ((closes[index - 1] as number) * ratio.denominator) / ratio.numerator;
    return (closes[index] as number) / previous - 1;
  }

  async quote(symbol: string, at: number): Promise<Quote | null> {
    const series = await this.series(symbol);
    if (!series) return null;
    const base = this.pricing.quote(symbol, series, at);
    if (!base) return null;
    // The previous close is that of the bar before the current one (the live one, or the
    // last closed): divided by any imported split between the two.
    const closed = lastIndexAtOrBefore(series.closeTimes, series.length, at);
    const previousIndex = Math.max(base.isOpen ? closed : closed - 1, 0);
    const split = this.importedSplitRatio(
      symbol,
      series.closeTimes[previousIndex] as number,
      base.isOpen ? at : (series.closeTimes[closed] as number),
    );
    const previousCloseCents = scaleCents(base.previousCloseCents, {
      numerator: split.denominator,
      denominator: split.numerator,
    });
    return actualQuote({ ...base, previousCloseCents }, this.actions.ratioAt(symbol, at));
  }

  async dailyCloses(symbol: string, from: number, at: number): Promise<PriceAt[]> {
    const series = await this.series(symbol);
    if (!series) return [];
    return actualPoints(this.actions, symbol, this.pricing.dailyCloses(symbol, series, from, at));
  }

  async intraday(
    symbol: string,
    from: number,
    at: number,
    stepMinutes: number,
  ): Promise<PriceAt[]> {
    const series = await this.series(symbol);
    if (!series) return [];
    return actualPoints(
      this.actions,
      symbol,
      this.pricing.intraday(symbol, series, from, at, stepMinutes),
    );
  }

  private async bigMoves(security: SecurityInfo, at: number): Promise<MarketEvent[]> {
    const series = await this.series(security.symbol);
    if (!series) return [];
    const last = lastIndexAtOrBefore(series.closeTimes, series.length, at);
    const events: MarketEvent[] = [];
    for (let index = Math.max(last - NEWS_SESSIONS, 1); index <= last; index += 1) {
      const move = this.splitAdjustedMove(security.symbol, series.closeTimes, series.closes, index);
      if (Math.abs(move) < NEWS_MOVE) continue;
      const day = series.days[index] as number;
      events.push({
        id: `c-${security.symbol.toLowerCase()}-${day}`,
        kind: 'company',
        move,
        day,
        publishedAt: (series.closeTimes[index] as number) + 15 * 60_000,
        symbol: security.symbol,
        sectorId: security.sector.id,
      });
    }
    return events.reverse();
  }

  async events(filter: { symbol: string } | { all: true }, at: number): Promise<MarketEvent[]> {
    if ('all' in filter) {
      const all = await Promise.all(this.listed.map((security) => this.bigMoves(security, at)));
      return all.flat().sort((a, b) => b.publishedAt - a.publishedAt);
    }
    const security = securityBySymbol.get(filter.symbol);
    return security ? this.bigMoves(security, at) : [];
  }

  async event(id: string, at: number): Promise<MarketEvent | null> {
    const match = id.match(/^c-(.+)-(\d+)$/);
    const security = match ? securityBySymbol.get((match[1] as string).toUpperCase()) : undefined;
    if (!security) return null;
    const events = await this.bigMoves(security, at);
    return events.find((event) => event.id === id) ?? null;
  }
}
