import type { Duration } from './market.ts';

/** A security's price now and at the last close, in cents (the live feed keeps them current). */
export interface QuoteNow {
  lastPrice: number;
  previousClose: number;
  dailyChange: number;
  /** A fraction: 0.0039 = 0.39%. */
  dailyChangeRatio: number;
}

export interface PeriodChange {
  /** The price the change is measured from, in cents. */
  from: number;
  /** The price now, in cents. */
  to: number;
  change: number;
  ratio: number;
  /** "previous close" for Today, else "start of period". */
  reference: 'previous close' | 'start of period';
}

/**
 * The change a price chart's caption states. Today (1D) is the day's change as the stock's
 * header and lists show it: from the previous close (not the first point of the day's series,
 * which is the opening price) to the last price, so the two always agree. A longer period runs
 * from the series' first point to the last price. Null when there is no series yet.
 */
export function periodChange(
  points: readonly { price: number }[],
  duration: Duration,
  quote: QuoteNow,
): PeriodChange | null {
  if (duration === '1D') {
    return {
      from: quote.previousClose,
      to: quote.lastPrice,
      change: quote.dailyChange,
      ratio: quote.dailyChangeRatio,
      reference: 'previous close',
    };
  }
  const first = points[0];
  if (!first) return null;
  const change = quote.lastPrice - first.price;
  return {
    from: first.price,
    to: quote.lastPrice,
    change,
    ratio: first.price > 0 ? change / first.price : 0,
    reference: 'start of period',
  };
}
