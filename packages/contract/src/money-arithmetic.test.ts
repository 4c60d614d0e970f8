import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKET_ORDER_RESERVE_MARGIN_BPS, MAX_ORDER_SHARES } from './constants.ts';
import {
  amountCents,
  basisPointsOf,
  basisPointsToPercent,
  dollarsToCents,
  holdingsValueCents,
  isWithinBasisPoints,
  MoneyRangeError,
  percentToBasisPoints,
  prorateCents,
  withBasisPoints,
} from './money.ts';
import { marketReservePriceCents } from './trading.ts';

const cents = fc.integer({ min: 0, max: 10_000_000_000 });
const shares = fc.integer({ min: 0, max: MAX_ORDER_SHARES });
const bps = fc.integer({ min: 0, max: 10_000 });
/** The exact value of a rounded division, from BigInt, to check the rounding against. */
const exact = (numerator: bigint, denominator: bigint) => ({
  floor: numerator / denominator,
  remainder: numerator % denominator,
});

describe('amountCents (price × quantity)', () => {
  it('is the exact integer product, or a clear error past the safe range', () => {
    fc.assert(
      fc.property(cents, shares, (price, quantity) => {
        const product = BigInt(price) * BigInt(quantity);
        if (product > BigInt(Number.MAX_SAFE_INTEGER)) {
          expect(() => amountCents(price, quantity)).toThrow(MoneyRangeError);
          return;
        }
        const amount = amountCents(price, quantity);
        expect(Number.isSafeInteger(amount)).toBe(true);
        expect(BigInt(amount)).toBe(product);
      }),
    );
  });

  it('holds the largest order at the largest price that fits, and refuses one cent more', () => {
    const maxPrice = Math.floor(Number.MAX_SAFE_INTEGER / MAX_ORDER_SHARES);
    expect(amountCents(maxPrice, MAX_ORDER_SHARES)).toBe(maxPrice * MAX_ORDER_SHARES);
    expect(() => amountCents(maxPrice + 1, MAX_ORDER_SHARES)).toThrow(MoneyRangeError);
  });

  it('refuses anything that is not a whole number', () => {
    expect(() => amountCents(10.5, 2)).toThrow(MoneyRangeError);
    expect(() => amountCents(10, 0.1)).toThrow(MoneyRangeError);
    expect(() => amountCents(Number.NaN, 1)).toThrow(MoneyRangeError);
    expect(() => amountCents(Number.POSITIVE_INFINITY, 1)).toThrow(MoneyRangeError);
  });
});

describe('holdingsValueCents', () => {
  it('adds cash and every holding exactly, in any order', () => {
    // Prices up to $1,000,000 a share: twenty of the largest orders still fit.
    const holding = fc.record({ shares, priceCents: fc.integer({ min: 0, max: 100_000_000 }) });
    fc.assert(
      fc.property(cents, fc.array(holding, { maxLength: 20 }), (cash, holdings) => {
        const expected = holdings.reduce(
          (sum, item) => sum + BigInt(item.shares) * BigInt(item.priceCents),
          BigInt(cash),
        );
        expect(BigInt(holdingsValueCents(cash, holdings))).toBe(expected);
        expect(holdingsValueCents(cash, [...holdings].reverse())).toBe(
          holdingsValueCents(cash, holdings),
        );
      }),
    );
  });

  it('refuses a total past the safe range instead of rounding it', () => {
    const huge = { shares: MAX_ORDER_SHARES, priceCents: 9_000_000_000 };
    expect(() => holdingsValueCents(0, [huge, huge])).toThrow(MoneyRangeError);
  });
});

describe('basis points', () => {
  it('rounds a share of an amount down, up or half up, exactly', () => {
    fc.assert(
      fc.property(cents, bps, (amount, points) => {
        const { floor, remainder } = exact(BigInt(amount) * BigInt(points), 10_000n);
        const down = basisPointsOf(amount, points, 'down');
        expect(BigInt(down)).toBe(floor);
        expect(BigInt(basisPointsOf(amount, points, 'up'))).toBe(
          remainder === 0n ? floor : floor + 1n,
        );
        expect(BigInt(basisPointsOf(amount, points, 'half-up'))).toBe(
          remainder * 2n >= 10_000n ? floor + 1n : floor,
        );
      }),
    );
    expect(basisPointsOf(1000, 500, 'down')).toBe(50);
    expect(basisPointsOf(-15, 5000, 'half-up')).toBe(-7);
    expect(basisPointsOf(-15, 5000, 'down')).toBe(-8);
  });

  it('adds a margin rounded up, never below the amount', () => {
    fc.assert(
      fc.property(cents, bps, (amount, points) => {
        const withMargin = withBasisPoints(amount, points, 'up');
        expect(withMargin).toBeGreaterThanOrEqual(amount);
        expect(withMargin).toBe(amount + basisPointsOf(amount, points, 'up'));
      }),
    );
  });

  it('compares a part to a limit of the whole exactly, even where floats would not', () => {
    fc.assert(
      fc.property(cents, cents, bps, (part, whole, max) => {
        expect(isWithinBasisPoints(part, whole, max)).toBe(
          BigInt(part) * 10_000n <= BigInt(max) * BigInt(whole),
        );
      }),
    );
    // 0.1 + 0.2 style drift: 30% of 1,000,001 cents is 300,000.3; 300,000 is within, 300,001 not.
    expect(isWithinBasisPoints(300_000, 1_000_001, 3000)).toBe(true);
    expect(isWithinBasisPoints(300_001, 1_000_001, 3000)).toBe(false);
  });

  it('turns whole percents into basis points and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (percent) => {
        expect(basisPointsToPercent(percentToBasisPoints(percent))).toBe(percent);
      }),
    );
    expect(() => percentToBasisPoints(12.5)).toThrow(MoneyRangeError);
  });
});

describe('prorateCents', () => {
  it('gives a sale its share of the cost basis, rounded half up, and all of it for all shares', () => {
    fc.assert(
      fc.property(
        cents,
        fc.integer({ min: 1, max: MAX_ORDER_SHARES }),
        fc.nat(),
        (basis, held, k) => {
          const sold = k % (held + 1);
          const { floor, remainder } = exact(BigInt(basis) * BigInt(sold), BigInt(held));
          const expected = remainder * 2n >= BigInt(held) ? floor + 1n : floor;
          expect(BigInt(prorateCents(basis, sold, held))).toBe(expected);
          expect(prorateCents(basis, held, held)).toBe(basis);
        },
      ),
    );
    expect(() => prorateCents(100, 1, 0)).toThrow(RangeError);
  });
});

describe('the market reserve price and dollars to cents', () => {
  it('sets aside the last price plus the margin, rounded up to the cent', () => {
    expect(MARKET_ORDER_RESERVE_MARGIN_BPS).toBe(500);
    expect(marketReservePriceCents(10_000)).toBe(10_500);
    expect(marketReservePriceCents(101)).toBe(107); // 106.05 rounds up
    fc.assert(
      fc.property(cents, (last) => {
        const reserve = marketReservePriceCents(last);
        expect(Number.isSafeInteger(reserve)).toBe(true);
        expect(reserve * 10_000).toBeGreaterThanOrEqual(last * 10_500);
        expect((reserve - 1) * 10_000).toBeLessThan(last * 10_500);
      }),
    );
  });

  it('rounds dollars to the nearest cent', () => {
    expect(dollarsToCents(66.29)).toBe(6629);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(100); // 1.005 is 1.00499… as a float
  });
});
