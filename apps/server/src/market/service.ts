import {
  BBANDS_DEVIATIONS,
  INDICATOR_PERIOD,
  marketMessages,
  type Duration,
  type Indicator,
  type MarketStatus,
  type PricePoint,
} from '@bullpen/contract/market';
import { splitMessages, type ScheduleSplitInput, type Split } from '@bullpen/contract/market';
import { TYPICAL_MOVE_DAYS, typicalDailyMoveCents } from '@bullpen/contract/coach';
import type { Executor } from '../db/connection.ts';
import { badRequest, conflict, notFound } from '../platform/errors.ts';
import { dayNumber, newYorkDay, sessionState } from './calendar.ts';
import {
  insertScheduledSplit,
  scheduledSplitRows,
  scheduledSplits,
  type CorporateActionRow,
} from './queries.ts';
import { bollingerBands, simpleMovingAverage } from './indicators.ts';
import type { MarketDataProvider, MarketEvent, PriceAt, Quote } from './provider.ts';
import { SECTORS, sectorById, type SectorProfile } from './sectors.ts';
import {
  liveMarketCapCents,
  securityById,
  sharesPerReferenceShare,
  type SecurityInfo,
} from './universe.ts';

export type Clock = { now: () => Date };

/** What the market's services need: the price source and the clock (tests pin it). */
export type MarketContext = { provider: MarketDataProvider; clock: Clock };

const MS_PER_DAY = 86_400_000;

function securityIndex(provider: MarketDataProvider) {
  const bySymbol = new Map(provider.securities().map((security) => [security.symbol, security]));
  const byId = new Map(provider.securities().map((security) => [security.id, security]));
  return { bySymbol, byId };
}

const indexes = new WeakMap<MarketDataProvider, ReturnType<typeof securityIndex>>();
function indexOf(provider: MarketDataProvider) {
  let index = indexes.get(provider);
  if (!index) {
    index = securityIndex(provider);
    indexes.set(provider, index);
  }
  return index;
}

export function requireSecurityById(context: MarketContext, id: number): SecurityInfo {
  const security = indexOf(context.provider).byId.get(id);
  if (!security) throw notFound(marketMessages.unknownSecurity);
  return security;
}

/**
 * The security of a holding, listed or not: a portfolio keeps what it bought before the server
 * switched to replayed prices, which list only securities with bars (docs/market.md "Real
 * prices as a school's choice"); `quoteOf` prices it at zero while it has no price.
 */
export function requireHeldSecurity(context: MarketContext, id: number): SecurityInfo {
  const security = indexOf(context.provider).byId.get(id) ?? securityById.get(id);
  if (!security) throw notFound(marketMessages.unknownSecurity);
  return security;
}

/** The security of a ticker, or undefined when the market has none. */
export function findSecurityBySymbol(
  context: MarketContext,
  symbol: string,
): SecurityInfo | undefined {
  return indexOf(context.provider).bySymbol.get(symbol.toUpperCase());
}

export function requireSecurityBySymbol(context: MarketContext, symbol: string): SecurityInfo {
  const security = indexOf(context.provider).bySymbol.get(symbol.toUpperCase());
  if (!security) throw notFound(marketMessages.unknownSymbol(symbol));
  return security;
}

export function requireSector(id: number): SectorProfile {
  const sector = sectorById.get(id);
  if (!sector) throw notFound(marketMessages.unknownSector);
  return sector;
}

const MS_PER_MINUTE = 60_000;
const rankings = new WeakMap<MarketDataProvider, { minute: number; caps: Map<string, number> }>();

/**
 * Every security's market cap at the live price, computed at most once a minute per provider:
 * the list's ranking (quoting the whole universe on every list request would cost more than
 * the page itself).
 */
async function liveMarketCaps(context: MarketContext): Promise<Map<string, number>> {
  const at = context.clock.now().getTime();
  const minute = Math.floor(at / MS_PER_MINUTE);
  const cached = rankings.get(context.provider);
  if (cached && cached.minute === minute) return cached.caps;
  const securities = context.provider.securities();
  const quotes = await quotesOf(context, securities);
  const caps = new Map(
    securities.map((security) => {
      const quote = quotes.get(security.symbol);
      const shares = quote
        ? sharesPerReferenceShare(context.provider, security.symbol, quote.asOf)
        : 1;
      return [security.symbol, liveMarketCapCents(security, quote?.lastCents ?? 0, shares)];
    }),
  );
  rankings.set(context.provider, { minute, caps });
  return caps;
}

/**
 * Securities matching a search and a sector, biggest first by market cap at the live price (the
 * one the list shows, ranked at most a minute ago), an exact ticker match on top.
 */
export async function searchSecurities(
  context: MarketContext,
  filter: { search?: string; sector?: number },
): Promise<SecurityInfo[]> {
  if (filter.sector !== undefined) requireSector(filter.sector);
  const needle = filter.search?.trim().toLowerCase() ?? '';
  const matches = context.provider.securities().filter((security) => {
    if (filter.sector !== undefined && security.sector.id !== filter.sector) return false;
    if (!needle) return true;
    return (
      security.symbol.toLowerCase().startsWith(needle) ||
      security.name.toLowerCase().includes(needle)
    );
  });
  const exact = (security: SecurityInfo) => (security.symbol.toLowerCase() === needle ? 0 : 1);
  const caps = await liveMarketCaps(context);
  const cap = (security: SecurityInfo) =>
    caps.get(security.symbol) ?? security.fundamentals.marketCapCents;
  return matches.sort(
    (a, b) => exact(a) - exact(b) || cap(b) - cap(a) || a.symbol.localeCompare(b.symbol),
  );
}

export async function quoteOf(context: MarketContext, security: SecurityInfo): Promise<Quote> {
  const at = context.clock.now().getTime();
  const quote = await context.provider.quote(security.symbol, at);
  // A replayed security with no bar yet: no price to show, so zero rather than a guess.
  return (
    quote ?? {
      symbol: security.symbol,
      lastCents: 0,
      previousCloseCents: 0,
      asOf: at,
      isOpen: false,
    }
  );
}

export async function quotesOf(
  context: MarketContext,
  securities: readonly SecurityInfo[],
): Promise<Map<string, Quote>> {
  const quotes = await Promise.all(securities.map((security) => quoteOf(context, security)));
  return new Map(quotes.map((quote) => [quote.symbol, quote]));
}

export function changeRatio(quote: Quote): number {
  if (quote.previousCloseCents === 0) return 0;
  return (quote.lastCents - quote.previousCloseCents) / quote.previousCloseCents;
}

/** Each sector's market-cap-weighted daily change (companies only, not ETFs). */
export async function sectorPerformance(context: MarketContext) {
  const companies = context.provider.securities().filter((security) => security.kind === 'stock');
  const quotes = await quotesOf(context, companies);
  return SECTORS.map((sector) => {
    let weighted = 0;
    let weights = 0;
    for (const security of companies) {
      if (security.sector.id !== sector.id) continue;
      const quote = quotes.get(security.symbol);
      if (!quote || quote.previousCloseCents === 0) continue;
      weighted += changeRatio(quote) * security.fundamentals.marketCapCents;
      weights += security.fundamentals.marketCapCents;
    }
    return {
      id: sector.id,
      name: sector.name,
      slug: sector.slug,
      daily_change_ratio: weights > 0 ? Math.round((weighted / weights) * 1e6) / 1e6 : 0,
    };
  });
}

/** The start of a chart's window, and the resolution of its points. */
function windowOf(context: MarketContext, duration: Duration, at: number) {
  const date = new Date(at);
  const monthsBack = (months: number) => {
    const start = new Date(at);
    start.setUTCMonth(date.getUTCMonth() - months);
    return start.getTime();
  };
  switch (duration) {
    case '1D': {
      const state = sessionState(context.provider.calendar, at);
      return { from: context.provider.calendar.session(state.day).open, stepMinutes: 5 };
    }
    case '1W':
      return { from: at - 7 * MS_PER_DAY, stepMinutes: 30 };
    case '1M':
      return { from: monthsBack(1), stepMinutes: null };
    case '1Y':
      return { from: monthsBack(12), stepMinutes: null };
    case '5Y':
      return { from: monthsBack(60), stepMinutes: null };
  }
}

async function pointsOf(
  context: MarketContext,
  symbol: string,
  duration: Duration,
  at: number,
  warmupPoints = 0,
): Promise<{ points: PriceAt[]; from: number }> {
  const { from, stepMinutes } = windowOf(context, duration, at);
  // Enough extra calendar days to cover `warmupPoints` earlier points, holidays included.
  const extraDays = warmupPoints === 0 ? 0 : stepMinutes ? 7 : Math.ceil(warmupPoints * 1.6) + 10;
  const start = from - extraDays * MS_PER_DAY;
  const points = stepMinutes
    ? await context.provider.intraday(symbol, start, at, stepMinutes)
    : await context.provider.dailyCloses(symbol, start, at);
  return { points, from };
}

/** Session closes repeat across every chart: format each instant once. */
const isoCache = new Map<number, string>();
function isoOf(time: number): string {
  let iso = isoCache.get(time);
  if (iso === undefined) {
    iso = new Date(time).toISOString();
    if (isoCache.size > 50_000) isoCache.clear();
    isoCache.set(time, iso);
  }
  return iso;
}

function toPricePoint(point: PriceAt): PricePoint {
  return { date: isoOf(point.time), price: point.cents };
}

export async function priceHistory(
  context: MarketContext,
  symbol: string,
  duration: Duration,
): Promise<PricePoint[]> {
  const security = requireSecurityBySymbol(context, symbol);
  const { points } = await pointsOf(
    context,
    security.symbol,
    duration,
    context.clock.now().getTime(),
  );
  return points.map(toPricePoint);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** SMA or Bollinger Bands over the chart's own points, computed with warm-up before the window. */
export async function technicalIndicator(
  context: MarketContext,
  symbol: string,
  duration: Duration,
  indicator: Indicator,
) {
  if (duration === '1D') throw badRequest({ duration: marketMessages.indicatorOn1D });
  const security = requireSecurityBySymbol(context, symbol);
  const at = context.clock.now().getTime();
  const { points, from } = await pointsOf(context, security.symbol, duration, at, INDICATOR_PERIOD);
  const values = points.map((point) => point.cents);
  const shown = (index: number) => (points[index] as PriceAt).time >= from;
  if (indicator === 'SMA') {
    return simpleMovingAverage(values, INDICATOR_PERIOD).flatMap((value, index) =>
      value === null || !shown(index)
        ? []
        : [{ date: isoOf((points[index] as PriceAt).time), SMA: round2(value) }],
    );
  }
  return bollingerBands(values, INDICATOR_PERIOD, BBANDS_DEVIATIONS).flatMap((bands, index) =>
    bands === null || !shown(index)
      ? []
      : [
          {
            date: isoOf((points[index] as PriceAt).time),
            'Real Upper Band': round2(bands.upper),
            'Real Lower Band': round2(bands.lower),
            'Real Middle Band': round2(bands.middle),
          },
        ],
  );
}

export async function newsAbout(
  context: MarketContext,
  security: SecurityInfo,
): Promise<MarketEvent[]> {
  return context.provider.events({ symbol: security.symbol }, context.clock.now().getTime());
}

export async function marketNews(context: MarketContext): Promise<MarketEvent[]> {
  return context.provider.events({ all: true }, context.clock.now().getTime());
}

export async function requireNewsEvent(context: MarketContext, id: string): Promise<MarketEvent> {
  const event = await context.provider.event(id, context.clock.now().getTime());
  if (!event) throw notFound(marketMessages.unknownNews);
  return event;
}

export function marketStatus(context: MarketContext): MarketStatus {
  const at = context.clock.now().getTime();
  const { calendar } = context.provider;
  const state = sessionState(calendar, at);
  const reference = context.provider.referenceDay(at);
  return {
    provider: context.provider.name,
    calendar: calendar.name,
    simulated: context.provider.simulated,
    is_open: state.isOpen,
    as_of: new Date(at).toISOString(),
    next_open: state.isOpen ? null : new Date(state.nextOpen).toISOString(),
    next_close: new Date(state.nextClose).toISOString(),
    reference_date: reference?.date ?? null,
    reference_state: reference?.state ?? null,
  };
}

/**
 * A stock's typical day (the trade coach, docs/decisions/047-trade-coach.md): the mean absolute
 * change between its last daily closes, in cents per share; null without two closes. The live
 * price of an open session is left out, so a day half over does not count as a day.
 */
export async function typicalDailyMove(
  context: MarketContext,
  security: SecurityInfo,
): Promise<number | null> {
  const at = context.clock.now().getTime();
  // Twenty trading days fit in six weeks, holidays included.
  const points = await context.provider.dailyCloses(security.symbol, at - 42 * MS_PER_DAY, at);
  const closes = points.map((point) => point.cents);
  if (sessionState(context.provider.calendar, at).isOpen) closes.pop();
  return typicalDailyMoveCents(closes, TYPICAL_MOVE_DAYS);
}

/** Reads the splits staff scheduled into the provider, so every process prices them alike. */
export async function refreshScheduledSplits(db: Executor, context: MarketContext): Promise<void> {
  context.provider.useScheduledSplits(await scheduledSplits(db));
}

export function presentSplit(row: CorporateActionRow): Split {
  return {
    id: row.id,
    symbol: row.symbol,
    numerator: row.numerator!,
    denominator: row.denominator!,
    effective_date: row.day,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listScheduledSplits(db: Executor): Promise<Split[]> {
  return (await scheduledSplitRows(db)).map(presentSplit);
}

/**
 * Schedules a split (staff only; the route checks): a security the provider lists, a trading
 * day after today in New York. From the close before that day its price is divided by the
 * ratio, and the trading job applies the split to every contest holding it.
 */
export async function scheduleSplit(
  db: Executor,
  context: MarketContext,
  input: Omit<ScheduleSplitInput, 'symbol'> & { symbol: string },
  staffId: number,
): Promise<Split> {
  const security = indexOf(context.provider).bySymbol.get(input.symbol);
  if (!security) throw badRequest({ symbol: [marketMessages.unknownSymbol(input.symbol)] });
  const [year, month, day] = input.effective_date.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const effective = dayNumber(year, month, day);
  const today = newYorkDay(context.clock.now().getTime());
  if (effective <= today) throw badRequest({ effective_date: [splitMessages.notAfterToday] });
  if (!context.provider.calendar.isTradingDay(effective)) {
    throw badRequest({ effective_date: [splitMessages.notTradingDay] });
  }
  const row = await insertScheduledSplit(
    db,
    {
      symbol: security.symbol,
      effectiveDate: input.effective_date,
      numerator: input.numerator,
      denominator: input.denominator,
    },
    staffId,
  );
  if (!row) throw conflict(splitMessages.alreadyScheduled(security.symbol, input.effective_date));
  await refreshScheduledSplits(db, context);
  return presentSplit(row);
}
