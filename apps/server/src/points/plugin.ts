import type { FastifyInstance } from 'fastify';
import { userChannel } from '@bullpen/contract/realtime';
import { presentPointsChange } from './presenter.ts';
import { pointsRoutes } from './routes.ts';
import { recordPoints, type PointEntryInput } from './service.ts';

export type PointsLedger = {
  /**
   * Writes ledger entries (in one transaction), then pushes each touched user's new balance
   * on their `user:<id>` channel, across server processes. Returns the new balances.
   */
  record: (entries: PointEntryInput[]) => Promise<Map<number, number>>;
};

declare module 'fastify' {
  interface FastifyInstance {
    points: PointsLedger;
  }
}

/** Points: the balance route and the ledger's writer, which other domains call to award. */
export async function pointsPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('points', {
    record: async (entries) => {
      const balances = await recordPoints(app.deps.db, entries);
      // After the commit: a listener that refetches must see the new balance.
      for (const [userId, balance] of balances) {
        app.realtime.publish(userChannel(userId), presentPointsChange(balance));
      }
      return balances;
    },
  } satisfies PointsLedger);
  await app.register(pointsRoutes);
}
