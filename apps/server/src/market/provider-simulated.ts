import { newYorkDay, newYorkInstant, type ExchangeCalendar } from './calendar.ts';
import {
  actualPoints,
  actualQuote,
  CorporateActionBook,
  HISTORICAL_SPLITS,
  instantOf,
  SPLITS_AFTER_REFERENCE,
  quarterlyDividends,
  splitAction,
  type CorporateAction,
  type SplitDefinition,
} from './corporate-actions.ts';
import type { MarketDataProvider, MarketEvent, PriceAt, Quote } from './provider.ts';
import { referenceLevel } from './reference-levels.ts';
import { lastIndexAtOrBefore, SeriesPricing, type DailySeries } from './series.ts';
import { sectorById } from './sectors.ts';
import { EPOCH_DAY, simulatedModel, type SimulatedModel } from './simulation.ts';
import { securityBySymbol, UNIVERSE, type SecurityInfo } from './universe.ts';

/** Sessions of history scanned for news: a year of company events, a quarter of the rest. */
const COMPANY_NEWS_SESSIONS = 252;
const SECTOR_NEWS_SESSIONS = 63;

function newestFirst(events: MarketEvent[], at: number): MarketEvent[] {
  return events
    .filter((event) => event.publishedAt <= at)
    .sort((a, b) => b.publishedAt - a.publishedAt || a.id.localeCompare(b.id));
}

/**
 * The simulation's corporate actions: the real splits of its history, the splits staff
 * scheduled, and quarterly dividends of `annualDividendCents` (0 for a non-payer).
 */
export function simulatedActions(
  calendar: ExchangeCalendar,
  annualDividendCents: (symbol: string) => number,
): CorporateActionBook {
  const listed = (split: SplitDefinition) => securityBySymbol.has(split.symbol);
  const history = [
    ...HISTORICAL_SPLITS.filter(listed).map((split) => splitAction(calendar, split, 'history')),
    // Priced like a scheduled split: the reference price is from before it.
    ...SPLITS_AFTER_REFERENCE.filter(listed).map((split) =>
      splitAction(calendar, split, 'scheduled'),
    ),
  ];
  const payers = UNIVERSE.map((security) => ({
    symbol: security.symbol,
    annual: annualDividendCents(security.symbol),
  })).filter((payer) => payer.annual > 0);
  return new CorporateActionBook(calendar, history, (fromDay, toDay) =>
    payers.flatMap((payer) =>
      quarterlyDividends(calendar, payer.symbol, payer.annual, fromDay, toDay),
    ),
  );
}

/**
 * The annual dividend per share a payer pays in the simulation, in cents: its indicated
 * dividend on the reference date (0 for a non-payer).
 */
export function simulatedAnnualDividendCents(symbol: string): number {
  return referenceLevel(symbol)?.annualDividendCents ?? 0;
}

/** The default provider: the deterministic simulated exchange. */
export class SimulatedProvider implements MarketDataProvider {
  readonly name = 'simulated' as const;
  readonly simulated = true;
  readonly model: SimulatedModel;
  private readonly pricing: SeriesPricing;
  readonly actions: CorporateActionBook;

  constructor(
    readonly seed: string,
    readonly calendar: ExchangeCalendar,
  ) {
    this.model = simulatedModel(seed, calendar);
    this.pricing = new SeriesPricing(seed, calendar);
    this.actions = simulatedActions(calendar, simulatedAnnualDividendCents);
  }

  async corporateActions(from: number, at: number): Promise<CorporateAction[]> {
    return this.actions.actions(from, at);
  }

  useScheduledSplits(splits: readonly { id: number; definition: SplitDefinition }[]): void {
    this.actions.useScheduled(splits);
  }

  /** Simulated prices come from no real day (the UI labels them simulated). */
  referenceDay(): null {
    return null;
  }

  securities(): readonly SecurityInfo[] {
    return UNIVERSE;
  }

  /** The series through the day of `at`; null for an unknown symbol. */
  seriesAt(symbol: string, at: number): DailySeries | null {
    const security = securityBySymbol.get(symbol);
    return security ? this.model.series(security, newYorkDay(at) + 1) : null;
  }

  async quote(symbol: string, at: number): Promise<Quote | null> {
    const series = this.seriesAt(symbol, at);
    if (!series) return null;
    return actualQuote(this.pricing.quote(symbol, series, at), this.actions.ratioAt(symbol, at));
  }

  async dailyCloses(symbol: string, from: number, at: number): Promise<PriceAt[]> {
    const series = this.seriesAt(symbol, at);
    if (!series) return [];
    return actualPoints(this.actions, symbol, this.pricing.dailyCloses(symbol, series, from, at));
  }

  async intraday(
    symbol: string,
    from: number,
    at: number,
    stepMinutes: number,
  ): Promise<PriceAt[]> {
    const series = this.seriesAt(symbol, at);
    if (!series) return [];
    return actualPoints(
      this.actions,
      symbol,
      this.pricing.intraday(symbol, series, from, at, stepMinutes),
    );
  }

  private lastIndex(at: number): number {
    const day = newYorkDay(at);
    this.model.timeline.ensureThrough(day);
    const { days } = this.model.timeline;
    return lastIndexAtOrBefore(days, days.length, day);
  }

  async events(filter: { symbol: string } | { all: true }, at: number): Promise<MarketEvent[]> {
    const last = this.lastIndex(at);
    const marketEvents = this.model.marketEvents(last - SECTOR_NEWS_SESSIONS, last);
    if ('all' in filter) {
      const sectorEvents = this.securitiesSectors().flatMap((sectorId) =>
        this.model.sectorEvents(sectorId, last - SECTOR_NEWS_SESSIONS, last),
      );
      return newestFirst([...marketEvents, ...sectorEvents], at);
    }
    const security = securityBySymbol.get(filter.symbol);
    if (!security) return [];
    return newestFirst(
      [
        ...this.companyNews(security, last - COMPANY_NEWS_SESSIONS, last, at),
        ...this.model.sectorEvents(security.sector.id, last - SECTOR_NEWS_SESSIONS, last),
        ...marketEvents,
      ],
      at,
    );
  }

  /**
   * A company's own news in sessions [first, last]: its quarterly results, its surprise moves on
   * other days (a surprise on a reporting day is the results' story), and its dividends and
   * splits as they take effect.
   */
  private companyNews(
    security: SecurityInfo,
    first: number,
    last: number,
    at: number,
  ): MarketEvent[] {
    const earnings = this.model.earningsEvents(security, first, last);
    const reported = new Set(earnings.map((event) => event.day));
    const surprises = this.model
      .companyEvents(security, first, last)
      .filter((event) => !reported.has(event.day));
    const { days } = this.model.timeline;
    const from = newYorkInstant(days[Math.max(first, 0)] ?? EPOCH_DAY, 0);
    return [...earnings, ...surprises, ...this.actionEvents(security, from, at)];
  }

  /** Dividends and splits of a security that took effect in (from, at], as news. */
  private actionEvents(security: SecurityInfo, from: number, at: number): MarketEvent[] {
    return this.actions
      .actions(from, at)
      .filter((action) => action.symbol === security.symbol)
      .map((action) => {
        const publishedAt = instantOf(action);
        const day = newYorkDay(publishedAt);
        const prefix = action.kind === 'dividend' ? 'd' : 'x';
        return {
          id: `${prefix}-${security.symbol.toLowerCase()}-${day}`,
          kind: action.kind,
          move: 0,
          day,
          publishedAt,
          symbol: security.symbol,
          sectorId: security.sector.id,
          action,
        };
      });
  }

  private securitiesSectors(): number[] {
    return [...new Set(UNIVERSE.map((security) => security.sector.id))];
  }

  async event(id: string, at: number): Promise<MarketEvent | null> {
    const match = id.match(/^([csmedx])-(?:(.+)-)?(\d+)$/);
    if (!match) return null;
    const [, kind, key, dayText] = match;
    const day = Number(dayText);
    // Never grow the series for a day that has not happened yet.
    if (day > newYorkDay(at) || day < EPOCH_DAY) return null;
    const { days } = this.model.timeline;
    this.model.timeline.ensureThrough(day);
    const index = lastIndexAtOrBefore(days, days.length, day);
    if (index < 0 || days[index] !== day) return null;
    let found: MarketEvent[] = [];
    if (kind === 'm' && key === undefined) found = this.model.marketEvents(index, index);
    if (kind === 's' && key !== undefined && sectorById.has(Number(key)))
      found = this.model.sectorEvents(Number(key), index, index);
    const security = key === undefined ? undefined : securityBySymbol.get(key.toUpperCase());
    if (security && (kind === 'c' || kind === 'e')) {
      found = this.companyNews(security, index, index, at);
    }
    if (security && (kind === 'd' || kind === 'x')) {
      found = this.actionEvents(security, newYorkInstant(day, 0), newYorkInstant(day + 1, 0));
    }
    const event = found.find((candidate) => candidate.id === id);
    return event && event.publishedAt <= at ? event : null;
  }
}

const providers = new Map<string, SimulatedProvider>();

/** Shared per (seed, calendar): every app in the process reuses the cached series. */
export function simulatedProvider(seed: string, calendar: ExchangeCalendar): SimulatedProvider {
  const key = `${calendar.name}:${seed}`;
  let provider = providers.get(key);
  if (!provider) {
    provider = new SimulatedProvider(seed, calendar);
    providers.set(key, provider);
  }
  return provider;
}
