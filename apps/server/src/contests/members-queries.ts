import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { contestBoard, contestUsers, contests } from '../db/schema/contests.ts';
import { publicUsers } from '../users/queries.ts';
import { boardSize, keyOrder, linesAt, onBoardOf, placeOf } from './board-queries.ts';
import type { ContestRow, ContestUserRow } from './queries.ts';

/**
 * Memberships (`contest_users`) and the board, for contests/service.ts and
 * contests/portfolios-service.ts: joining, leaving, coming back, and reading the board.
 */

/** A new member's portfolio: the contest's starting cash, valued at that. */
export async function insertMember(
  db: Executor,
  contest: Pick<ContestRow, 'id' | 'startingCashCents'>,
  userId: number,
  now: Date,
): Promise<ContestUserRow> {
  const [member] = await db
    .insert(contestUsers)
    .values({
      contestId: contest.id,
      userId,
      cashCents: contest.startingCashCents,
      valueCents: contest.startingCashCents,
      joinedAt: now,
    })
    .returning();
  return member!;
}

/** The user's membership of the contest, left or not. */
export async function membershipOf(
  db: Executor,
  contestId: number,
  userId: number,
): Promise<ContestUserRow | undefined> {
  const [row] = await db
    .select()
    .from(contestUsers)
    .where(and(eq(contestUsers.contestId, contestId), eq(contestUsers.userId, userId)));
  return row;
}

/** A member who had left is back, with the same portfolio. */
export async function rejoinMember(db: Executor, contestUserId: number): Promise<ContestUserRow> {
  const [row] = await db
    .update(contestUsers)
    .set({ leftAt: null })
    .where(eq(contestUsers.id, contestUserId))
    .returning();
  return row!;
}

/** The member leaves: off the board, the portfolio kept. */
export async function markLeft(db: Executor, contestUserId: number, now: Date): Promise<void> {
  await db.update(contestUsers).set({ leftAt: now }).where(eq(contestUsers.id, contestUserId));
}

/** A portfolio whose member has not left, if any; `lock` holds it for the transaction. */
export async function liveMember(
  db: Executor,
  contestUserId: number,
  options: { lock?: boolean } = {},
): Promise<ContestUserRow | undefined> {
  const query = db
    .select()
    .from(contestUsers)
    .where(and(eq(contestUsers.id, contestUserId), isNull(contestUsers.leftAt)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The user's live memberships of a class's contests, locked for the transaction. */
export async function lockClassroomMemberships(
  tx: Executor,
  classroomId: number,
  userId: number,
): Promise<ContestUserRow[]> {
  const rows = await tx
    .select({ contestUser: contestUsers })
    .from(contestUsers)
    .innerJoin(contests, eq(contests.id, contestUsers.contestId))
    .where(
      and(
        eq(contests.classroomId, classroomId),
        eq(contestUsers.userId, userId),
        isNull(contestUsers.leftAt),
      ),
    )
    .for('update', { of: contestUsers });
  return rows.map((row) => row.contestUser);
}

/** How many members other than `userId` have not left the contest. */
export async function countOtherMembers(
  db: Executor,
  contestId: number,
  userId: number,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(contestUsers)
    .where(
      and(
        eq(contestUsers.contestId, contestId),
        sql`${contestUsers.userId} <> ${userId}`,
        isNull(contestUsers.leftAt),
      ),
    );
  return row?.count ?? 0;
}

export async function setDescription(
  db: Executor,
  contestUserId: number,
  description: string,
): Promise<ContestUserRow> {
  const [row] = await db
    .update(contestUsers)
    .set({ description })
    .where(eq(contestUsers.id, contestUserId))
    .returning();
  return row!;
}

/** Portfolios of the viewer (filtered by the contest's visibility), newest first. */
export async function myContestUsers(db: Executor, viewerId: number, type?: 'public' | 'private') {
  return db
    .select({ contestUser: contestUsers })
    .from(contestUsers)
    .innerJoin(contests, eq(contests.id, contestUsers.contestId))
    .where(
      and(
        eq(contestUsers.userId, viewerId),
        isNull(contestUsers.leftAt),
        type ? eq(contests.visibility, type) : undefined,
      ),
    )
    .orderBy(desc(contestUsers.joinedAt), desc(contestUsers.id));
}

/**
 * Ranks by value; equal values share a rank ("1, 2, 2, 4"). The ranks and the board's order
 * are stored (`contest_board`, kept by triggers as values and memberships change; its keys are
 * counted from both ends, contests/board-queries.ts), so a page is one or two ranges of keys, one
 * member's line a key lookup and the count the two ends of the keys: none of them grows with
 * the contest.
 */
export async function leaderboardPage(
  db: Executor,
  contest: Pick<ContestRow, 'id' | 'visibility'>,
  page: { offset: number; limit: number },
  userId?: number,
) {
  const contestId = contest.id;
  // A public board never lists an under-13 or a teacher-made account, even one that got on it.
  const listed =
    contest.visibility === 'public' ? publicUsers.mayPlayInPublic(new Date()) : undefined;
  // A fresh query per use: a builder's `where` changes the builder itself.
  const rows = () =>
    db
      .select({
        position: contestBoard.position,
        rank: contestBoard.rank,
        contestUserId: contestBoard.contestUserId,
        valueCents: contestBoard.valueCents,
        ...publicUsers.columns,
      })
      .from(contestBoard)
      .innerJoin(publicUsers.table, eq(publicUsers.columns.userId, contestBoard.userId));
  const size = await boardSize(db, contestId);
  if (userId !== undefined) {
    // Through the membership's unique key: the board has no index by user.
    const member = db
      .select({ id: contestUsers.id })
      .from(contestUsers)
      .where(and(eq(contestUsers.contestId, contestId), eq(contestUsers.userId, userId)));
    const line = await rows().where(and(inArray(contestBoard.contestUserId, member), listed));
    return {
      rows: line.map(({ position: _position, ...row }) => ({
        ...row,
        rank: placeOf(row.rank, size),
      })),
      count: line.length,
    };
  }
  const pageRows = await linesAt(size, page.offset, page.offset + page.limit, (range) =>
    rows()
      .where(and(onBoardOf(contestId), listed, range))
      .orderBy(keyOrder),
  );
  return {
    rows: pageRows.map(({ position: _position, ...row }) => row),
    count: size.lines,
  };
}
