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
  /**
   * A later domain hears each new balance after it is pushed (guardians tell the people who
   * follow the user); registered by that domain's plugin.
   */
  onBalance: (listener: BalanceListener) => void;
};

export type BalanceListener = (userId: number, balance: number) => void;

declare module 'fastify' {
  interface FastifyInstance {
    points: PointsLedger;
  }
}

/** Points: the balance and history routes, and the ledger's writer that other domains call. */
export async function pointsPlugin(app: FastifyInstance): Promise<void> {
  app.deps.erasure.erase('points', (tx, account) => forgetPointNotesOf(tx, account.id));
  const listeners: BalanceListener[] = [];
  const announce = ({ written, balances }: PointsWritten) => {
    // After the commit: a listener that refetches must see the new balance.
    for (const userId of new Set(written.map((entry) => entry.userId))) {
      const balance = balances.get(userId) ?? 0;
      app.realtime.publish(userChannel(userId), presentPointsChange(balance));
      for (const listener of listeners) listener(userId, balance);
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
    onBalance: (listener) => {
      listeners.push(listener);
    },
  } satisfies PointsLedger);
  await app.register(pointsRoutes);
}
