import { useEffect, useSyncExternalStore } from 'react';
import { PRICES_CHANNEL } from '@bullpen/contract/realtime';
import type { PriceUpdate } from '@bullpen/contract/market';
import { realtime } from './realtime.ts';
import type { RealtimeMessage } from './realtime.ts';

/**
 * The latest live price of each security, heard on the WebSocket's `prices` channel (cents,
 * by security id). One subscription serves every component that needs prices; the server
 * sends a snapshot of all prices each time the channel is subscribed again.
 */
const latest = new Map<number, PriceUpdate>();
const listeners = new Set<() => void>();
/** Bumped on every message that changed a price, so `useLivePrices` rebuilds its maps. */
let version = 0;

function receive(message: RealtimeMessage): void {
  if (!Array.isArray(message.prices)) return;
  let changed = false;
  for (const price of message.prices as PriceUpdate[]) {
    // A zero price means "no quote yet": the last known price stays.
    if (
      typeof price?.id === 'number' &&
      typeof price.last_price === 'number' &&
      price.last_price > 0
    ) {
      latest.set(price.id, price);
      changed = true;
    }
  }
  if (!changed) return;
  version += 1;
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the live price feed open while the calling component is mounted. */
export function useLivePriceFeed(): void {
  useEffect(() => retainFeed(), []);
}

/** The security's latest live price, or undefined until one is heard (the feed must be open). */
export function useLivePrice(securityId: number): PriceUpdate | undefined {
  return useSyncExternalStore(subscribe, () => latest.get(securityId));
}

/** Maps handed out since the last message, by id list, so snapshots stay stable between them. */
let snapshots = { version, byKey: new Map<string, ReadonlyMap<number, PriceUpdate>>() };

function pricesFor(key: string): ReadonlyMap<number, PriceUpdate> {
  if (snapshots.version !== version) snapshots = { version, byKey: new Map() };
  let prices = snapshots.byKey.get(key);
  if (!prices) {
    const map = new Map<number, PriceUpdate>();
    for (const id of key ? key.split(',').map(Number) : []) {
      const price = latest.get(id);
      if (price) map.set(id, price);
    }
    prices = map;
    snapshots.byKey.set(key, prices);
  }
  return prices;
}

/**
 * Opens the feed and returns the latest live price of each of the given securities;
 * securities not heard from yet are absent.
 */
export function useLivePrices(securityIds: readonly number[]): ReadonlyMap<number, PriceUpdate> {
  useLivePriceFeed();
  const key = [...new Set(securityIds)].sort((a, b) => a - b).join(',');
  return useSyncExternalStore(subscribe, () => pricesFor(key));
}
