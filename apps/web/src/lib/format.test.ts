import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCentsCompact,
  formatNumber,
  formatPercent,
  formatSignedCents,
  formatSignedPercent,
} from '@bullpen/contract/money';
import { formattersFor } from './format.ts';

const en = formattersFor('en');
const es = formattersFor('es');

describe('formatters in English', () => {
  it('write money, numbers and percentages exactly as the contract (and the spec) do', () => {
    for (const cents of [0, 5, 99, 123_456, 10_000_000, -4_950, 340_000_000_000_000]) {
      expect(en.cents(cents)).toBe(formatCents(cents));
      expect(en.signedCents(cents)).toBe(formatSignedCents(cents));
    }
    for (const cents of [340_000_000_000_000, 56_042_000_000_000, 123_456_789]) {
      expect(en.centsCompact(cents)).toBe(formatCentsCompact(cents));
    }
    for (const value of [0, 7, 1234, 1_000_000]) expect(en.number(value)).toBe(formatNumber(value));
    for (const ratio of [0, 0.1234, -0.05, 0.123456, -0.00001, 1, 0.5, -0.98765]) {
      expect(en.percent(ratio)).toBe(formatPercent(ratio));
      expect(en.signedPercent(ratio)).toBe(formatSignedPercent(ratio));
    }
  });

  it('write dates American style', () => {
    const instant = new Date(2026, 2, 4, 9, 30);
    expect(en.dateTime(instant)).toBe('Mar 4, 2026, 9:30 AM');
    expect(en.decimal(1.004)).toBe('1.00');
    expect(en.decimal(-1.236)).toBe('-1.24');
  });
});

describe('formatters in Spanish', () => {
  it('keep money in US dollars with a "$", written the Latin-American way', () => {
    expect(es.cents(123_456)).toBe('$1,234.56');
    expect(es.cents(10_000_000)).toBe('$100,000.00');
    expect(es.signedCents(-4_950)).toBe('\u2212$49.50');
    expect(es.signedCents(125)).toBe('+$1.25');
    expect(es.signedCents(0)).toBe('$0.00');
    expect(es.centsCompact(340_000_000_000_000)).toBe('$3.40\u00a0B');
    expect(es.number(1234)).toBe('1,234');
  });

  it('round percentages to two decimals and sign them', () => {
    expect(es.percent(0.1234)).toBe('12.34%');
    expect(es.signedPercent(-0.05)).toBe('\u22125.00%');
    expect(es.signedPercent(0.123456)).toBe('+12.35%');
    expect(es.signedPercent(-0.00001)).toBe('0.00%');
  });

  it('write dates with Spanish month names and the day first', () => {
    const instant = new Date(2026, 2, 4, 21, 5);
    expect(es.dateTime(instant)).toMatch(/^4 mar 2026, 9:05\s?p\.\s?m\.$/);
  });

  it('fall back to English for a language it does not know', () => {
    expect(formattersFor('fr').cents(100)).toBe('$1.00');
    expect(formattersFor('es-MX').locale).toBe('es-419');
  });
});
