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
