import type { FastifyInstance } from 'fastify';
import { defineContestChannels } from './live.ts';
import { contestRoutes } from './routes.ts';
import { ensureChallengeContest, type MembershipHooks, type TradingGate } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contests: {
      /** Domains after contests add what they do when a member joins or leaves. */
      membership: MembershipHooks;
      /** Domains after contests add what holds a contest's trading back (see TradingGate). */
      tradingGates: TradingGate[];
    };
  }
}

/** Contests: their routes and live channels, and the standing challenge at start-up. */
export async function contestsPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('contests', { membership: { joined: [], leaving: [] }, tradingGates: [] });
  defineContestChannels(app);
  await app.register(contestRoutes);
  app.addHook('onReady', async () => {
    await ensureChallengeContest(app.deps.db, app.market.clock.now());
  });
}
