import type { FastifyInstance } from 'fastify';
import { PRICES_CHANNEL } from '@bullpen/contract/market';
import type { DomainOptions } from '../platform/domain.ts';
import { calendarNamed } from './calendar.ts';
import type { MarketDataProvider } from './provider.ts';
import { ReplayProvider } from './provider-replay.ts';
import { simulatedProvider } from './provider-simulated.ts';
import { marketRoutes } from './routes.ts';
import { refreshScheduledSplits, type Clock, type MarketContext } from './service.ts';
import { PriceTicker } from './ticker.ts';

export type Market = {
  provider: MarketDataProvider;
  /** The market's clock; tests replace `now` to pin an instant. */
  clock: Clock;
  ticker: PriceTicker;
};

declare module 'fastify' {
  interface FastifyInstance {
    market: Market;
  }
}

async function createProvider(app: FastifyInstance): Promise<MarketDataProvider> {
  const { market } = app.deps.config;
  const calendar = calendarNamed(market.calendar);
  if (market.provider === 'replay') {
    const provider = new ReplayProvider(app.deps.db, calendar, market.seed);
    await provider.load();
    return provider;
  }
  return simulatedProvider(market.seed, calendar);
}

/**
 * The real clock, or one that starts at MARKET_CLOCK_START and runs on at the same pace: a
 * class can replay a trading day, and the end-to-end tests see a closed market on demand.
 */
export function systemClock(start?: Date): () => Date {
  if (!start) return () => new Date();
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

/** The market domain: provider chosen by MARKET_PROVIDER, routes, and live prices on `/ws`. */
export async function marketPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  const clock: Clock = { now: options.now ?? systemClock(app.deps.config.market.clockStart) };
  const provider = await createProvider(app);
  // Reads the clock through the object, so replacing `clock.now` later takes effect.
  const context: MarketContext = { provider, clock };
  await refreshScheduledSplits(app.deps.db, context);
  const ticker = new PriceTicker(context, app.realtime);
  app.decorate('market', { provider, clock, ticker });

  app.realtime.defineChannel(PRICES_CHANNEL, {
    onSubscribe: async (subscriber) => {
      const prices = await ticker.snapshot();
      subscriber.send(
        JSON.stringify({
          channel: PRICES_CHANNEL,
          type: 'snapshot',
          at: clock.now().toISOString(),
          prices,
        }),
      );
    },
  });
  ticker.start(app.deps.config.market.tickSeconds);
  app.addHook('onClose', async () => ticker.stop());
  await app.register(marketRoutes, context);
}
