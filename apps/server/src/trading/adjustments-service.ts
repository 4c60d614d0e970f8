import { contestMessages } from '@bullpen/contract/contests';
import {
  ADJUSTMENT_STARTING_CASH_MULTIPLE,
  adjustmentMessages,
} from '@bullpen/contract/portfolio-adjustments';
import { isDeadlock, type Database, type Executor } from '../db/connection.ts';
import {
  findContest,
  lockMembersOf,
  resetMemberAccounts,
  type ContestRow,
  type ContestUserRow,
} from '../contests/queries.ts';
import {
  canManageContest,
  contestView,
  requireVisibleContest,
  type MembershipHooks,
} from '../contests/service.ts';
import { clearRiskLines, shiftRiskLine } from '../contests/risk-board-queries.ts';
import { contestStatus } from '../contests/status.ts';
import type { MarketContext } from '../market/service.ts';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { writeAccount } from './account-service.ts';
import { recordValues } from './queries.ts';
import {
  adjustmentsOf,
  clearPortfolios,
  insertAdjustments,
  lastOrderIds,
  type AdjustmentRow,
} from './adjustments-queries.ts';

/**
 * Cash adjustments and resets by a contest's managers
 * (docs/decisions/049-portfolio-reset-and-cash-adjustment.md). Each runs under the members'
 * row locks, the lock every order, fill and corporate action takes, so none of them races a
 * trade: the cash a portfolio holds is always the starting cash plus the fills, dividends and
 * adjustments since its last reset.
 */

/**
 * The contest, when `actor` manages it (the owner, a class contest's teacher) and it has not
 * ended: someone who may not see it gets 404, a member or a visitor 403, an ended contest 409.
 */
export async function requireManagedContest(
  db: Executor,
  hooks: MembershipHooks,
  actor: UserRow,
  contestId: number,
  now: Date,
): Promise<ContestRow> {
  const contest = await findContest(db, contestId);
  // The class's teacher may be no member of a private class contest: asked before visibility.
  if (!contest || !(await canManageContest(db, hooks, actor, contest))) {
    await requireVisibleContest(db, actor, contestId);
    throw forbidden(adjustmentMessages.notManager);
  }
  if (contestStatus(contest, now) === 'ended') throw conflict(contestMessages.ended);
  return contest;
}

/** The largest adjustment either way in a contest. */
export function adjustmentLimit(contest: ContestRow): number {
  return contest.startingCashCents * ADJUSTMENT_STARTING_CASH_MULTIPLE;
}

/**
 * Adds `amountCents` (negative: removes) to one member's cash, with a value point and the
 * board moved as a fill moves it. Refused (409) when it would leave less cash than the
 * member's pending orders set aside.
 */
export async function adjustCash(
  db: Database,
  market: MarketContext,
  contest: ContestRow,
  actor: UserRow,
  body: { contestUserId: number; amountCents: number; reason: string },
): Promise<AdjustmentRow> {
  const limit = adjustmentLimit(contest);
  if (Math.abs(body.amountCents) > limit) {
    throw badRequest({ amount: [adjustmentMessages.tooLarge(limit)] });
  }
  return db.transaction(async (tx) => {
    const [member] = await lockMembersOf(tx, contest.id, body.contestUserId);
    if (!member) throw notFound(adjustmentMessages.notMember);
    const cashCents = member.cashCents + body.amountCents;
    if (!Number.isSafeInteger(cashCents)) {
      throw badRequest({ amount: [adjustmentMessages.tooLarge(limit)] });
    }
    if (cashCents < member.reservedCashCents) {
      throw conflict(adjustmentMessages.belowReserved(member.cashCents - member.reservedCashCents));
    }
    const now = market.clock.now();
    const [line] = await insertAdjustments(tx, [
      {
        contestId: contest.id,
        contestUserId: member.id,
        kind: 'cash',
        amountCents: body.amountCents,
        valueBeforeCents: member.valueCents,
        reason: body.reason,
        actorId: actor.id,
        createdAt: now,
      },
    ]);
    await shiftRiskLine(tx, member, contest.startingCashCents, body.amountCents);
    // Last, as a fill's: the board's lock is held from here to the commit.
    await writeAccount(
      tx,
      market,
      member,
      { cashCents, realizedPnlCents: member.realizedPnlCents },
      now.getTime(),
    );
    return line!;
  });
}

/**
 * Resets one member's portfolio, or every current member's: pending orders cancelled (what
 * they set aside given back), holdings removed, cash back to the starting cash, no realised
 * P&L or commission. Orders, fills, dividends and value points stay; each reset line keeps
 * the portfolio's newest order id, which marks what came before it. A fixed number of
 * statements whatever the class's size, in one transaction under every member's lock.
 */
export async function resetPortfolios(
  db: Database,
  market: MarketContext,
  contest: ContestRow,
  actor: UserRow,
  body: { contestUserId: number | null; reason: string },
): Promise<AdjustmentRow[]> {
  // Locking every member can meet the revaluation's one-statement update of the same rows in
  // another order (contests/queries.ts revalueMembers); the database breaks such a deadlock by
  // failing one side, and the reset, rolled back whole, is tried again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await resetOnce(db, market, contest, actor, body);
    } catch (error) {
      if (!isDeadlock(error) || attempt >= RESET_ATTEMPTS) throw error;
    }
  }
}

/** How many times a reset meeting a deadlock is tried. */
const RESET_ATTEMPTS = 3;

async function resetOnce(
  db: Database,
  market: MarketContext,
  contest: ContestRow,
  actor: UserRow,
  body: { contestUserId: number | null; reason: string },
): Promise<AdjustmentRow[]> {
  return db.transaction(async (tx) => {
    const members = await lockMembersOf(tx, contest.id, body.contestUserId ?? undefined);
    if (body.contestUserId !== null && members.length === 0) {
      throw notFound(adjustmentMessages.notMember);
    }
    const ids = members.map((member) => member.id);
    const now = market.clock.now();
    const lastOrders = await lastOrderIds(tx, ids);
    await clearPortfolios(tx, ids, now);
    await clearRiskLines(tx, ids);
    const start = contest.startingCashCents;
    await recordValues(
      tx,
      ids.map((contestUserId) => ({ contestUserId, valueCents: start })),
      now,
    );
    const lines = await insertAdjustments(
      tx,
      members.map((member: ContestUserRow) => ({
        contestId: contest.id,
        contestUserId: member.id,
        kind: 'reset' as const,
        amountCents: start - member.cashCents,
        valueBeforeCents: member.valueCents,
        lastOrderId: lastOrders.get(member.id) ?? 0,
        reason: body.reason,
        actorId: actor.id,
        createdAt: now,
      })),
    );
    // Last: the board's triggers take its lock here and hold it to the commit.
    await resetMemberAccounts(tx, ids, start);
    return lines;
  });
}

/**
 * GET /api/contests/{id}/adjustments/: the managers read the contest's history (or one
 * portfolio's); a member reads their own lines only. Someone else who sees the contest gets
 * 403, anyone else 404.
 */
export async function readableAdjustments(
  db: Executor,
  hooks: MembershipHooks,
  actor: UserRow,
  contestId: number,
  contestUserId: number | undefined,
): Promise<AdjustmentRow[]> {
  const contest = await findContest(db, contestId);
  if (contest && (await canManageContest(db, hooks, actor, contest))) {
    return adjustmentsOf(db, contestId, contestUserId);
  }
  const view = await contestView(db, contestId, actor.id);
  const own = view?.viewerContestUserId ?? null;
  if (own !== null && (contestUserId === undefined || contestUserId === own)) {
    return adjustmentsOf(db, contestId, own);
  }
  await requireVisibleContest(db, actor, contestId);
  throw forbidden(adjustmentMessages.notManager);
}
