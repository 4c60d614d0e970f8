import { PRICES_CHANNEL, type PriceUpdate } from '@bullpen/contract/market';
import type { RealtimeHub } from '../realtime/hub.ts';
import { sessionState } from './calendar.ts';
import { quotesOf, type MarketContext } from './service.ts';

/**
 * Pushes live prices to the `prices` channel. A tick does nothing unless someone listens and
 * the exchange is open; it sends only the prices that changed since the last tick. Each
 * process ticks for its own subscribers (see docs/market.md for several processes).
 */
export class PriceTicker {
  private lastSent = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly context: MarketContext,
    private readonly hub: RealtimeHub,
  ) {}

  /** Every current price, for a client that has just subscribed. */
  async snapshot(): Promise<PriceUpdate[]> {
    const securities = this.context.provider.securities();
    const quotes = await quotesOf(this.context, securities);
    return securities.map((security) => {
      const quote = quotes.get(security.symbol);
      return {
        id: security.id,
        symbol: security.symbol,
        last_price: quote?.lastCents ?? 0,
        previous_day_close_price: quote?.previousCloseCents ?? 0,
      };
    });
  }

  /** One tick; returns how many prices were sent. Tests call it with a pinned clock. */
  async tick(): Promise<number> {
    if (this.hub.subscriberCount(PRICES_CHANNEL) === 0) return 0;
    const at = this.context.clock.now();
    if (!sessionState(this.context.provider.calendar, at.getTime()).isOpen) return 0;
    const changed = (await this.snapshot()).filter(
      (price) => this.lastSent.get(price.symbol) !== price.last_price,
    );
    for (const price of changed) this.lastSent.set(price.symbol, price.last_price);
    if (changed.length > 0) {
      this.hub.publish(PRICES_CHANNEL, { type: 'prices', at: at.toISOString(), prices: changed });
    }
    return changed.length;
  }

  start(intervalSeconds: number): void {
    if (intervalSeconds <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch(() => {
        // A failed tick is retried by the next one; prices are recomputed from scratch.
      });
    }, intervalSeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
