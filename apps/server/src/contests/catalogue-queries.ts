import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { contestBoard, contestUsers, contests } from '../db/schema/contests.ts';
import { publicUsers } from '../users/queries.ts';
import { placeOf } from './board-queries.ts';
import type { ContestView } from './presenter.ts';
import type { ContestRow } from './queries.ts';

/** The contests table's reads and writes for contests/service.ts: the list, one contest, its settings. */

export type NewContest = Omit<typeof contests.$inferInsert, 'id'>;

/** Contests with their owner's name, member count and the viewer's portfolio id. */
export async function contestViews(
  db: Executor,
  contestIds: number[],
  viewerId: number,
): Promise<Map<number, ContestView>> {
  if (contestIds.length === 0) return new Map();
  const rows = await db
    .select({
      contest: contests,
      ownerUsername: publicUsers.columns.username,
      // The board's lines from the two ends of its keys (contests/board-queries.ts): the members
      // who have not left, without counting them.
      membersCount: sql<number>`contest_board_size(${contests.id})`,
      // `left_at` is tested outside the condition, so the lookup stays on the membership key:
      // with `left_at is null` in the condition, a planner without statistics (PGlite never
      // analyses) also reads the leaderboard index, every version of every member's line.
      viewerContestUserId: sql<
        number | null
      >`(select case when ${contestUsers.leftAt} is null then ${contestUsers.id} end from ${contestUsers} where ${contestUsers.contestId} = ${contests.id} and ${contestUsers.userId} = ${viewerId})`,
    })
    .from(contests)
    .leftJoin(publicUsers.table, eq(publicUsers.columns.userId, contests.ownerId))
    .where(inArray(contests.id, contestIds));
  return new Map(rows.map((row) => [row.contest.id, row]));
}

/** Public contests still open to join, or the viewer's own (private ones, or all of them). */
export async function listContestIds(
  db: Executor,
  viewerId: number,
  type: 'public' | 'private' | undefined,
  now: Date,
): Promise<number[]> {
  const mine = sql`exists (select 1 from ${contestUsers} where ${contestUsers.contestId} = ${contests.id} and ${contestUsers.userId} = ${viewerId} and ${contestUsers.leftAt} is null)`;
  const where =
    type === 'public'
      ? and(eq(contests.visibility, 'public'), sql`${contests.endsAt} > ${now}`)
      : type === 'private'
        ? and(eq(contests.visibility, 'private'), mine)
        : mine;
  const rows = await db
    .select({ id: contests.id })
    .from(contests)
    .where(where)
    .orderBy(desc(contests.isChallenge), desc(contests.startsAt), desc(contests.id));
  return rows.map((row) => row.id);
}

/** The contest a join code opens, if any. */
export async function findContestByCode(
  db: Executor,
  code: string,
): Promise<ContestRow | undefined> {
  const [row] = await db.select().from(contests).where(eq(contests.joinCode, code));
  return row;
}

export async function insertContestRow(db: Executor, values: NewContest): Promise<ContestRow> {
  const [row] = await db.insert(contests).values(values).returning();
  return row!;
}

/** A contest row that a unique key may refuse (the standing challenge): undefined when it did. */
export async function insertContestIfNew(
  db: Executor,
  values: NewContest,
): Promise<ContestRow | undefined> {
  const [row] = await db.insert(contests).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteContestRow(db: Executor, contestId: number): Promise<void> {
  await db.delete(contests).where(eq(contests.id, contestId));
}

/** The standing public challenge, if it was ever created. */
export async function findChallenge(db: Executor): Promise<ContestRow | undefined> {
  const [row] = await db.select().from(contests).where(eq(contests.isChallenge, true));
  return row;
}

export async function setContestEnd(
  db: Executor,
  contestId: number,
  endsAt: Date,
): Promise<ContestRow> {
  const [row] = await db
    .update(contests)
    .set({ endsAt })
    .where(eq(contests.id, contestId))
    .returning();
  return row!;
}

/** The trade coach on or off. */
export async function setCoach(db: Executor, contestId: number, coach: boolean): Promise<void> {
  await db.update(contests).set({ coach }).where(eq(contests.id, contestId));
}

/** The risk-adjusted board's setting (docs/decisions/050-risk-adjusted-board.md). */
export async function setRiskBoardColumns(
  db: Executor,
  contestId: number,
  columns: Pick<NewContest, 'riskBoard' | 'minTradingDays' | 'maxDrawdownBps'>,
): Promise<void> {
  await db.update(contests).set(columns).where(eq(contests.id, contestId));
}

/** Trading paused since `frozenAt`, or resumed with null. */
export async function setFrozenAt(
  db: Executor,
  contestId: number,
  frozenAt: Date | null,
): Promise<void> {
  await db.update(contests).set({ frozenAt }).where(eq(contests.id, contestId));
}

/** The contest's trading rules (contests/rules.ts), changed by its owner or the class's teacher. */
export async function setRuleColumns(
  db: Executor,
  contestId: number,
  columns: Pick<
    NewContest,
    | 'rulePreset'
    | 'maxPositionWeightBps'
    | 'allowedSymbols'
    | 'blockedSymbols'
    | 'allowedSectors'
    | 'blockedSectors'
    | 'minSharePriceCents'
    | 'maxTradesPerDay'
    | 'minHoldingMinutes'
  >,
): Promise<void> {
  await db.update(contests).set(columns).where(eq(contests.id, contestId));
}

/** The ids of a class's contests, newest first. */
export async function classroomContestIds(db: Executor, classroomId: number): Promise<number[]> {
  const rows = await db
    .select({ id: contests.id })
    .from(contests)
    .where(eq(contests.classroomId, classroomId))
    .orderBy(desc(contests.startsAt), desc(contests.id));
  return rows.map((row) => row.id);
}

/** A class's contests that have not ended. */
export async function runningClassroomContests(
  db: Executor,
  classroomId: number,
  now: Date,
): Promise<ContestRow[]> {
  return db
    .select()
    .from(contests)
    .where(and(eq(contests.classroomId, classroomId), sql`${contests.endsAt} > ${now}`));
}

/**
 * The class is being deleted: its contests go on for their members, and nobody joins them any
 * more (without the class there is no one left to tell members from outsiders).
 */
export async function closeClassroomContestJoins(tx: Executor, classroomId: number) {
  await tx.update(contests).set({ joinsClosed: true }).where(eq(contests.classroomId, classroomId));
}

/**
 * A user's line on each of these contests' boards (position, players, value), for a class's
 * report of a student (classrooms/gradebook); contests the user is not on the board of are absent.
 */
export async function boardLinesOfUser(
  db: Executor,
  userId: number,
  contestIds: number[],
): Promise<Map<number, { position: number; rank: number; valueCents: number }>> {
  if (contestIds.length === 0) return new Map();
  const rows = await db
    .select({
      contestId: contestBoard.contestId,
      position: contestBoard.position,
      rank: contestBoard.rank,
      valueCents: contestBoard.valueCents,
      lines: sql<number>`contest_board_size(${contestBoard.contestId})`,
    })
    .from(contestBoard)
    .where(and(eq(contestBoard.userId, userId), inArray(contestBoard.contestId, contestIds)));
  return new Map(
    rows.map(({ contestId, lines, position, rank, valueCents }) => {
      const size = { lines: Number(lines), top: 0 };
      return [
        contestId,
        { position: placeOf(position, size), rank: placeOf(rank, size), valueCents },
      ];
    }),
  );
}
