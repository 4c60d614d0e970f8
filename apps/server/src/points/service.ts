import { pointsMessages } from '@bullpen/contract/points';
import type { Database, Executor } from '../db/connection.ts';
import { conflict, type AppError } from '../platform/errors.ts';
import { assertWholeEntries, inWritingOrder, pointsMissing, usersOf } from './ledger.ts';
import {
  addToBalance,
  balanceOf,
  insertEntry,
  sumPointsOf,
  takeFromBalance,
  type PointEntryInput,
  type PointEntryRow,
} from './queries.ts';

export type { PointEntryInput, PointEntryRow } from './queries.ts';
export { awardedSince, countEntries, entriesOf, ledgerSum } from './queries.ts';
export { awardsLeftToday } from './ledger.ts';

export async function availablePoints(db: Executor, userId: number): Promise<number> {
  return balanceOf(db, userId);
}

/** A spend that would take a balance below 0: a 409 with how many points are missing. */
export function notEnoughPoints(missing: number): AppError {
  return conflict(pointsMessages.notEnough(missing));
}

export type PointsWritten = {
  /** The entries written; an entry whose source had already paid its user is left out. */
  written: PointEntryRow[];
  /** The balance of every user the entries named, after them. */
  balances: Map<number, number>;
};

/**
 * The one writer of the points ledger (docs/decisions/016), for use inside the caller's
 * transaction so a reward's redemption and its spend commit together. Each entry is added
 * once per (user, source); its points move the user's balance in the same statement order,
 * users in id order so two writers never wait on each other in a circle. A spend that would
 * take a balance below 0 throws `notEnoughPoints`, which rolls the caller's transaction back.
 */
export async function writePoints(
  tx: Executor,
  entries: PointEntryInput[],
): Promise<PointsWritten> {
  assertWholeEntries(entries);
  const written: PointEntryRow[] = [];
  for (const entry of inWritingOrder(entries)) {
    const row = await insertEntry(tx, entry);
    if (!row) continue;
    if (entry.points > 0) {
      await addToBalance(tx, entry.userId, entry.points);
    } else if ((await takeFromBalance(tx, entry.userId, -entry.points)) === null) {
      throw notEnoughPoints(pointsMissing(-entry.points, await balanceOf(tx, entry.userId)));
    }
    written.push(row);
  }
  return { written, balances: await sumPointsOf(tx, usersOf(entries)) };
}

/** `writePoints` in a transaction of its own. */
export async function recordPoints(
  db: Database,
  entries: PointEntryInput[],
): Promise<PointsWritten> {
  return db.transaction((tx) => writePoints(tx, entries));
}
