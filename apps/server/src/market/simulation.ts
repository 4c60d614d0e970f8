import { dayNumber, isoDay, newYorkInstant, type ExchangeCalendar } from './calendar.ts';
import type { MarketEvent } from './provider.ts';
import { hashSeed, Random } from './random.ts';
import { REFERENCE_DATE, shareClassOf } from './reference-levels.ts';
import { lastIndexAtOrBefore, type DailySeries } from './series.ts';
import { SECTORS } from './sectors.ts';
import { securityBySymbol, type SecurityInfo } from './universe.ts';

/**
 * The simulated exchange: a seeded factor model over the sessions of a calendar.
 *
 *   r_stock = beta · r_market + loading · r_sector + sigma_own · √dt · z + jump − pull
 *
 * r_market has drift, volatility and rare market-wide jumps; each sector has its own factor;
 * each company has its own noise and occasional jumps (earnings surprises, which make news).
 * A weak pull towards a slowly growing target keeps prices in a plausible range forever.
 * Every series starts at EPOCH and grows on demand, so the price of a day never depends on
 * when it was first computed: same seed, same prices.
 *
 * Anchoring: each path is scaled once, by a constant, so that its close on the last session at
 * or before REFERENCE_DATE equals the security's reference price (reference-levels.ts). A
 * constant scale leaves every daily return, hence volatility and beta, as the model drew them.
 * A second share class of a company (GOOG, BRK.A) has no path of its own: it is its base
 * class's path times the real ratio, every day.
 */
export const EPOCH_DAY = dayNumber(2010, 1, 4);
/** Paths close at the reference price on this day; the pull's target equals it then. */
export const REFERENCE_DAY = dayNumber(
  ...(REFERENCE_DATE.split('-').map(Number) as [number, number, number]),
);

export const MODEL = {
  marketDrift: 0.07,
  marketVolatility: 0.16,
  /** Market-wide shocks per year and their size (mean, spread). */
  marketJumpsPerYear: 0.6,
  marketJumpMean: -0.01,
  marketJumpSpread: 0.035,
  /** Company jumps per year, and their size: 4% plus an exponential tail of mean 4%. */
  companyJumpsPerYear: 1.2,
  companyJumpFloor: 0.04,
  companyJumpTail: 0.04,
  /** Pull per year towards the target; the target grows this much a year. */
  meanReversion: 0.35,
  targetGrowth: 0.06,
  /** Overnight gap noise, as a share of daily volatility. */
  gapNoise: 0.15,
  /** A sector or market day this many standard deviations from zero makes news. */
  newsThreshold: 2,
};

type Growable = { values: number[]; random: Random };

export class Timeline {
  readonly days: number[] = [];
  readonly closeTimes: number[] = [];
  private lastDay = EPOCH_DAY - 1;

  constructor(readonly calendar: ExchangeCalendar) {}

  /** Extends the sessions through `day` (and a little beyond, to amortise growth). */
  ensureThrough(day: number): void {
    if (day <= this.lastDay) return;
    const until = day + 30;
    for (let candidate = this.lastDay + 1; candidate <= until; candidate += 1) {
      if (!this.calendar.isTradingDay(candidate)) continue;
      this.days.push(candidate);
      this.closeTimes.push(this.calendar.session(candidate).close);
    }
    this.lastDay = until;
  }
}

type CompanyPath = {
  opens: number[];
  closes: number[];
  jumps: number[];
  random: Random;
  /** The unscaled log-price the model walks. */
  logPrice: number;
  /** Anchoring scale applied to every stored price (1 until the reference day is reached). */
  scale: number;
  anchored: boolean;
  series: DailySeries;
};

export class SimulatedModel {
  readonly timeline: Timeline;
  readonly dt: number;
  private readonly market: Growable & { jumps: number[] };
  private readonly sectors = new Map<number, Growable>();
  private readonly companies = new Map<string, CompanyPath>();

  constructor(
    readonly seed: string,
    readonly calendar: ExchangeCalendar,
  ) {
    this.timeline = new Timeline(calendar);
    this.dt = 1 / calendar.sessionsPerYear;
    this.market = { values: [], jumps: [], random: new Random(hashSeed(seed, 'market')) };
  }

  /** Daily log-returns of the market factor for the first `count` sessions. */
  marketReturns(count: number): number[] {
    const { values, jumps, random } = this.market;
    const { dt } = this;
    const volatility = MODEL.marketVolatility * Math.sqrt(dt);
    const drift = (MODEL.marketDrift - MODEL.marketVolatility ** 2 / 2) * dt;
    const jumpChance = MODEL.marketJumpsPerYear * dt;
    while (values.length < count) {
      // Always draw the same number of values per session: the stream stays aligned.
      const z = random.normal();
      const u = random.uniform();
      const size = MODEL.marketJumpMean + MODEL.marketJumpSpread * random.normal();
      const jump = u < jumpChance ? size : 0;
      jumps.push(jump);
      values.push(drift + volatility * z + jump);
    }
    return values;
  }

  sectorReturns(sectorId: number, count: number): number[] {
    let sector = this.sectors.get(sectorId);
    if (!sector) {
      sector = { values: [], random: new Random(hashSeed(this.seed, 'sector', sectorId)) };
      this.sectors.set(sectorId, sector);
    }
    const profile = SECTORS.find((candidate) => candidate.id === sectorId);
    const volatility = (profile?.sectorVolatility ?? 0.1) * Math.sqrt(this.dt);
    while (sector.values.length < count) sector.values.push(volatility * sector.random.normal());
    return sector.values;
  }

  /** Total daily volatility of a company (market, sector and own moves together). */
  dailyVolatility(security: SecurityInfo): number {
    const annual = Math.sqrt(
      (security.beta * MODEL.marketVolatility) ** 2 +
        (security.sectorLoading * security.sector.sectorVolatility) ** 2 +
        security.idiosyncraticVolatility ** 2,
    );
    return annual * Math.sqrt(this.dt);
  }

  /** Index of the last session at or before the reference day: the anchoring session. */
  private anchorIndex(): number {
    this.timeline.ensureThrough(REFERENCE_DAY);
    const { days } = this.timeline;
    return lastIndexAtOrBefore(days, days.length, REFERENCE_DAY);
  }

  /** The daily series of a company, computed lazily and grown through `day`. */
  series(security: SecurityInfo, day: number): DailySeries {
    const shareClass = shareClassOf(security.symbol);
    const base = shareClass ? securityBySymbol.get(shareClass.baseSymbol) : undefined;
    if (shareClass && base && base !== security) {
      return this.derivedSeries(security, base, shareClass.ratio, day);
    }
    // Always through the reference day, so that the path can be anchored when it starts.
    this.timeline.ensureThrough(Math.max(day, REFERENCE_DAY));
    const count = this.timeline.days.length;
    let path = this.companies.get(security.symbol);
    if (!path) {
      const target = this.targetLogPrice(security, EPOCH_DAY);
      const opens: number[] = [];
      const closes: number[] = [];
      const timeline = this.timeline;
      const series: DailySeries = {
        days: timeline.days,
        closeTimes: timeline.closeTimes,
        opens,
        closes,
        dailyVolatility: this.dailyVolatility(security),
        length: 0,
      };
      path = {
        opens,
        closes,
        jumps: [],
        random: new Random(hashSeed(this.seed, 'company', security.symbol)),
        logPrice: target,
        scale: 1,
        anchored: false,
        series,
      };
      this.companies.set(security.symbol, path);
    }
    if (path.closes.length < count) this.grow(security, path, count);
    if (!path.anchored) this.anchor(security, path);
    path.series.length = count;
    return path.series;
  }

  /** Scales the path so that it closes at the reference price on the anchoring session. */
  private anchor(security: SecurityInfo, path: CompanyPath): void {
    const index = this.anchorIndex();
    const close = path.closes[index];
    if (index < 0 || close === undefined) return;
    const scale = security.referencePrice / close;
    for (let i = 0; i < path.closes.length; i += 1) {
      path.opens[i] = (path.opens[i] as number) * scale;
      path.closes[i] = (path.closes[i] as number) * scale;
    }
    path.scale = scale;
    path.anchored = true;
  }

  /** A second share class: its base class's bars times the ratio, grown alongside. */
  private derivedSeries(
    security: SecurityInfo,
    base: SecurityInfo,
    ratio: number,
    day: number,
  ): DailySeries {
    const baseSeries = this.series(base, day);
    const basePath = this.companies.get(base.symbol) as CompanyPath;
    let path = this.companies.get(security.symbol);
    if (!path) {
      const opens: number[] = [];
      const closes: number[] = [];
      path = {
        opens,
        closes,
        jumps: basePath.jumps,
        random: basePath.random,
        logPrice: 0,
        scale: ratio,
        anchored: true,
        series: { ...baseSeries, opens, closes },
      };
      this.companies.set(security.symbol, path);
    }
    for (let index = path.closes.length; index < basePath.closes.length; index += 1) {
      path.opens.push((basePath.opens[index] as number) * ratio);
      path.closes.push((basePath.closes[index] as number) * ratio);
    }
    path.series.length = baseSeries.length;
    return path.series;
  }

  /** The pull's target: the (unscaled) reference price, growing slowly. */
  private targetLogPrice(security: SecurityInfo, day: number): number {
    return (
      Math.log(security.referencePrice) + (MODEL.targetGrowth * (day - REFERENCE_DAY)) / 365.25
    );
  }

  private grow(security: SecurityInfo, path: CompanyPath, count: number): void {
    const market = this.marketReturns(count);
    const sector = this.sectorReturns(security.sector.id, count);
    const { dt } = this;
    const ownVolatility = security.idiosyncraticVolatility * Math.sqrt(dt);
    const convexity = -0.5 * ownVolatility ** 2;
    const jumpChance = security.kind === 'etf' ? 0 : MODEL.companyJumpsPerYear * dt;
    const dailyVolatility = path.series.dailyVolatility;
    const { random } = path;
    for (let index = path.closes.length; index < count; index += 1) {
      const z = random.normal();
      const u = random.uniform();
      const sign = random.uniform() < 0.55 ? 1 : -1;
      const tail = -Math.log(random.uniform()) * MODEL.companyJumpTail;
      const gapZ = random.normal();
      const jump = u < jumpChance ? sign * Math.min(MODEL.companyJumpFloor + tail, 0.35) : 0;
      const day = this.timeline.days[index] as number;
      const pull = MODEL.meanReversion * dt * (path.logPrice - this.targetLogPrice(security, day));
      const previousClose = Math.exp(path.logPrice) * path.scale;
      path.logPrice +=
        convexity +
        security.beta * (market[index] as number) +
        security.sectorLoading * (sector[index] as number) +
        ownVolatility * z +
        jump -
        pull;
      const close = Math.exp(path.logPrice) * path.scale;
      // The overnight gap carries any jump: earnings news comes out before the open.
      const open =
        index === 0
          ? close
          : previousClose * Math.exp(jump + MODEL.gapNoise * dailyVolatility * gapZ);
      path.opens.push(open);
      path.closes.push(close);
      path.jumps.push(jump);
    }
  }

  /** Company jumps (earnings-like surprises) of a symbol in sessions [first, last]. */
  companyEvents(security: SecurityInfo, first: number, last: number): MarketEvent[] {
    const series = this.series(security, this.timeline.days[last] ?? EPOCH_DAY);
    const path = this.companies.get(security.symbol);
    const events: MarketEvent[] = [];
    if (!path) return events;
    for (let index = Math.max(first, 1); index <= last && index < series.length; index += 1) {
      const jump = path.jumps[index] as number;
      if (jump === 0) continue;
      const day = this.timeline.days[index] as number;
      events.push({
        id: `c-${security.symbol.toLowerCase()}-${day}`,
        kind: 'company',
        move: (path.closes[index] as number) / (path.closes[index - 1] as number) - 1,
        day,
        // The story tells the session's whole move, known at its close.
        publishedAt: this.afterClose(day),
        symbol: security.symbol,
        sectorId: security.sector.id,
      });
    }
    return events;
  }

  /**
   * A company's quarterly results in sessions [first, last]: the first session on or after its
   * reporting date each quarter (`reportingDay`), none for an ETF. The move is that session's
   * close-to-close return, and the story is published after the close, so what it says of the
   * shares is what the chart shows and never comes before it.
   */
  earningsEvents(security: SecurityInfo, first: number, last: number): MarketEvent[] {
    if (security.kind === 'etf') return [];
    const series = this.series(security, this.timeline.days[last] ?? EPOCH_DAY);
    const events: MarketEvent[] = [];
    const { days } = this.timeline;
    for (let index = Math.max(first, 1); index <= last && index < series.length; index += 1) {
      const day = days[index] as number;
      const reporting = reportingDay(security.symbol, day);
      if (!((days[index - 1] as number) < reporting && reporting <= day)) continue;
      events.push({
        id: `e-${security.symbol.toLowerCase()}-${day}`,
        kind: 'earnings',
        move: (series.closes[index] as number) / (series.closes[index - 1] as number) - 1,
        day,
        publishedAt: this.afterClose(day),
        symbol: security.symbol,
        sectorId: security.sector.id,
      });
    }
    return events;
  }

  sectorEvents(sectorId: number, first: number, last: number): MarketEvent[] {
    const returns = this.sectorReturns(sectorId, last + 1);
    const profile = SECTORS.find((candidate) => candidate.id === sectorId);
    const threshold = MODEL.newsThreshold * (profile?.sectorVolatility ?? 0.1) * Math.sqrt(this.dt);
    const events: MarketEvent[] = [];
    for (let index = Math.max(first, 0); index <= last; index += 1) {
      const move = returns[index] as number;
      if (Math.abs(move) < threshold) continue;
      const day = this.timeline.days[index] as number;
      events.push({
        id: `s-${sectorId}-${day}`,
        kind: 'sector',
        move: Math.expm1(move),
        day,
        publishedAt: this.afterClose(day),
        sectorId,
      });
    }
    return events;
  }

  marketEvents(first: number, last: number): MarketEvent[] {
    const returns = this.marketReturns(last + 1);
    const threshold = MODEL.newsThreshold * MODEL.marketVolatility * Math.sqrt(this.dt);
    const events: MarketEvent[] = [];
    for (let index = Math.max(first, 0); index <= last; index += 1) {
      const move = returns[index] as number;
      if (Math.abs(move) < threshold && this.market.jumps[index] === 0) continue;
      const day = this.timeline.days[index] as number;
      events.push({
        id: `m-${day}`,
        kind: 'market',
        move: Math.expm1(move),
        day,
        publishedAt: this.afterClose(day),
      });
    }
    return events;
  }

  private beforeOpen(day: number): number {
    return this.calendar.name === 'nyse'
      ? newYorkInstant(day, 8 * 60)
      : this.calendar.session(day).open;
  }

  private afterClose(day: number): number {
    return this.calendar.name === 'nyse'
      ? newYorkInstant(day, 16 * 60 + 15)
      : this.calendar.session(day).close - 60_000;
  }
}

/** Reporting seasons start this many days into January, April, July and October… */
const REPORTING_SEASON_START = 11;
/** …and last this many days: each company has its own day in the season, every quarter. */
const REPORTING_SEASON_DAYS = 24;

/**
 * The calendar day (a day number) on which a company reports in the quarter of `day`. A second
 * share class reports with its base class (GOOG with GOOGL).
 */
export function reportingDay(symbol: string, day: number): number {
  const [year, month] = isoDay(day).split('-').map(Number) as [number, number];
  const quarterMonth = month - ((month - 1) % 3);
  const company = shareClassOf(symbol)?.baseSymbol ?? symbol;
  return (
    dayNumber(year, quarterMonth, 1) +
    REPORTING_SEASON_START +
    (hashSeed('earnings', company) % REPORTING_SEASON_DAYS)
  );
}

const models = new Map<string, SimulatedModel>();

/** One model per (seed, calendar) in the process: series are shared and computed once. */
export function simulatedModel(seed: string, calendar: ExchangeCalendar): SimulatedModel {
  const key = `${calendar.name}:${seed}`;
  let model = models.get(key);
  if (!model) {
    model = new SimulatedModel(seed, calendar);
    models.set(key, model);
  }
  return model;
}
