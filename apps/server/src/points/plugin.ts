import type { FastifyInstance } from 'fastify';
import { userChannel } from '@bullpen/contract/realtime';
import type { Executor } from '../db/connection.ts';
import { presentPointsChange } from './presenter.ts';
import { pointsRoutes } from './routes.ts';
import { recordPoints, writePoints, type PointEntryInput, type PointsWritten } from './service.ts';
import { forgetPointNotesOf } from './queries.ts';

export type PointsLedger = {
  /**
   * Writes ledger entries in one transaction of their own (each source pays its user once),
   * then tells each user whose balance changed, on their `user:<id>` channel, across
   * server processes.
   */
  record: (entries: PointEntryInput[]) => Promise<PointsWritten>;
  /**
   * Writes entries inside the caller's transaction (a redemption and its spend commit
   * together). Call `announce` with the result after that transaction commits.
   */
  write: (tx: Executor, entries: PointEntryInput[]) => Promise<PointsWritten>;
  /** Pushes the new balances of the users whose entries were written. */
  announce: (result: PointsWritten) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    points: PointsLedger;
  }
}

/** Points: the balance and history routes, and the ledger's writer that other domains call. */
export async function pointsPlugin(app: FastifyInstance): Promise<void> {
  app.deps.erasure.erase('points', (tx, account) => forgetPointNotesOf(tx, account.id));
  const announce = ({ written, balances }: PointsWritten) => {
    // After the commit: a listener that refetches must see the new balance.
    for (const userId of new Set(written.map((entry) => entry.userId))) {
      app.realtime.publish(userChannel(userId), presentPointsChange(balances.get(userId) ?? 0));
    }
  };
  app.decorate('points', {
    record: async (entries) => {
      const result = await recordPoints(app.deps.db, entries);
      announce(result);
      return result;
    },
    write: writePoints,
    announce,
  } satisfies PointsLedger);
  await app.register(pointsRoutes);
}
