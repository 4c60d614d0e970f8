import type { UserRow } from '../users/presenter.ts';
import type { ContestRow } from './status.ts';

/** Membership facts a policy needs, loaded once by the caller. */
export type Membership = { contest: ContestRow; viewerContestUserId: number | null };

export function isContestOwner(user: UserRow, contest: ContestRow): boolean {
  return contest.ownerId === user.id;
}

/** A public contest is open to every signed-in user; a private one to its members only. */
export function canViewContest(user: UserRow, membership: Membership): boolean {
  return membership.contest.visibility === 'public' || membership.viewerContestUserId !== null;
}

/**
 * Who may hear a contest's live events: anyone for a public contest, its members for a
 * private one (an anonymous socket is never a member).
 */
export function canWatchContest(membership: Membership): boolean {
  return membership.contest.visibility === 'public' || membership.viewerContestUserId !== null;
}

/** Members of a contest may look at each other's portfolios, read-only (spec section 6). */
export function canViewPortfolio(membership: Membership): boolean {
  return membership.viewerContestUserId !== null;
}
