import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToCents, parseDollarsToCents } from './money.ts';

/** Cents rounded half up from a whole and its decimals, in BigInt: the reference. */
function referenceCents(whole: string, decimals: string): bigint {
  const scale = 10n ** BigInt(decimals.length);
  const value = BigInt(`${whole}${decimals}`) * 100n;
  return (value * 2n + scale) / (2n * scale);
}

const whole = fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String);
const decimals = (maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength });

describe('decimal strings to cents', () => {
  it('rounds half away from zero on the digits, where a float would not', () => {
    // Number('1.005') * 100 is 100.49999999999999, which Math.round takes down to 100.
    expect(Math.round(Number('1.005') * 100)).toBe(100);
    expect(decimalToCents('1.005', 4)).toBe(101);
    expect(decimalToCents('2.675', 4)).toBe(268);
    expect(decimalToCents('1.0049', 4)).toBe(100);
    expect(decimalToCents('0.995', 4)).toBe(100);
    expect(decimalToCents('0.0050', 4)).toBe(1);
    expect(decimalToCents('0.0049', 4)).toBe(0);
    expect(decimalToCents('200', 4)).toBe(20000);
    expect(decimalToCents('0.3', 2)).toBe(30);
  });

  it('gives back exactly the cents it was written from', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.nat(2),
        (cents, zeros) => {
          const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
          expect(decimalToCents(text + '0'.repeat(zeros), 4)).toBe(cents);
        },
      ),
    );
  });

  it('takes every exact half cent up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 14 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}5`;
        expect(decimalToCents(text, 4)).toBe(cents + 1);
      }),
    );
  });

  it('matches exact rounding of any decimal with up to four places', () => {
    fc.assert(
      fc.property(whole, decimals(4), (integer, fraction) => {
        const text = fraction === '' ? integer : `${integer}.${fraction}`;
        expect(decimalToCents(text, 4)).toBe(Number(referenceCents(integer, fraction)));
      }),
    );
  });

  it('refuses what is not a plain decimal, too many places, or too large', () => {
    for (const text of ['', '.5', '1.', '-1', '+1', '1e3', ' 1', '1,5', '0x10', 'NaN', '1.2.3']) {
      expect(decimalToCents(text, 4), text).toBeNull();
    }
    expect(decimalToCents('1.23456', 4)).toBeNull();
    expect(decimalToCents('1.005', 2)).toBeNull();
    expect(decimalToCents('90071992547409.92', 2)).toBeNull();
    expect(decimalToCents('90071992547409.91', 2)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads dollars a person typed', () => {
    expect(parseDollarsToCents('$1,234.5')).toBe(123450);
    expect(parseDollarsToCents(' 12 ')).toBe(1200);
    expect(parseDollarsToCents('1.005')).toBeNull();
    expect(parseDollarsToCents('99999999999999999')).toBeNull();
  });
});
