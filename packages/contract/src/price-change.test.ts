import { describe, expect, it } from 'vitest';
import { formatSignedCents, formatSignedPercent } from './money.ts';
import { periodChange } from './price-change.ts';

// The day's series starts at the open ($66.80), above yesterday's close ($66.66).
const today = [{ price: 6680 }, { price: 6688 }, { price: 6706 }, { price: 6693 }];
const quote = { lastPrice: 6692, previousClose: 6666, dailyChange: 26, dailyChangeRatio: 0.0039 };

describe('periodChange', () => {
  it('measures Today from the previous close, as the stock header does', () => {
    const change = periodChange(today, '1D', quote)!;
    expect(change).toEqual({
      from: 6666,
      to: 6692,
      change: 26,
      ratio: 0.0039,
      reference: 'previous close',
    });
    // The words the popup header shows: "+$0.26 (+0.39%) today".
    expect(`${formatSignedCents(change.change)} (${formatSignedPercent(change.ratio)})`).toBe(
      `${formatSignedCents(quote.dailyChange)} (${formatSignedPercent(quote.dailyChangeRatio)})`,
    );
  });

  it('measures Today even before the day has a series', () => {
    expect(periodChange([], '1D', quote)?.change).toBe(26);
  });

  it('measures a longer period from its first point to the last price', () => {
    const week = [{ price: 6000 }, { price: 6500 }, { price: 6600 }];
    expect(periodChange(week, '1W', quote)).toEqual({
      from: 6000,
      to: 6692,
      change: 692,
      ratio: 692 / 6000,
      reference: 'start of period',
    });
    expect(periodChange([], '1M', quote)).toBeNull();
  });

  it('gives a period that starts from no price a change ratio of 0, not infinity', () => {
    expect(periodChange([{ price: 0 }, { price: 10 }], '1W', quote)).toMatchObject({
      from: 0,
      change: 6692,
      ratio: 0,
    });
  });
});
