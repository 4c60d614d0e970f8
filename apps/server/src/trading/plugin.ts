import type { FastifyInstance } from 'fastify';
import { defineContestChannels } from '../contests/live.ts';
import { contestRoutes } from '../contests/routes.ts';
import { ensureChallengeContest } from '../contests/service.ts';
import { tradingJobs } from './jobs.ts';
import { tradingRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trading: ReturnType<typeof tradingJobs>;
  }
}

/** Contests and trading: their routes, the standing challenge, and the trading jobs. */
export async function registerTrading(app: FastifyInstance): Promise<void> {
  const jobs = tradingJobs(app);
  app.decorate('trading', jobs);
  defineContestChannels(app);
  await app.register(contestRoutes);
  await app.register(tradingRoutes);
  app.addHook('onReady', async () => {
    await ensureChallengeContest(app.deps.db, app.market.clock.now());
    jobs.start(app.deps.config.market.tickSeconds);
  });
  app.addHook('onClose', async () => jobs.stop());
}
