import type { FastifyInstance } from 'fastify';
import { contestJobs } from './jobs.ts';
import { defineContestChannels } from './live.ts';
import { contestRoutes } from './routes.ts';
import { ensureChallengeContest, type MembershipHooks, type TradingGate } from './service.ts';
import { forgetContestsOf } from './queries.ts';
import type { RuleEditor } from './rules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contests: {
      /** Domains after contests add what they do when a member joins or leaves. */
      membership: MembershipHooks;
      /** Domains after contests add what holds a contest's trading back (see TradingGate). */
      tradingGates: TradingGate[];
      /** Domains after contests add who besides the owner may change the rules (RuleEditor). */
      ruleEditors: RuleEditor[];
      /** Paying the places of ended contests, on the market's tick. */
      jobs: ReturnType<typeof contestJobs>;
    };
  }
}

/**
 * Contests: their routes and live channels, the standing challenge at start-up, and the job
 * that pays the top places of ended contests (through the points ledger).
 */
export async function contestsPlugin(app: FastifyInstance): Promise<void> {
  app.deps.erasure.erase('contests', (tx, account, now) =>
    forgetContestsOf(tx, account.id, account.email, now),
  );
  const jobs = contestJobs(app);
  app.decorate('contests', {
    membership: { joined: [], leaving: [], admits: [] },
    tradingGates: [],
    ruleEditors: [],
    jobs,
  });
  defineContestChannels(app);
  await app.register(contestRoutes);
  app.addHook('onReady', async () => {
    await ensureChallengeContest(app.deps.db, app.market.clock.now());
    jobs.start(app.deps.config.market.tickSeconds);
  });
  app.addHook('onClose', async () => jobs.stop());
}
