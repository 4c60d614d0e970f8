/**
 * Money is integer cents everywhere (docs/architecture.md section 2). This module does every
 * conversion and every formatting of money and percentages.
 */
/**
 * An Intl formatter made on its first use: building one costs a page's main thread a few
 * milliseconds (more on a school laptop), so a page pays only for those it uses (issue #13).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const currency = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
const number = onFirstUse(() => new Intl.NumberFormat('en-US'));

export function formatCents(cents: number): string {
  return currency().format(cents / 100);
}

export function formatNumber(value: number): string {
  return number().format(value);
}

/** Spec section 9: percent = value × 100 rounded to two decimals. */
export function toPercent(ratio: number): number {
  return Math.round(ratio * 100 * 100) / 100;
}

export function formatPercent(ratio: number): string {
  return `${toPercent(ratio).toFixed(2)}%`;
}

/**
 * A plain decimal of dollars ("12.3456") with at most `maxDecimals` decimals, to cents rounded
 * half away from zero (the amounts are never negative, so: half up, "1.005" → 101). Done on the
 * digits, never through a float: 1.005 × 100 is 100.49999999999999 in binary floating point.
 * Null for anything else, or for an amount past the safe integer range.
 */
export function decimalToCents(text: string, maxDecimals: number): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const fraction = match?.[2] ?? '';
  if (!match || fraction.length > maxDecimals) return null;
  const digits = fraction.padEnd(3, '0');
  // The third decimal alone decides: 5 or more is at least half a cent.
  const cents =
    BigInt(match[1]!) * 100n + BigInt(digits.slice(0, 2)) + (digits[2]! >= '5' ? 1n : 0n);
  return cents <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(cents) : null;
}

/** Dollars typed by a person ("1,234.5") to cents, refusing anything that is not money. */
export function parseDollarsToCents(text: string): number | null {
  return decimalToCents(text.replace(/[$,\s]/g, ''), 2);
}

/** Cents to dollars, for the few places that need a plain number (chart axes). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** The typographic minus, so a loss reads as a sign and not as a dash. */
const MINUS = '\u2212';

function signOf(value: number): string {
  if (value > 0) return '+';
  if (value < 0) return MINUS;
  return '';
}

/** "+$1.23", "−$1.23" or "$0.00": gains and losses carry a sign, never only a colour. */
export function formatSignedCents(cents: number): string {
  return `${signOf(cents)}${currency().format(Math.abs(cents) / 100)}`;
}

/** "+1.23%", "−1.23%" or "0.00%" (value × 100 rounded to two decimals). */
export function formatSignedPercent(ratio: number): string {
  const percent = toPercent(ratio);
  return `${signOf(percent)}${Math.abs(percent).toFixed(2)}%`;
}

const compactCurrency = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** Large amounts (market cap, revenues) as "$3.40T", "$560.42B". */
export function formatCentsCompact(cents: number): string {
  return compactCurrency().format(cents / 100);
}

/*
 * Money arithmetic. Cents and share quantities are integers; every product and sum here stays
 * an exact integer or throws a RangeError, so no float drift can reach a ledger. Basis points
 * (1 bp = 0.01%, 10,000 bp = 100%) carry the percentages of money rules.
 */

export const BASIS_POINTS_IN_WHOLE = 10_000;

/** A value that is not a safe integer: the caller's arithmetic has gone wrong or too large. */
export class MoneyRangeError extends RangeError {
  constructor(what: string, value: number | bigint) {
    super(`${what} must be a whole number within ±${Number.MAX_SAFE_INTEGER}; got ${value}`);
    this.name = 'MoneyRangeError';
  }
}

function requireWhole(what: string, value: number): number {
  if (!Number.isSafeInteger(value)) throw new MoneyRangeError(what, value);
  return value;
}

function safeFromBig(what: string, value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyRangeError(what, value);
  }
  return Number(value);
}

/** Division of integers rounded as a money rule says (BigInt, so exact at any size). */
export type Rounding = 'up' | 'down' | 'half-up';

function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  // Stryker disable next-line EqualityOperator: a denominator of 0 never gets here (prorateCents refuses it).
  if (denominator < 0n) return divide(-numerator, -denominator, rounding);
  const floor =
    // Stryker disable next-line EqualityOperator: 0 is its own floor either way.
    numerator >= 0n ? numerator / denominator : -((-numerator + denominator - 1n) / denominator);
  const remainder = numerator - floor * denominator;
  if (remainder === 0n || rounding === 'down') return floor;
  if (rounding === 'up') return floor + 1n;
  return remainder * 2n >= denominator ? floor + 1n : floor;
}

/** Price × quantity in cents: what `quantity` shares cost at `priceCents` each. */
export function amountCents(priceCents: number, quantity: number): number {
  const product =
    requireWhole('A price in cents', priceCents) * requireWhole('A quantity', quantity);
  // Both factors are safe integers, so the float product is exact whenever it is safe.
  return requireWhole('An amount (price × quantity)', product);
}

/** Cash plus every holding at its price, in cents. */
export function holdingsValueCents(
  cashCents: number,
  holdings: Iterable<{ shares: number; priceCents: number }>,
): number {
  let total = requireWhole('Cash in cents', cashCents);
  for (const holding of holdings) {
    total = requireWhole(
      'A portfolio value',
      total + amountCents(holding.priceCents, holding.shares),
    );
  }
  return total;
}

/** `basisPoints` of `cents` (500 bp of $10.00 = $0.50), rounded as asked. */
export function basisPointsOf(cents: number, basisPoints: number, rounding: Rounding): number {
  const numerator =
    BigInt(requireWhole('An amount in cents', cents)) *
    BigInt(requireWhole('Basis points', basisPoints));
  return safeFromBig(
    'A share of an amount',
    divide(numerator, BigInt(BASIS_POINTS_IN_WHOLE), rounding),
  );
}

/** `cents` plus `basisPoints` of itself (a margin), rounded as asked. */
export function withBasisPoints(cents: number, basisPoints: number, rounding: Rounding): number {
  return basisPointsOf(cents, BASIS_POINTS_IN_WHOLE + basisPoints, rounding);
}

/** Whether `partCents` is at most `maxBasisPoints` of `wholeCents`, compared exactly. */
export function isWithinBasisPoints(
  partCents: number,
  wholeCents: number,
  maxBasisPoints: number,
): boolean {
  const part = BigInt(requireWhole('An amount in cents', partCents));
  const whole = BigInt(requireWhole('An amount in cents', wholeCents));
  const max = BigInt(requireWhole('Basis points', maxBasisPoints));
  return part * BigInt(BASIS_POINTS_IN_WHOLE) <= max * whole;
}

/** `part` of `whole` of an amount (a sale's share of a cost basis), rounded half up. */
export function prorateCents(cents: number, part: number, whole: number): number {
  requireWhole('A whole', whole);
  if (whole === 0) throw new RangeError('Cannot prorate over a whole of 0');
  // Stryker disable next-line ConditionalExpression: a shortcut; the division gives the same cents.
  if (part === whole) return requireWhole('An amount in cents', cents);
  const numerator =
    BigInt(requireWhole('An amount in cents', cents)) * BigInt(requireWhole('A part', part));
  return safeFromBig('A prorated amount', divide(numerator, BigInt(whole), 'half-up'));
}

/** Whole percent (a form's 1–100) to basis points, and back for messages. */
export function percentToBasisPoints(percent: number): number {
  return requireWhole('A percentage', percent) * 100;
}

export function basisPointsToPercent(basisPoints: number): number {
  return requireWhole('Basis points', basisPoints) / 100;
}

/** Dollars (a float from a chart or a data file) to the nearest cent. */
export function dollarsToCents(dollars: number): number {
  return requireWhole('An amount in cents', Math.round(dollars * 100));
}
