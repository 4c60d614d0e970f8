/**
 * Money is integer cents everywhere (ARCHITECTURE.md section 2). This module does every
 * conversion and every formatting of money and percentages.
 */
const currency = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const number = new Intl.NumberFormat('en-US');

export function formatCents(cents: number): string {
  return currency.format(cents / 100);
}

export function formatNumber(value: number): string {
  return number.format(value);
}

/** Spec section 9: percent = value × 100 rounded to two decimals. */
export function toPercent(ratio: number): number {
  return Math.round(ratio * 100 * 100) / 100;
}

export function formatPercent(ratio: number): string {
  return `${toPercent(ratio).toFixed(2)}%`;
}

/** Dollars typed by a person ("1,234.5") to cents, refusing anything that is not money. */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
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
  return `${signOf(cents)}${currency.format(Math.abs(cents) / 100)}`;
}

/** "+1.23%", "−1.23%" or "0.00%" (value × 100 rounded to two decimals). */
export function formatSignedPercent(ratio: number): string {
  const percent = toPercent(ratio);
  return `${signOf(percent)}${Math.abs(percent).toFixed(2)}%`;
}

const compactCurrency = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Large amounts (market cap, revenues) as "$3.40T", "$560.42B". */
export function formatCentsCompact(cents: number): string {
  return compactCurrency.format(cents / 100);
}
