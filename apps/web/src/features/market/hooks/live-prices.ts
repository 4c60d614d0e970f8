import { useEffect, useSyncExternalStore } from 'react';
import { PRICES_CHANNEL } from '@bullpen/contract/market';
import type { PriceUpdate, Security } from '@bullpen/contract/market';
import { realtime } from '@/lib/realtime.ts';
import type { RealtimeMessage } from '@/lib/realtime.ts';

/** The latest price of each security heard on the `prices` channel, by security id. */
const latest = new Map<number, PriceUpdate>();
const listeners = new Set<() => void>();

function receive(message: RealtimeMessage): void {
  if (!Array.isArray(message.prices)) return;
  for (const price of message.prices as PriceUpdate[]) {
    if (typeof price?.id === 'number' && typeof price.last_price === 'number') {
      latest.set(price.id, price);
    }
  }
  for (const listener of listeners) listener();
}

let holders = 0;
let release: (() => void) | null = null;

function retainFeed(): () => void {
  holders += 1;
  if (holders === 1) release = realtime.subscribe(PRICES_CHANNEL, receive);
  return () => {
    holders -= 1;
    if (holders === 0) {
      release?.();
      release = null;
    }
  };
}

/** Keeps the live price feed open while the calling component is mounted. */
export function useLivePriceFeed(): void {
  useEffect(() => retainFeed(), []);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface Quote {
  lastPrice: number;
  previousClose: number;
  dailyChange: number;
  dailyChangeRatio: number;
}

/** The security's price, kept current by the live feed (cents; the ratio is a fraction). */
export function useLiveQuote(security: Security): Quote {
  const update = useSyncExternalStore(subscribe, () => latest.get(security.id));
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
