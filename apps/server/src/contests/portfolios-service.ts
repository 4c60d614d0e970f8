import { contestMessages } from '@bullpen/contract/contests';
import type { Database, Executor } from '../db/connection.ts';
import { liveMember, markLeft, setDescription } from './members-queries.ts';
import { AppError, conflict, forbidden, notFound } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { canViewContest, canViewPortfolio } from './policies.ts';
import type { ContestView } from './presenter.ts';
import { findContest, type ContestUserRow } from './queries.ts';
import { contestView, type MembershipHooks } from './service.ts';

// Members' portfolios: reading one, leaving, the description, my contests and the board.

/** A member's portfolio; one whose member left is not found until they join again. */
export async function requireContestUser(db: Executor, id: number): Promise<ContestUserRow> {
  const row = await liveMember(db, id);
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
  if (!view || !canViewPortfolio(view)) {
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
    const contestUser = await liveMember(tx, contestUserId, { lock: true });
    if (!contestUser) throw notFound(contestMessages.portfolioNotFound);
    if (contestUser.userId !== actor.id) {
      throw await othersPortfolioError(
        tx,
        actor,
        contestUser,
        contestMessages.notYourContestToLeave,
      );
    }
    const contest = await findContest(tx, contestUser.contestId);
    if (contest && contest.ownerId === actor.id) throw conflict(contestMessages.ownerCannotLeave);
    for (const leaving of hooks.leaving) await leaving(tx, contestUser, now);
    await markLeft(tx, contestUserId, now);
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
  return setDescription(db, contestUserId, description);
}
