import { describe, expect, it } from 'vitest';
import { alwaysOpenCalendar, dayNumber, nyseCalendar } from './calendar.ts';
import { bollingerBands, simpleMovingAverage } from './indicators.ts';
import { simulatedProvider } from './provider-simulated.ts';
import { SimulatedModel } from './simulation.ts';
import { UNIVERSE } from './universe.ts';

const AT = Date.parse('2025-06-11T15:00:00Z');
const FIVE_YEARS_AGO = Date.parse('2020-06-11T15:00:00Z');

describe('determinism', () => {
  it('gives the same series for the same seed and a different one for another seed', async () => {
    const first = new SimulatedModel('seed-a', nyseCalendar);
    const again = new SimulatedModel('seed-a', nyseCalendar);
    const other = new SimulatedModel('seed-b', nyseCalendar);
    const security = UNIVERSE[0];
    if (!security) throw new Error('empty universe');
    const day = dayNumber(2025, 6, 11);
    const closes = (model: SimulatedModel) => Array.from(model.series(security, day).closes);
    expect(closes(first)).toEqual(closes(again));
    expect(closes(first)).not.toEqual(closes(other));
    // Growing later does not change the past.
    const short = closes(new SimulatedModel('seed-a', nyseCalendar)).slice(0, 1000);
    first.series(security, dayNumber(2026, 6, 1));
    expect(closes(first).slice(0, 1000)).toEqual(short);

    const a = await simulatedProvider('seed-a', nyseCalendar).intraday(
      'AAPL',
      AT - 86_400_000,
      AT,
      5,
    );
    const b = await simulatedProvider('seed-a', nyseCalendar).intraday(
      'AAPL',
      AT - 86_400_000,
      AT,
      5,
    );
    expect(a).toEqual(b);
  });

  it('keeps fundamentals plausible for every security', () => {
    expect(UNIVERSE.length).toBeGreaterThanOrEqual(300);
    expect(new Set(UNIVERSE.map((security) => security.symbol)).size).toBe(UNIVERSE.length);
    expect(new Set(UNIVERSE.map((security) => security.sector.id)).size).toBe(11);
    for (const security of UNIVERSE) {
      const { fundamentals } = security;
      expect(fundamentals.marketCapCents).toBeGreaterThan(0);
      expect(Number.isSafeInteger(fundamentals.marketCapCents)).toBe(true);
      if (security.kind === 'stock' && fundamentals.peRatio !== null) {
        // Real trailing P/Es of the reference date: a few times earnings up to Palantir's ~600.
        expect(fundamentals.peRatio).toBeGreaterThan(2);
        expect(fundamentals.peRatio).toBeLessThan(1000);
      }
      expect(security.beta).toBeGreaterThan(0.3);
      expect(security.beta).toBeLessThan(2);
    }
  });
});

function stats(xs: number[], ys: number[]) {
  const n = xs.length;
  const mx = xs.reduce((s, v) => s + v, 0) / n;
  const my = ys.reduce((s, v) => s + v, 0) / n;
  let cov = 0;
  let vx = 0;
  let vy = 0;
  for (let i = 0; i < n; i += 1) {
    cov += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    vx += ((xs[i] as number) - mx) ** 2;
    vy += ((ys[i] as number) - my) ** 2;
  }
  return {
    beta: cov / vx,
    correlation: cov / Math.sqrt(vx * vy),
    volatility: Math.sqrt(vy / (n - 1)),
  };
}

describe('statistics over five years', () => {
  const provider = simulatedProvider('statistics', nyseCalendar);
  const model = provider.model;

  it('gives annual volatility by beta bucket, positive market correlation and measured betas that follow the inputs', () => {
    const day = dayNumber(2025, 6, 11);
    const security0 = UNIVERSE[0];
    if (!security0) throw new Error('empty universe');
    const series0 = model.series(security0, day);
    const last = series0.length - 40;
    const first = last - 1260;
    const market = model.marketReturns(last + 1).slice(first + 1, last + 1);
    const buckets: Record<'low' | 'mid' | 'high', number[]> = { low: [], mid: [], high: [] };
    const measured: { input: number; beta: number }[] = [];
    for (const security of UNIVERSE.filter((candidate) => candidate.kind === 'stock')) {
      const closes = model.series(security, day).closes;
      const returns: number[] = [];
      for (let index = first + 1; index <= last; index += 1) {
        returns.push(Math.log((closes[index] as number) / (closes[index - 1] as number)));
      }
      const result = stats(market, returns);
      const annual = result.volatility * Math.sqrt(252);
      const bucket = security.beta < 0.8 ? 'low' : security.beta <= 1.2 ? 'mid' : 'high';
      buckets[bucket].push(annual);
      expect(result.correlation, security.symbol).toBeGreaterThan(0.15);
      expect(Math.abs(result.beta - security.beta), security.symbol).toBeLessThan(0.25);
      measured.push({ input: security.beta, beta: result.beta });
      // Every company's annualised volatility stays within what real stocks show.
      expect(annual, security.symbol).toBeGreaterThan(0.1);
      expect(annual, security.symbol).toBeLessThan(0.7);
    }
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean(buckets.low)).toBeGreaterThan(0.12);
    expect(mean(buckets.low)).toBeLessThan(0.3);
    expect(mean(buckets.mid)).toBeGreaterThan(0.2);
    expect(mean(buckets.mid)).toBeLessThan(0.4);
    expect(mean(buckets.high)).toBeGreaterThan(0.28);
    expect(mean(buckets.high)).toBeLessThan(0.55);
    expect(mean(buckets.low)).toBeLessThan(mean(buckets.mid));
    expect(mean(buckets.mid)).toBeLessThan(mean(buckets.high));
    // Higher input beta, higher measured beta: compare the top and bottom quartiles.
    measured.sort((a, b) => a.input - b.input);
    const quarter = Math.floor(measured.length / 4);
    expect(mean(measured.slice(-quarter).map((m) => m.beta))).toBeGreaterThan(
      mean(measured.slice(0, quarter).map((m) => m.beta)) + 0.4,
    );
    // The market factor itself: about 16% a year.
    expect(stats(market, market).volatility * Math.sqrt(252)).toBeGreaterThan(0.12);
    expect(stats(market, market).volatility * Math.sqrt(252)).toBeLessThan(0.22);
  });

  it('has about one company jump a year, and none for ETFs', () => {
    let jumps = 0;
    let etfJumps = 0;
    const day = dayNumber(2025, 6, 11);
    const security0 = UNIVERSE[0];
    if (!security0) throw new Error('empty universe');
    const last = model.series(security0, day).length - 40;
    for (const security of UNIVERSE) {
      const count = model.companyEvents(security, last - 1259, last).length;
      if (security.kind === 'etf') etfJumps += count;
      else jumps += count;
    }
    const companies = UNIVERSE.filter((security) => security.kind === 'stock').length;
    expect(jumps / companies / 5).toBeGreaterThan(0.8);
    expect(jumps / companies / 5).toBeLessThan(1.6);
    expect(etfJumps).toBe(0);
  });

  it('keeps every price positive and plausible, and supports an always-open calendar', async () => {
    for (const security of UNIVERSE.slice(0, 50)) {
      const closes = await provider.dailyCloses(security.symbol, FIVE_YEARS_AGO, AT);
      for (const point of closes) {
        expect(point.cents).toBeGreaterThan(100);
        expect(point.cents).toBeLessThan(500_000);
      }
    }
    const always = simulatedProvider('statistics', alwaysOpenCalendar);
    const saturday = Date.parse('2025-06-14T16:00:00Z');
    const first = await always.quote('AAPL', saturday);
    const later = await always.quote('AAPL', saturday + 30 * 60_000);
    expect(first?.isOpen).toBe(true);
    expect(later?.lastCents).not.toBe(first?.lastCents);
  });
});

describe('indicators', () => {
  it('SMA equals hand-computed means', () => {
    const values = [10, 11, 12, 13, 14, 15];
    expect(simpleMovingAverage(values, 3)).toEqual([null, null, 11, 12, 13, 14]);
    expect(simpleMovingAverage([2, 4, 6, 8], 4)).toEqual([null, null, null, 5]);
  });

  it('Bollinger Bands equal mean ± k population standard deviations', () => {
    // Window [2, 4, 4, 4, 5, 5, 7, 9]: mean 5, population sd 2.
    const bands = bollingerBands([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    expect(bands.slice(0, 7).every((value) => value === null)).toBe(true);
    expect(bands[7]).toEqual({ lower: 1, middle: 5, upper: 9 });
    const next = bollingerBands([1, 2, 3, 4], 3, 1);
    // Window [2, 3, 4]: mean 3, population sd sqrt(2/3).
    expect(next[3]?.middle).toBeCloseTo(3, 10);
    expect(next[3]?.upper).toBeCloseTo(3 + Math.sqrt(2 / 3), 10);
  });
});
