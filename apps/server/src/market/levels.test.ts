import { describe, expect, it } from 'vitest';
import { dayNumber, nyseCalendar } from './calendar.ts';
import { simulatedProvider } from './provider-simulated.ts';
import { referenceLevel, shareClassOf } from './reference-levels.ts';
import type { SectorSlug } from './sectors.ts';
import { REFERENCE_DAY } from './simulation.ts';
import { fundamentalsAt, sharesPerReferenceShare, UNIVERSE } from './universe.ts';

/**
 * The simulated market sits on real levels: every security closes at its reference price on
 * the reference date, sectors keep plausible volatility and beta, and share classes of one
 * company move together at their real ratio.
 */

const REFERENCE_CLOSE = nyseCalendar.session(REFERENCE_DAY).close;
/** Stated band: every close on the reference date within 0.5% of the reference price. */
const LEVEL_BAND = 0.005;
/** Stated band: share classes within 0.05% of their ratio at every daily close. */
const CLASS_BAND = 0.0005;

describe('reference levels in the simulation', () => {
  it.each(['default', 'another-school'])(
    'closes every security within half a per cent of its reference price on the reference date, seed %s',
    async (seed) => {
      const provider = simulatedProvider(seed, nyseCalendar);
      for (const security of UNIVERSE) {
        const quote = await provider.quote(security.symbol, REFERENCE_CLOSE + 60_000);
        const reference = referenceLevel(security.symbol)?.priceCents ?? 0;
        expect(quote?.isOpen).toBe(false);
        const deviation = (quote?.lastCents ?? 0) / reference - 1;
        expect(Math.abs(deviation), security.symbol).toBeLessThan(LEVEL_BAND);
      }
    },
  );

  it('puts Apple, Microsoft and Alphabet near their real prices of the reference date', async () => {
    const provider = simulatedProvider('default', nyseCalendar);
    const cents = async (symbol: string) =>
      (await provider.quote(symbol, REFERENCE_CLOSE + 60_000))?.lastCents ?? 0;
    expect(await cents('AAPL')).toBeGreaterThan(19_000);
    expect(await cents('AAPL')).toBeLessThan(22_000);
    expect(await cents('MSFT')).toBeGreaterThan(47_000);
    expect(await cents('GOOG')).toBeGreaterThan(16_500);
    expect(await cents('GOOGL')).toBeGreaterThan(16_500);
  });
});

/** Mean realised annualised volatility and beta of a sector's stocks: stated bands. */
const SECTOR_BANDS: Record<SectorSlug, { volatility: [number, number]; beta: [number, number] }> = {
  utilities: { volatility: [0.15, 0.25], beta: [0.35, 0.65] },
  'consumer-staples': { volatility: [0.15, 0.26], beta: [0.45, 0.75] },
  'health-care': { volatility: [0.22, 0.34], beta: [0.65, 1.0] },
  'real-estate': { volatility: [0.2, 0.32], beta: [0.7, 1.0] },
  financials: { volatility: [0.22, 0.33], beta: [0.9, 1.25] },
  industrials: { volatility: [0.22, 0.33], beta: [0.9, 1.25] },
  materials: { volatility: [0.24, 0.36], beta: [0.85, 1.2] },
  'communication-services': { volatility: [0.24, 0.37], beta: [0.8, 1.15] },
  'consumer-discretionary': { volatility: [0.28, 0.42], beta: [0.95, 1.3] },
  energy: { volatility: [0.28, 0.42], beta: [0.9, 1.3] },
  'information-technology': { volatility: [0.28, 0.42], beta: [1.1, 1.45] },
};

function regression(market: number[], returns: number[]) {
  const n = market.length;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / n;
  const mx = mean(market);
  const my = mean(returns);
  let covariance = 0;
  let marketVariance = 0;
  let variance = 0;
  for (let index = 0; index < n; index += 1) {
    const x = (market[index] as number) - mx;
    const y = (returns[index] as number) - my;
    covariance += x * y;
    marketVariance += x * x;
    variance += y * y;
  }
  return { beta: covariance / marketVariance, volatility: Math.sqrt((variance / (n - 1)) * 252) };
}

describe('volatility and beta by sector over the five years before the reference date', () => {
  it('keeps each sector within its stated band', () => {
    const model = simulatedProvider('default', nyseCalendar).model;
    const first = UNIVERSE[0];
    if (!first) throw new Error('empty universe');
    const { days } = model.timeline;
    model.series(first, REFERENCE_DAY);
    let last = 0;
    while ((days[last + 1] as number) <= REFERENCE_DAY) last += 1;
    const start = last - 1260;
    const market = model.marketReturns(last + 1).slice(start + 1, last + 1);
    const bySector = new Map<SectorSlug, { volatility: number[]; beta: number[] }>();
    for (const security of UNIVERSE.filter((candidate) => candidate.kind === 'stock')) {
      const closes = model.series(security, REFERENCE_DAY).closes;
      const returns: number[] = [];
      for (let index = start + 1; index <= last; index += 1) {
        returns.push(Math.log((closes[index] as number) / (closes[index - 1] as number)));
      }
      const measured = regression(market, returns);
      const entry = bySector.get(security.sector.slug) ?? { volatility: [], beta: [] };
      entry.volatility.push(measured.volatility);
      entry.beta.push(measured.beta);
      bySector.set(security.sector.slug, entry);
    }
    const mean = (values: number[]) =>
      values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(bySector.size).toBe(11);
    for (const [slug, measured] of bySector) {
      const band = SECTOR_BANDS[slug];
      const volatility = mean(measured.volatility);
      const beta = mean(measured.beta);
      expect(volatility, `${slug} volatility`).toBeGreaterThan(band.volatility[0]);
      expect(volatility, `${slug} volatility`).toBeLessThan(band.volatility[1]);
      expect(beta, `${slug} beta`).toBeGreaterThan(band.beta[0]);
      expect(beta, `${slug} beta`).toBeLessThan(band.beta[1]);
    }
  });
});

describe('share classes', () => {
  const FROM = Date.parse('2020-06-30T20:00:00Z');
  const TO = Date.parse('2027-06-30T20:00:00Z');

  it.each([
    ['GOOG', 'GOOGL'],
    ['BRK.A', 'BRK.B'],
  ])(
    'prices %s at its ratio to %s within 0.05 per cent at every daily close',
    async (symbol, base) => {
      const provider = simulatedProvider('default', nyseCalendar);
      const ratio = shareClassOf(symbol)?.ratio ?? 0;
      const closes = await provider.dailyCloses(symbol, FROM, TO);
      const baseCloses = await provider.dailyCloses(base, FROM, TO);
      expect(closes.length).toBeGreaterThan(1700);
      expect(closes.map((point) => point.time)).toEqual(baseCloses.map((point) => point.time));
      closes.forEach((point, index) => {
        const basePoint = baseCloses[index];
        if (!basePoint) throw new Error('missing base close');
        const deviation = point.cents / basePoint.cents / ratio - 1;
        expect(Math.abs(deviation), new Date(point.time).toISOString()).toBeLessThan(CLASS_BAND);
      });
    },
  );

  it('moves the classes together inside a session too', async () => {
    const provider = simulatedProvider('default', nyseCalendar);
    const open = nyseCalendar.session(dayNumber(2026, 3, 11)).open;
    for (let minutes = 1; minutes < 390; minutes += 37) {
      const at = open + minutes * 60_000;
      const goog = await provider.quote('GOOG', at);
      const googl = await provider.quote('GOOGL', at);
      expect(goog?.isOpen).toBe(true);
      const deviation = (goog?.lastCents ?? 0) / (googl?.lastCents ?? 1) / 1.0066 - 1;
      expect(Math.abs(deviation)).toBeLessThan(CLASS_BAND);
    }
  });

  it('gives share classes of one company the same beta', () => {
    const beta = (symbol: string) => UNIVERSE.find((security) => security.symbol === symbol)?.beta;
    expect(beta('GOOG')).toBe(beta('GOOGL'));
    expect(beta('BRK.A')).toBe(beta('BRK.B'));
  });
});

describe('fundamentals agree with the price', () => {
  it('keeps market cap = price x shares, P/E = price / EPS and the reference dividend', () => {
    for (const security of UNIVERSE) {
      const level = referenceLevel(security.symbol);
      if (!level) throw new Error(`no level for ${security.symbol}`);
      for (const priceCents of [level.priceCents, Math.round(level.priceCents * 1.37)]) {
        const figures = fundamentalsAt(security, priceCents);
        expect(figures.marketCapCents / (priceCents * level.sharesOutstanding)).toBeCloseTo(1, 6);
        expect(figures.dividendsCents).toBe(level.annualDividendCents);
        if (security.kind === 'etf') {
          expect(figures.peRatio).toBeNull();
          continue;
        }
        const eps = figures.earningsPerBasicShareCents ?? 0;
        expect(Math.abs(eps - (level.trailingEpsCents ?? 0)), security.symbol).toBeLessThanOrEqual(
          1,
        );
        if (eps > 0) expect((figures.peRatio ?? 0) / (priceCents / eps)).toBeCloseTo(1, 2);
        else expect(figures.peRatio).toBeNull();
        // Profit margin = net income / revenues; EBITDA above net income for a profitable company.
        const margin = figures.profitMargin ?? 0;
        const netIncome = (eps / 100) * level.sharesOutstanding;
        expect(margin).toBeCloseTo(netIncome / ((figures.revenuesCents ?? 1) / 100), 3);
        if (eps > 0) {
          expect(margin, security.symbol).toBeGreaterThan(security.sector.netMargin * 0.69);
          expect(margin, security.symbol).toBeLessThan(security.sector.netMargin * 1.41);
          expect(figures.ebitdaCents ?? 0).toBeGreaterThan(netIncome * 100);
        } else {
          expect(margin, security.symbol).toBeGreaterThanOrEqual(-0.6);
        }
        expect(figures.bookValuePerShareCents ?? 0).toBeGreaterThan(0);
      }
    }
  });

  it('divides the per-share figures by a split and multiplies the shares', () => {
    const nvda = UNIVERSE.find((security) => security.symbol === 'NVDA');
    if (!nvda) throw new Error('NVDA missing');
    const before = fundamentalsAt(nvda, 150_000, 0.1);
    const now = fundamentalsAt(nvda, 15_000, 1);
    expect(before.marketCapCents).toBe(now.marketCapCents);
    expect(before.earningsPerBasicShareCents).toBeCloseTo(
      (now.earningsPerBasicShareCents ?? 0) * 10,
      -1,
    );
    expect(before.peRatio).toBeCloseTo(now.peRatio ?? 0, 1);
  });

  it('counts the shares a real split made, from the provider, so market cap does not jump', async () => {
    const provider = simulatedProvider('default', nyseCalendar);
    const before = Date.parse('2024-06-06T20:30:00Z');
    const after = Date.parse('2024-06-10T20:30:00Z');
    expect(sharesPerReferenceShare(provider, 'NVDA', before)).toBeCloseTo(0.1, 10);
    expect(sharesPerReferenceShare(provider, 'NVDA', after)).toBe(1);
    expect(sharesPerReferenceShare(provider, 'AAPL', before)).toBe(1);
    const nvda = UNIVERSE.find((security) => security.symbol === 'NVDA');
    if (!nvda) throw new Error('NVDA missing');
    const cap = async (at: number) =>
      fundamentalsAt(
        nvda,
        (await provider.quote('NVDA', at))?.lastCents ?? 0,
        sharesPerReferenceShare(provider, 'NVDA', at),
      ).marketCapCents;
    // Two sessions apart across a 10-for-1 split: the company's value moves by a day's return.
    expect((await cap(after)) / (await cap(before))).toBeGreaterThan(0.85);
    expect((await cap(after)) / (await cap(before))).toBeLessThan(1.15);
  });

  it('divides the price by the real splits after the reference date (Netflix 10-for-1)', async () => {
    const provider = simulatedProvider('default', nyseCalendar);
    const before = Date.parse('2025-11-14T20:30:00Z');
    const after = Date.parse('2025-11-17T20:30:00Z');
    expect(sharesPerReferenceShare(provider, 'NFLX', before)).toBe(1);
    expect(sharesPerReferenceShare(provider, 'NFLX', after)).toBe(10);
    const price = async (at: number) => (await provider.quote('NFLX', at))?.lastCents ?? 0;
    // One session apart across a 10-for-1: a tenth of the price, give or take a day's move.
    expect((await price(after)) / (await price(before))).toBeGreaterThan(0.085);
    expect((await price(after)) / (await price(before))).toBeLessThan(0.115);
  });
});
