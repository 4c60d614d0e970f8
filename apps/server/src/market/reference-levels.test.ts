import { describe, expect, it } from 'vitest';
import {
  REFERENCE_DATE,
  REFERENCE_SYMBOLS,
  referenceLevel,
  shareClassOf,
} from './reference-levels.ts';
import { UNIVERSE } from './universe.ts';

/** The reference table covers exactly the universe, and its figures hang together. */
describe('reference levels', () => {
  it('names a trading day as the reference date', () => {
    const date = new Date(`${REFERENCE_DATE}T12:00:00Z`);
    expect(date.getUTCDay()).toBeGreaterThanOrEqual(1);
    expect(date.getUTCDay()).toBeLessThanOrEqual(5);
  });

  it('has one row per universe security and no other', () => {
    const universe = UNIVERSE.map((security) => security.symbol).sort();
    expect([...REFERENCE_SYMBOLS].sort()).toEqual(universe);
    expect(new Set(REFERENCE_SYMBOLS).size).toBe(REFERENCE_SYMBOLS.length);
  });

  it('gives every row a positive price, size and share count, and a sane dividend yield', () => {
    for (const symbol of REFERENCE_SYMBOLS) {
      const level = referenceLevel(symbol);
      expect(level, symbol).toBeDefined();
      if (!level) continue;
      expect(Number.isInteger(level.priceCents), symbol).toBe(true);
      expect(level.priceCents, symbol).toBeGreaterThan(100);
      expect(level.marketCapBillions, symbol).toBeGreaterThan(0);
      expect(level.sharesOutstanding, symbol).toBeGreaterThan(0);
      expect(Number.isInteger(level.annualDividendCents), symbol).toBe(true);
      expect(level.annualDividendCents / level.priceCents, symbol).toBeLessThan(0.12);
      expect(level.annualDividendCents, symbol).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives stocks an EPS and ETFs none', () => {
    for (const security of UNIVERSE) {
      const eps = referenceLevel(security.symbol)?.trailingEpsCents;
      if (security.kind === 'etf') expect(eps, security.symbol).toBeNull();
      else expect(typeof eps, security.symbol).toBe('number');
    }
  });

  it('prices share classes at their stated ratio within 0.5% on the reference date', () => {
    const pairs = [
      ['GOOG', 'GOOGL'],
      ['BRK.A', 'BRK.B'],
    ] as const;
    for (const [symbol, base] of pairs) {
      const shareClass = shareClassOf(symbol);
      expect(shareClass?.baseSymbol).toBe(base);
      expect(shareClassOf(base)?.ratio).toBe(1);
      const ratio =
        (referenceLevel(symbol)?.priceCents ?? 0) / (referenceLevel(base)?.priceCents ?? 1);
      expect(Math.abs(ratio / (shareClass?.ratio ?? 1) - 1)).toBeLessThan(0.005);
      expect(referenceLevel(symbol)?.marketCapBillions).toBe(
        referenceLevel(base)?.marketCapBillions,
      );
    }
    expect(shareClassOf('AAPL')).toBeNull();
    expect(referenceLevel('NOPE')).toBeUndefined();
  });
});
