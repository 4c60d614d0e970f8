import type { Security } from '@bullpen/contract/market';
import { useLivePrice } from '@/lib/live-prices.ts';

export interface Quote {
  lastPrice: number;
  previousClose: number;
  dailyChange: number;
  dailyChangeRatio: number;
}

/** The security's price, kept current by the live feed (cents; the ratio is a fraction). */
export function useLiveQuote(security: Security): Quote {
  const update = useLivePrice(security.id);
  if (!update) {
    return {
      lastPrice: security.last_price,
      previousClose: security.previous_day_close_price,
      dailyChange: security.daily_change,
      dailyChangeRatio: security.daily_change_ratio,
    };
  }
  const dailyChange = update.last_price - update.previous_day_close_price;
  return {
    lastPrice: update.last_price,
    previousClose: update.previous_day_close_price,
    dailyChange,
    dailyChangeRatio:
      update.previous_day_close_price > 0 ? dailyChange / update.previous_day_close_price : 0,
  };
}
