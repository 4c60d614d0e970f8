import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  formatCents,
  formatCentsCompact,
  formatPercent,
  formatSignedCents,
  formatSignedPercent,
} from './money.ts';

describe('money formatting', () => {
  it('formats cents as en-US currency with two decimals and thousands separators', () => {
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(5)).toBe('$0.05');
    expect(centsToDollars(6629)).toBe(66.29);
  });

  it('signs gains and losses', () => {
    expect(formatSignedCents(23)).toBe('+$0.23');
    expect(formatSignedCents(-123456)).toBe('\u2212$1,234.56');
    expect(formatSignedCents(0)).toBe('$0.00');
    expect(formatSignedPercent(0.003482)).toBe('+0.35%');
    expect(formatSignedPercent(-0.01234)).toBe('\u22121.23%');
    expect(formatSignedPercent(0.00001)).toBe('0.00%');
    expect(formatPercent(0.2012)).toBe('20.12%');
  });

  it('shortens large amounts', () => {
    expect(formatCentsCompact(340000000000000)).toBe('$3.40T');
    expect(formatCentsCompact(56041680793860)).toBe('$560.42B');
  });
});
