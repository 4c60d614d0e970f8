import type { Database, Executor } from '../db/connection.ts';
import { insertPointEntries, sumPoints, sumPointsOf, type PointEntryInput } from './queries.ts';

export type { PointEntryInput } from './queries.ts';

export async function availablePoints(db: Executor, userId: number): Promise<number> {
  return sumPoints(db, userId);
}

/**
 * The one writer of the points ledger: adds the entries in one transaction and returns the
 * new balance of every user they touched (the plugin tells each user's sockets).
 */
export async function recordPoints(
  db: Database,
  entries: PointEntryInput[],
): Promise<Map<number, number>> {
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.points) || entry.points === 0) {
      throw new Error(`a points entry needs a whole, non-zero number of points: ${entry.points}`);
    }
  }
  const userIds = [...new Set(entries.map((entry) => entry.userId))];
  return db.transaction(async (tx) => {
    await insertPointEntries(tx, entries);
    return sumPointsOf(tx, userIds);
  });
}
