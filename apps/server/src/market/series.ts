import { newYorkDay, sessionState, type ExchangeCalendar } from './calendar.ts';
import { dollarsToCents } from '@bullpen/contract/money';
import type { PriceAt, Quote } from './provider.ts';
import { hashSeed, Random } from './random.ts';
import { shareClassOf } from './reference-levels.ts';

/**
 * Daily bars of one security, oldest first. Arrays may run past "now": every reader bounds
 * them by the instant it was asked about.
 */
export type DailySeries = {
  days: ArrayLike<number>;
  closeTimes: ArrayLike<number>;
  opens: ArrayLike<number>;
  closes: ArrayLike<number>;
  /** Typical daily log-return volatility, for the intraday path. */
  dailyVolatility: number;
  length: number;
};

export function toCents(dollars: number): number {
  return Math.max(1, dollarsToCents(dollars));
}

/** Index of the last element <= value in an ascending array, or -1. */
export function lastIndexAtOrBefore(
  values: ArrayLike<number>,
  length: number,
  value: number,
): number {
  let low = 0;
  let high = length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((values[middle] as number) <= value) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

const MS_PER_MINUTE = 60_000;
const PATH_CACHE_LIMIT = 4_000;

/**
 * Prices inside a session: a Brownian bridge, minute by minute, from the day's open to its
 * close, so the intraday line always lands on the daily close. Seeded by (seed, symbol, day).
 */
export class IntradayPaths {
  private cache = new Map<string, Float64Array>();

  constructor(
    private readonly seed: string,
    private readonly calendar: ExchangeCalendar,
  ) {}

  path(symbol: string, series: DailySeries, index: number): Float64Array {
    const day = series.days[index] as number;
    const key = `${symbol}:${day}`;
    const cached = this.cache.get(key);
    if (cached) {
      // Re-insert: the Map's order doubles as least-recently-used order.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const { open, close } = this.calendar.session(day);
    const steps = Math.round((close - open) / MS_PER_MINUTE);
    // Share classes of one company walk the same intraday path (their bars differ by a ratio).
    const walker = shareClassOf(symbol)?.baseSymbol ?? symbol;
    const random = new Random(hashSeed(this.seed, 'intraday', walker, day));
    const stepVolatility = (series.dailyVolatility * 0.9) / Math.sqrt(steps);
    const walk = new Float64Array(steps + 1);
    for (let step = 1; step <= steps; step += 1) {
      walk[step] = (walk[step - 1] as number) + stepVolatility * random.normal();
    }
    const logOpen = Math.log(series.opens[index] as number);
    const logClose = Math.log(series.closes[index] as number);
    const gap = (walk[steps] as number) - (logClose - logOpen);
    const path = new Float64Array(steps + 1);
    for (let step = 0; step <= steps; step += 1) {
      path[step] = Math.exp(logOpen + (walk[step] as number) - (step / steps) * gap);
    }
    this.cache.set(key, path);
    if (this.cache.size > PATH_CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return path;
  }

  /** The price at an instant inside the session of `index`, interpolated between minutes. */
  priceAt(symbol: string, series: DailySeries, index: number, instant: number): number {
    const path = this.path(symbol, series, index);
    const { open } = this.calendar.session(series.days[index] as number);
    const minutes = Math.min(Math.max((instant - open) / MS_PER_MINUTE, 0), path.length - 1);
    const before = Math.floor(minutes);
    const after = Math.min(before + 1, path.length - 1);
    const weight = minutes - before;
    return (path[before] as number) * (1 - weight) + (path[after] as number) * weight;
  }
}

/** Quotes and chart series from daily bars plus intraday paths: shared by every provider. */
export class SeriesPricing {
  readonly paths: IntradayPaths;

  constructor(
    seed: string,
    readonly calendar: ExchangeCalendar,
  ) {
    this.paths = new IntradayPaths(seed, calendar);
  }

  /** Index of the session in progress at `at`, if the series has a bar for it. */
  private openIndex(series: DailySeries, at: number): number {
    const state = sessionState(this.calendar, at);
    if (!state.isOpen) return -1;
    const index = lastIndexAtOrBefore(series.days, series.length, state.day);
    return index >= 0 && series.days[index] === state.day ? index : -1;
  }

  quote(symbol: string, series: DailySeries, at: number): Quote | null {
    const live = this.openIndex(series, at);
    if (live > 0) {
      return {
        symbol,
        lastCents: toCents(this.paths.priceAt(symbol, series, live, at)),
        previousCloseCents: toCents(series.closes[live - 1] as number),
        asOf: at,
        isOpen: true,
      };
    }
    const closed = lastIndexAtOrBefore(series.closeTimes, series.length, at);
    if (closed < 0) return null;
    return {
      symbol,
      lastCents: toCents(series.closes[closed] as number),
      previousCloseCents: toCents(series.closes[Math.max(closed - 1, 0)] as number),
      asOf: at,
      isOpen: false,
    };
  }

  dailyCloses(symbol: string, series: DailySeries, from: number, at: number): PriceAt[] {
    const last = lastIndexAtOrBefore(series.closeTimes, series.length, at);
    const first = lastIndexAtOrBefore(series.closeTimes, series.length, from - 1) + 1;
    const points: PriceAt[] = [];
    for (let index = first; index <= last; index += 1) {
      points.push({
        time: series.closeTimes[index] as number,
        cents: toCents(series.closes[index] as number),
      });
    }
    const live = this.openIndex(series, at);
    if (live > 0)
      points.push({ time: at, cents: toCents(this.paths.priceAt(symbol, series, live, at)) });
    return points;
  }

  intraday(
    symbol: string,
    series: DailySeries,
    from: number,
    at: number,
    stepMinutes: number,
  ): PriceAt[] {
    const points: PriceAt[] = [];
    const step = stepMinutes * MS_PER_MINUTE;
    let index = Math.max(lastIndexAtOrBefore(series.days, series.length, newYorkDay(from)), 0);
    for (; index < series.length; index += 1) {
      const { open, close } = this.calendar.session(series.days[index] as number);
      if (open > at) break;
      if (close < from) continue;
      const path = this.paths.path(symbol, series, index);
      for (let time = open; time <= close && time <= at; time += step) {
        if (time < from || (points.length > 0 && (points.at(-1) as PriceAt).time >= time)) continue;
        const minute = Math.min(Math.round((time - open) / MS_PER_MINUTE), path.length - 1);
        points.push({ time, cents: toCents(path[minute] as number) });
      }
      if (
        at < close &&
        (points.length === 0 || (points.at(-1) as PriceAt).time < at) &&
        at >= from
      ) {
        points.push({ time: at, cents: toCents(this.paths.priceAt(symbol, series, index, at)) });
      }
    }
    return points;
  }
}
