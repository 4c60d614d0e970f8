import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PointsReason } from '@bullpen/contract/points';
import type { Executor } from '../db/connection.ts';
import { pointBalances, pointEntries } from '../db/schema/points.ts';

/** One line of the points ledger: positive for an award, negative for a spend. */
export type PointEntryInput = {
  userId: number;
  points: number;
  reason: PointsReason;
  /** Unique per user: the same source never pays (or charges) twice. */
  source: string;
  note?: string;
  createdBy?: number | null;
};

export type PointEntryRow = typeof pointEntries.$inferSelect;

export async function balanceOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: pointBalances.balance })
    .from(pointBalances)
    .where(eq(pointBalances.userId, userId));
  return row?.balance ?? 0;
}

/** The balance of each user, 0 for those with no entries. */
export async function sumPointsOf(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  const totals = new Map(userIds.map((userId) => [userId, 0]));
  if (userIds.length === 0) return totals;
  const rows = await db
    .select({ userId: pointBalances.userId, balance: pointBalances.balance })
    .from(pointBalances)
    .where(inArray(pointBalances.userId, userIds));
  for (const row of rows) totals.set(row.userId, row.balance);
  return totals;
}

/** Adds the entry unless its source already paid this user; the new row, or null. */
export async function insertEntry(
  db: Executor,
  entry: PointEntryInput,
): Promise<PointEntryRow | null> {
  const [row] = await db
    .insert(pointEntries)
    .values({
      userId: entry.userId,
      points: entry.points,
      reason: entry.reason,
      source: entry.source,
      note: entry.note ?? '',
      createdBy: entry.createdBy ?? null,
    })
    .onConflictDoNothing({ target: [pointEntries.userId, pointEntries.source] })
    .returning();
  return row ?? null;
}

/** Adds points to a balance (creating it); the new balance. */
export async function addToBalance(db: Executor, userId: number, points: number): Promise<number> {
  const [row] = await db
    .insert(pointBalances)
    .values({ userId, balance: points })
    .onConflictDoUpdate({
      target: pointBalances.userId,
      set: { balance: sql`${pointBalances.balance} + ${points}` },
    })
    .returning({ balance: pointBalances.balance });
  return row!.balance;
}

/**
 * Takes points from a balance only if it stays at 0 or more (the row lock makes concurrent
 * spends wait and see each other); the new balance, or null when there is not enough.
 */
export async function takeFromBalance(
  db: Executor,
  userId: number,
  points: number,
): Promise<number | null> {
  const [row] = await db
    .update(pointBalances)
    .set({ balance: sql`${pointBalances.balance} - ${points}` })
    .where(and(eq(pointBalances.userId, userId), sql`${pointBalances.balance} >= ${points}`))
    .returning({ balance: pointBalances.balance });
  return row?.balance ?? null;
}

export async function countEntries(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId));
  return row?.count ?? 0;
}

/** A page of one user's entries, newest first. */
export async function entriesOf(
  db: Executor,
  userId: number,
  window: { offset: number; limit: number },
): Promise<PointEntryRow[]> {
  return db
    .select()
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId))
    .orderBy(desc(pointEntries.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** The ledger's own sum for a user (tests and the consistency check compare it with the balance). */
export async function ledgerSum(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${pointEntries.points}), 0)::int` })
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId));
  return row?.total ?? 0;
}

/** Points earned by kind of source: what the ledger paid, never what was spent. */
export type EarnedPoints = { lesson: number; module: number; award: number; contest: number };

/** Each user's points earned, by kind of source (zeros for users with none). */
export async function earnedPointsOf(
  db: Executor,
  userIds: number[],
): Promise<Map<number, EarnedPoints>> {
  const earned = new Map<number, EarnedPoints>(
    userIds.map((userId) => [userId, { lesson: 0, module: 0, award: 0, contest: 0 }]),
  );
  if (userIds.length === 0) return earned;
  const rows = await db
    .select({
      userId: pointEntries.userId,
      reason: pointEntries.reason,
      total: sql<number>`coalesce(sum(${pointEntries.points}), 0)::int`,
    })
    .from(pointEntries)
    .where(
      and(
        inArray(pointEntries.userId, userIds),
        inArray(pointEntries.reason, ['lesson', 'module', 'award', 'contest']),
      ),
    )
    .groupBy(pointEntries.userId, pointEntries.reason);
  for (const row of rows) {
    const mine = earned.get(row.userId);
    if (mine) mine[row.reason as keyof EarnedPoints] = Number(row.total);
  }
  return earned;
}

/** Points a person awarded since a moment (a teacher's daily cap). */
export async function awardedSince(db: Executor, createdBy: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${pointEntries.points}), 0)::int` })
    .from(pointEntries)
    .where(
      and(
        eq(pointEntries.createdBy, createdBy),
        eq(pointEntries.reason, 'award'),
        sql`${pointEntries.createdAt} > ${since.toISOString()}`,
      ),
    );
  return row?.total ?? 0;
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
/** The amounts stay (balances and totals still add up); a teacher's note about the child goes. */
export async function forgetPointNotesOf(db: Executor, userId: number): Promise<void> {
  await db.update(pointEntries).set({ note: '' }).where(eq(pointEntries.userId, userId));
}

/** Every points ledger line of the user, oldest first, for "download my data". */
export async function exportPointsOf(db: Executor, userId: number) {
  return db
    .select({
      points: pointEntries.points,
      reason: pointEntries.reason,
      note: pointEntries.note,
      created_at: pointEntries.createdAt,
    })
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId))
    .orderBy(pointEntries.id);
}
