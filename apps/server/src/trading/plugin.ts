import type { FastifyInstance } from 'fastify';
import { adjustmentMessages } from '@bullpen/contract/portfolio-adjustments';
import { memberLineIdsOfUser } from '../contests/queries.ts';
import { forgetReasonsAbout } from './adjustments-queries.ts';
import { tradingJobs } from './jobs.ts';
import { tradingRoutes } from './routes.ts';
import { adjustmentRoutes } from './adjustments-routes.ts';
import { recordOpeningValue } from './queries.ts';
import { cancelPendingOnLeave } from './orders-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trading: ReturnType<typeof tradingJobs>;
  }
}

/**
 * Trading: order and portfolio routes, the trading jobs (pending fills, re-pricing, the close
 * snapshot), and its part of a membership: a new portfolio's first value point, and a leaving
 * member's pending orders cancelled; and of erasing an account: the reasons of the teachers'
 * adjustments about the student's portfolios.
 */
export async function tradingPlugin(app: FastifyInstance): Promise<void> {
  app.deps.erasure.erase('trading', async (tx, account) =>
    forgetReasonsAbout(
      tx,
      await memberLineIdsOfUser(tx, account.id),
      adjustmentMessages.reasonErased,
    ),
  );
  const jobs = tradingJobs(app);
  app.decorate('trading', jobs);
  app.contests.membership.joined.push(recordOpeningValue);
  app.contests.membership.leaving.push(cancelPendingOnLeave);
  await app.register(tradingRoutes);
  await app.register(adjustmentRoutes);
  app.addHook('onReady', async () => jobs.start(app.deps.config.market.tickSeconds));
  app.addHook('onClose', async () => jobs.stop());
}
