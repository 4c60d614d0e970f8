import type { Contest, ContestUser } from '@bullpen/contract/contests';
import { AVATAR_URL_PREFIX } from '../users/presenter.ts';
import type { ContestUserRow } from './queries.ts';
import { presentRules } from './rules.ts';
import { contestStatus, type ContestRow } from './status.ts';

export type ContestView = {
  contest: ContestRow;
  ownerUsername: string | null;
  membersCount: number;
  viewerContestUserId: number | null;
};

export type { ContestUserRow };

/**
 * `tradingPausedReason`: what a trading gate answers for the contest (see `TradingGate`);
 * `canManage`: what `canManageContest` (service.ts) answers for the viewer.
 */
export function presentContest(
  view: ContestView,
  viewerId: number,
  now: Date,
  tradingPausedReason: string | null,
  canManage: boolean,
): Contest {
  const { contest } = view;
  const isMember = view.viewerContestUserId !== null;
  return {
    id: contest.id,
    name: contest.name,
    description: contest.description,
    visibility: contest.visibility,
    owner:
      contest.ownerId !== null && view.ownerUsername !== null
        ? { id: contest.ownerId, username: view.ownerUsername }
        : null,
    starts_at: contest.startsAt.toISOString(),
    ends_at: contest.endsAt.toISOString(),
    starting_cash: contest.startingCashCents,
    commission: contest.commissionCents,
    after_hours: contest.afterHours,
    ...presentRules(contest),
    status: contestStatus(contest, now),
    is_challenge: contest.isChallenge,
    members_count: view.membersCount,
    is_owner: contest.ownerId === viewerId,
    can_manage: canManage,
    my_contest_user: view.viewerContestUserId,
    join_code: isMember ? contest.joinCode : null,
    classroom_id: contest.classroomId,
    trading_paused_reason: tradingPausedReason,
    coach: contest.coach,
    risk_board: {
      mode: contest.riskBoard,
      min_trading_days: contest.minTradingDays,
      max_drawdown_bps: contest.maxDrawdownBps,
    },
  };
}

export function avatarUrl(avatarPath: string | null): string | null {
  return avatarPath ? `${AVATAR_URL_PREFIX}${avatarPath}` : null;
}

export function returnRatio(valueCents: number, startingCashCents: number): number {
  return (valueCents - startingCashCents) / startingCashCents;
}

export function presentContestUser(
  row: ContestUserRow,
  user: { id: number; username: string; firstName: string; avatarPath: string | null },
  contest: Contest,
  viewerId: number,
): ContestUser {
  return {
    id: row.id,
    contest,
    user: {
      id: user.id,
      username: user.username,
      first_name: user.firstName,
      avatar: avatarUrl(user.avatarPath),
    },
    cash: row.cashCents,
    reserved_cash: row.reservedCashCents,
    buying_power: row.cashCents - row.reservedCashCents,
    value: row.valueCents,
    return_ratio: returnRatio(row.valueCents, contest.starting_cash),
    description: row.description,
    joined_at: row.joinedAt.toISOString(),
    is_mine: row.userId === viewerId,
  };
}
