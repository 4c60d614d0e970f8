import type { Holding } from '@bullpen/contract/trading';
import type { PriceUpdate } from '@bullpen/contract/market';
import type { Holdings } from './api/portfolios-queries.ts';
import { orderAmount } from './format.ts';

/**
 * Re-prices a portfolio with the live prices heard since it was loaded: the same derived
 * figures as the server's holding presenter (value, gain, weight, daily change).
 */
export function priceHoldings(
  holdings: Holdings,
  prices: ReadonlyMap<number, PriceUpdate>,
): Holdings {
  if (prices.size === 0) return holdings;
  const repriced = holdings.results.map((holding) => {
    const live = prices.get(holding.security);
    if (!live) return holding;
    const lastPrice = live.last_price;
    const previousClose = live.previous_day_close_price;
    const value = orderAmount(lastPrice, holding.share);
    const previousValue = orderAmount(previousClose, holding.share);
    return {
      ...holding,
      last_price: lastPrice,
      previous_day_close_price: previousClose,
      value,
      gain_ratio: holding.cost_basis > 0 ? (value - holding.cost_basis) / holding.cost_basis : 0,
      daily_change: value - previousValue,
      daily_change_ratio: previousValue > 0 ? (value - previousValue) / previousValue : 0,
    } satisfies Holding;
  });
  const total = repriced.reduce((sum, holding) => sum + holding.value, holdings.cash);
  return {
    ...holdings,
    value: total,
    results: repriced.map((holding) => ({
      ...holding,
      weight_ratio: total > 0 ? holding.value / total : 0,
    })),
  };
}
