import { and, asc, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { contestMessages } from '@bullpen/contract/contests';
import type { Database, Executor } from '../db/connection.ts';
import { contestBoard, contestUsers, contests } from '../db/schema/contests.ts';
import { AppError, conflict, forbidden, notFound } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { publicUsers } from '../users/queries.ts';
import { canViewContest } from './policies.ts';
import type { ContestView } from './presenter.ts';
import type { ContestUserRow } from './queries.ts';
import type { ContestRow } from './status.ts';
import { contestView, type MembershipHooks } from './service.ts';

// Members' portfolios: reading one, leaving, the description, my contests and the board.

/** A member's portfolio; one whose member left is not found until they join again. */
export async function requireContestUser(db: Executor, id: number): Promise<ContestUserRow> {
  const [row] = await db
    .select()
    .from(contestUsers)
    .where(and(eq(contestUsers.id, id), isNull(contestUsers.leftAt)));
  if (!row) throw notFound(contestMessages.portfolioNotFound);
  return row;
}

/**
 * The refusal for acting on someone else's portfolio: 403 with `message` when the actor can
 * see the contest (public, or they are a member), else the same 404 as a portfolio that does
 * not exist, so a private contest's portfolios are not revealed.
 */
export async function othersPortfolioError(
  db: Executor,
  actor: UserRow,
  contestUser: ContestUserRow,
  message: string,
): Promise<AppError> {
  const view = await contestView(db, contestUser.contestId, actor.id);
  const visible =
    contestUser.leftAt === null &&
    view !== undefined &&
    canViewContest(actor, { contest: view.contest, viewerContestUserId: view.viewerContestUserId });
  return visible ? forbidden(message) : notFound(contestMessages.portfolioNotFound);
}

/**
 * A portfolio the viewer may read: their own, or one in a contest they are a member of.
 * Anything else is a 404, so portfolios of private contests are not revealed.
 */
export async function requireReadablePortfolio(
  db: Executor,
  viewer: UserRow,
  contestUserId: number,
): Promise<{ contestUser: ContestUserRow; view: ContestView }> {
  const contestUser = await requireContestUser(db, contestUserId);
  const view = await contestView(db, contestUser.contestId, viewer.id);
  if (!view || view.viewerContestUserId === null) {
    throw view?.contest.visibility === 'public'
      ? forbidden(contestMessages.notMember)
      : notFound(contestMessages.portfolioNotFound);
  }
  return { contestUser, view };
}

/**
 * DELETE /api/contest-users/{id}/: the member leaves. The portfolio is kept, marked left (off
 * the leaderboard and the member lists); its pending orders are cancelled and what they set
 * aside given back. Joining again brings the same portfolio back, so leaving never resets a
 * loss.
 */
export async function leaveContest(
  db: Database,
  hooks: MembershipHooks,
  actor: UserRow,
  contestUserId: number,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const [contestUser] = await tx
      .select()
      .from(contestUsers)
      .where(and(eq(contestUsers.id, contestUserId), isNull(contestUsers.leftAt)))
      .for('update');
    if (!contestUser) throw notFound(contestMessages.portfolioNotFound);
    if (contestUser.userId !== actor.id) {
      throw await othersPortfolioError(
        tx,
        actor,
        contestUser,
        contestMessages.notYourContestToLeave,
      );
    }
    const [contest] = await tx
      .select()
      .from(contests)
      .where(eq(contests.id, contestUser.contestId));
    if (contest && contest.ownerId === actor.id) throw conflict(contestMessages.ownerCannotLeave);
    for (const leaving of hooks.leaving) await leaving(tx, contestUser, now);
    await tx.update(contestUsers).set({ leftAt: now }).where(eq(contestUsers.id, contestUserId));
  });
}

export async function updateDescription(
  db: Database,
  actor: UserRow,
  contestUserId: number,
  description: string,
): Promise<ContestUserRow> {
  const contestUser = await requireContestUser(db, contestUserId);
  if (contestUser.userId !== actor.id) {
    throw await othersPortfolioError(db, actor, contestUser, contestMessages.notYourDescription);
  }
  const [updated] = await db
    .update(contestUsers)
    .set({ description })
    .where(eq(contestUsers.id, contestUserId))
    .returning();
  return updated!;
}

/** Portfolios of the viewer (filtered by the contest's visibility), newest first. */
export async function myContestUsers(db: Executor, viewer: UserRow, type?: 'public' | 'private') {
  return db
    .select({ contestUser: contestUsers })
    .from(contestUsers)
    .innerJoin(contests, eq(contests.id, contestUsers.contestId))
    .where(
      and(
        eq(contestUsers.userId, viewer.id),
        isNull(contestUsers.leftAt),
        type ? eq(contests.visibility, type) : undefined,
      ),
    )
    .orderBy(desc(contestUsers.joinedAt), desc(contestUsers.id));
}

/** The largest `contest_board.position` (an `integer` column). */
const MAX_BOARD_POSITION = 2_147_483_647;

/**
 * Ranks by value; equal values share a rank ("1, 2, 2, 4"). The ranks and the board's order
 * are stored (`contest_board`, kept by triggers as values and memberships change), so a page
 * is a range of positions, one member's line a key lookup and the count the last position:
 * none of them grows with the contest.
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
  const onBoard = eq(contestBoard.contestId, contestId);
  const rows = db
    .select({
      rank: contestBoard.rank,
      contestUserId: contestBoard.contestUserId,
      valueCents: contestBoard.valueCents,
      ...publicUsers.columns,
    })
    .from(contestBoard)
    .innerJoin(publicUsers.table, eq(publicUsers.columns.userId, contestBoard.userId));
  if (userId !== undefined) {
    // Through the membership's unique key: the board has no index by user.
    const member = db
      .select({ id: contestUsers.id })
      .from(contestUsers)
      .where(and(eq(contestUsers.contestId, contestId), eq(contestUsers.userId, userId)));
    const line = await rows.where(and(inArray(contestBoard.contestUserId, member), listed));
    return { rows: line, count: line.length };
  }
  // Positions are 32-bit: a page beyond the largest one is empty, not an out-of-range error.
  const position = (value: number) => Math.min(value, MAX_BOARD_POSITION);
  const [pageRows, [last]] = await Promise.all([
    rows
      .where(
        and(
          onBoard,
          listed,
          gt(contestBoard.position, position(page.offset)),
          lte(contestBoard.position, position(page.offset + page.limit)),
        ),
      )
      .orderBy(asc(contestBoard.position)),
    db
      .select({ position: contestBoard.position })
      .from(contestBoard)
      .where(onBoard)
      .orderBy(desc(contestBoard.position))
      .limit(1),
  ]);
  return { rows: pageRows, count: last?.position ?? 0 };
}
