import { useEffect, useState } from 'react';
import { PRICES_CHANNEL } from '@bullpen/contract/market';
import type { PriceUpdate } from '@bullpen/contract/market';
import { realtime } from '@/lib/realtime.ts';

/**
 * The latest live price of each of the given securities, heard on the WebSocket's `prices`
 * channel (cents, by security id). Securities not heard from yet are absent.
 */
export function useLivePrices(securityIds: readonly number[]): ReadonlyMap<number, PriceUpdate> {
  const [prices, setPrices] = useState<ReadonlyMap<number, PriceUpdate>>(() => new Map());
  const key = [...new Set(securityIds)].sort((a, b) => a - b).join(',');

  useEffect(() => {
    if (!key) return undefined;
    const wanted = new Set(key.split(',').map(Number));
    return realtime.subscribe(PRICES_CHANNEL, (message) => {
      if (!Array.isArray(message.prices)) return;
      const heard = (message.prices as PriceUpdate[]).filter(
        (price) => typeof price?.id === 'number' && wanted.has(price.id) && price.last_price > 0,
      );
      if (heard.length === 0) return;
      setPrices((previous) => {
        const next = new Map(previous);
        for (const price of heard) next.set(price.id, price);
        return next;
      });
    });
  }, [key]);

  return prices;
}
