import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { pointEntries } from '../db/schema/points.ts';

/** One line of the points ledger: positive for an award, negative for a spend. */
export type PointEntryInput = { userId: number; points: number; reason: string };

const balance = sql<number>`coalesce(sum(${pointEntries.points}), 0)::int`;

export async function sumPoints(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: balance })
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId));
  return row?.total ?? 0;
}

/** The balance of each user, 0 for those with no entries. */
export async function sumPointsOf(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  const totals = new Map(userIds.map((userId) => [userId, 0]));
  if (userIds.length === 0) return totals;
  const rows = await db
    .select({ userId: pointEntries.userId, total: balance })
    .from(pointEntries)
    .where(inArray(pointEntries.userId, userIds))
    .groupBy(pointEntries.userId);
  for (const row of rows) totals.set(row.userId, row.total);
  return totals;
}

export async function insertPointEntries(db: Executor, entries: PointEntryInput[]): Promise<void> {
  if (entries.length > 0) await db.insert(pointEntries).values(entries);
}
