import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Security } from '@bullpen/contract/market';
import { formattersFor } from '@/lib/format.ts';
import en from '@/locales/en/market.json';
import { dividendYield, marketDataRows } from './DataPanel.tsx';

/** The Data panel's rows, with the dividend yield worked out from the price. */
const t = ((key: string) => {
  const [group, name] = key.split('.') as [keyof typeof en, string];
  return (en[group] as Record<string, string>)[name] ?? key;
}) as unknown as TFunction<'market'>;

const apple = {
  last_price: 20_000,
  dividends: 104,
  market_cap: 306_400_000_000_00,
  profit_margin: 0.24,
  revenues: 40_000_000_000_000,
  ebitda: 14_000_000_000_000,
  book_value_per_share: 450,
  pe_ratio: 31.2,
  earnings_per_basic_share: 641,
  beta: 1.2,
} as Security;

describe('the Data panel', () => {
  it('computes the dividend yield from the last price', () => {
    expect(dividendYield(apple)).toBeCloseTo(0.0052, 6);
    expect(dividendYield({ dividends: null, last_price: 100 })).toBeNull();
    expect(dividendYield({ dividends: 50, last_price: 0 })).toBeNull();
  });

  it('lists the yield after the dividends per share, and N/A without a price', () => {
    const rows = marketDataRows(apple, t, formattersFor('en'));
    const labels = rows.map((row) => row.label);
    expect(labels.indexOf('Dividend yield')).toBe(labels.indexOf('Dividends per share') + 1);
    expect(rows.find((row) => row.label === 'Dividend yield')?.value).toBe('0.52%');
    const unpriced = marketDataRows({ ...apple, last_price: 0 }, t, formattersFor('en'));
    expect(unpriced.find((row) => row.label === 'Dividend yield')?.value).toBe('N/A');
  });
});
