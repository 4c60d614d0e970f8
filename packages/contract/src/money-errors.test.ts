import { describe, expect, it } from 'vitest';
import {
  amountCents,
  basisPointsOf,
  basisPointsToPercent,
  dollarsToCents,
  formatNumber,
  holdingsValueCents,
  isWithinBasisPoints,
  MoneyRangeError,
  percentToBasisPoints,
  prorateCents,
} from './money.ts';

const MAX = Number.MAX_SAFE_INTEGER;
const MIN = Number.MIN_SAFE_INTEGER;
const range = (what: string, value: number | bigint) =>
  `${what} must be a whole number within ±${MAX}; got ${value}`;

describe('money errors name the figure that went wrong', () => {
  it('is a MoneyRangeError, a RangeError, saying what and which value', () => {
    let caught: unknown;
    try {
      amountCents(1.5, 2);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MoneyRangeError);
    expect(caught).toBeInstanceOf(RangeError);
    expect((caught as Error).name).toBe('MoneyRangeError');
    expect((caught as Error).message).toBe(range('A price in cents', 1.5));
  });

  it.each([
    ['a price', () => amountCents(1.5, 2), range('A price in cents', 1.5)],
    ['a quantity', () => amountCents(2, 1.5), range('A quantity', 1.5)],
    ['a product', () => amountCents(MAX, 2), range('An amount (price × quantity)', MAX * 2)],
    ['cash', () => holdingsValueCents(0.5, []), range('Cash in cents', 0.5)],
    [
      'a portfolio value',
      () => holdingsValueCents(MAX, [{ shares: 1, priceCents: 1 }]),
      range('A portfolio value', MAX + 1),
    ],
    ['an amount', () => basisPointsOf(0.5, 1, 'down'), range('An amount in cents', 0.5)],
    ['basis points', () => basisPointsOf(1, 0.5, 'down'), range('Basis points', 0.5)],
    [
      'a share of an amount',
      () => basisPointsOf(MAX, 10_001, 'down'),
      range('A share of an amount', (BigInt(MAX) * 10_001n) / 10_000n),
    ],
    ['a part', () => isWithinBasisPoints(0.5, 1, 1), range('An amount in cents', 0.5)],
    ['a whole', () => isWithinBasisPoints(1, 0.5, 1), range('An amount in cents', 0.5)],
    ['a limit', () => isWithinBasisPoints(1, 1, 0.5), range('Basis points', 0.5)],
    ['a prorated whole', () => prorateCents(1, 1, 0.5), range('A whole', 0.5)],
    ['a prorated amount', () => prorateCents(0.5, 1, 2), range('An amount in cents', 0.5)],
    ['all of an amount', () => prorateCents(0.5, 2, 2), range('An amount in cents', 0.5)],
    ['a prorated part', () => prorateCents(1, 0.5, 2), range('A part', 0.5)],
    [
      'a prorated result',
      () => prorateCents(MAX, 2, 1),
      range('A prorated amount', BigInt(MAX) * 2n),
    ],
    ['a percentage', () => percentToBasisPoints(0.5), range('A percentage', 0.5)],
    ['basis points to show', () => basisPointsToPercent(0.5), range('Basis points', 0.5)],
    ['dollars', () => dollarsToCents(1e16), range('An amount in cents', 1e18)],
  ])('refuses %s', (_what, run, message) => {
    expect(run).toThrow(MoneyRangeError);
    expect(run).toThrow(message);
  });

  it('refuses to prorate over a whole of nothing', () => {
    expect(() => prorateCents(100, 0, 0)).toThrow(
      new RangeError('Cannot prorate over a whole of 0'),
    );
  });
});

describe('money at the edges of the safe range, and below zero', () => {
  it('keeps a result of exactly the largest or smallest safe integer', () => {
    expect(basisPointsOf(MAX, 10_000, 'down')).toBe(MAX);
    expect(basisPointsOf(-MAX, 10_000, 'down')).toBe(MIN);
    expect(() => basisPointsOf(-MAX, 10_001, 'up')).toThrow(MoneyRangeError);
  });

  it('rounds a negative share down to the lower cent, up to the higher, half up towards zero', () => {
    // −1001 × 50% = −500.5 cents.
    expect(basisPointsOf(-1_001, 5_000, 'down')).toBe(-501);
    expect(basisPointsOf(-1_001, 5_000, 'up')).toBe(-500);
    expect(basisPointsOf(-1_001, 5_000, 'half-up')).toBe(-500);
    // −1003 × 50% = −501.5, −1004 × 25% = −251 exactly, −1 × 25% = −0.25.
    expect(basisPointsOf(-1_003, 5_000, 'half-up')).toBe(-501);
    expect(basisPointsOf(-1_004, 2_500, 'down')).toBe(-251);
    expect(basisPointsOf(-1, 2_500, 'half-up')).toBe(0);
    expect(basisPointsOf(-1, 2_500, 'down')).toBe(-1);
  });

  it('prorates over a negative whole as over its opposite with the sign moved to the amount', () => {
    expect(prorateCents(100, 1, -3)).toBe(-33);
    expect(prorateCents(-100, 1, 3)).toBe(-33);
    expect(prorateCents(-100, 2, -3)).toBe(67);
  });

  it('formats plain numbers with thousands separators', () => {
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
  });
});
