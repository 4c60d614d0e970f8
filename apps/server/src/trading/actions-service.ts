import { amountCents } from '@bullpen/contract/money';
import type { Database, Executor } from '../db/connection.ts';
import type { DividendAction, SplitAction } from '../market/corporate-actions.ts';
import { securityBySymbol } from '../market/universe.ts';
import type { SecurityInfo } from '../market/universe.ts';
import { refreshScheduledSplits, type MarketContext } from '../market/service.ts';
import { contestWindowsOfMembers, type ContestUserRow } from '../contests/queries.ts';
import { holdingFrom, lockAccount, writeAccount, writeHolding } from './account-service.ts';
import {
  dividendCandidates,
  dueEntryIds,
  entryById,
  insertEntry,
  markEntryPaid,
  netFilledAfter,
  splitCandidates,
} from './actions-queries.ts';
import { applySplit, splitOrder, splitStop } from './ledger.ts';
import { closeOrder, lockPendingOrders, resizeOrder } from './orders-queries.ts';
import { positionOf } from './queries.ts';

/**
 * Applies dividends and splits to the contests (docs/decisions/012-corporate-actions.md), from
 * the trading job. Idempotent and safe in several processes: each action is recorded once per
 * portfolio under a unique key, inside the same transaction and row lock a fill takes, so a
 * re-run or a second process finds the key and does nothing. Cash and holdings change through
 * `account-service.ts`, as a fill's do.
 *
 * - A dividend's entitlement is the shares held at the close before its ex-date (today's
 *   shares less the fills after that close); the cash, shares × dividend per share, is
 *   credited on the pay date. Only contests running at the record instant whose end is after
 *   the pay date take part.
 * - A split multiplies the shares held at its effective instant, keeps the cost basis, pays a
 *   fraction of a share in cash, and adjusts the pending orders placed before it (see the
 *   ledger's `applySplit` and `splitOrder`), for contests that started before it.
 */

/** How far back the job looks for actions it may have missed (a server that was down). */
export const ACTION_LOOKBACK_MS = 40 * 86_400_000;

/** Records one portfolio's entitlement to a dividend; false when there is none or it exists. */
async function entitle(
  db: Database,
  contestUserId: number,
  action: DividendAction,
): Promise<boolean> {
  const security = securityBySymbol.get(action.symbol);
  if (!security) return false;
  return db.transaction(async (tx) => {
    const member = await lockAccount(tx, contestUserId);
    if (!member) return false;
    const position = await positionOf(tx, member.id, security.id);
    const after = await netFilledAfter(tx, member.id, security.id, new Date(action.recordAt));
    const shares = (position?.shares ?? 0) - after;
    if (shares <= 0) return false;
    return insertEntry(tx, {
      contestUserId: member.id,
      actionKey: action.key,
      kind: 'dividend',
      securityId: security.id,
      symbol: security.symbol,
      status: 'entitled',
      shares,
      perShareCents: action.cashCents,
      cashCents: amountCents(action.cashCents, shares),
      effectiveAt: new Date(action.recordAt),
      payAt: new Date(action.payAt),
    });
  });
}

/** Credits one entitled dividend: the portfolio's contest, or null when another run paid it. */
async function pay(db: Database, market: MarketContext, entryId: number, at: number) {
  return db.transaction(async (tx) => {
    const entry = await entryById(tx, entryId);
    if (!entry || entry.status !== 'entitled') return null;
    const member = await lockAccount(tx, entry.contestUserId);
    if (!member) return null;
    const paid = await markEntryPaid(tx, entryId, new Date(at));
    if (!paid) return null;
    await writeAccount(
      tx,
      market,
      member,
      {
        cashCents: member.cashCents + paid.cashCents,
        realizedPnlCents: member.realizedPnlCents,
      },
      at,
    );
    return member.contestId;
  });
}

/** Applies a split to one portfolio: its contest, or null when it already was. */
async function split(
  db: Database,
  market: MarketContext,
  contestUserId: number,
  action: SplitAction,
  at: number,
): Promise<number | null> {
  const security = securityBySymbol.get(action.symbol);
  if (!security) return null;
  const priceBefore = (await market.provider.quote(action.symbol, action.effectiveAt))?.lastCents;
  if (!priceBefore) return null;
  return db.transaction((tx) =>
    splitPortfolio(tx, market, contestUserId, security, action, priceBefore, at),
  );
}

/** `split` in its transaction, under the portfolio's lock. */
async function splitPortfolio(
  tx: Executor,
  market: MarketContext,
  contestUserId: number,
  security: SecurityInfo,
  action: SplitAction,
  priceBeforeCents: number,
  at: number,
): Promise<number | null> {
  const member = await lockAccount(tx, contestUserId);
  if (!member) return null;
  const position = await positionOf(tx, member.id, security.id);
  const holding = holdingFrom(position);
  const after = await netFilledAfter(tx, member.id, security.id, new Date(action.effectiveAt));
  const sharesAtSplit = Math.max(0, holding.shares - after);
  const result = applySplit(
    {
      cashCents: member.cashCents,
      realizedPnlCents: member.realizedPnlCents,
      commissionsCents: member.commissionsCents,
    },
    holding,
    {
      numerator: action.numerator,
      denominator: action.denominator,
      sharesAtSplit,
      priceBeforeCents,
    },
  );
  const recorded = await insertEntry(tx, {
    contestUserId: member.id,
    actionKey: action.key,
    kind: 'split',
    securityId: security.id,
    symbol: security.symbol,
    status: 'applied',
    shares: holding.shares,
    sharesAfter: result.holding.shares,
    numerator: action.numerator,
    denominator: action.denominator,
    cashCents: result.fractionCashCents,
    realizedPnlCents: result.realizedPnlCents,
    effectiveAt: new Date(action.effectiveAt),
    closedAt: new Date(at),
  });
  if (!recorded) return null;
  const reservedShares = await splitPendingOrders(tx, member, security.id, action, at);
  if (position) {
    const { shares, costBasisCents } = result.holding;
    await writeHolding(tx, position.id, { shares, costBasisCents, reservedShares }, at);
  }
  await writeAccount(tx, market, member, result.account, at);
  return member.contestId;
}

/**
 * Adjusts the pending orders placed before a split (see `splitOrder`) and returns the shares
 * the portfolio's pending sells set aside afterwards. An order left without a whole share is
 * cancelled and gives its reservation back (on `member`, which the caller then writes).
 */
async function splitPendingOrders(
  tx: Executor,
  member: ContestUserRow,
  securityId: number,
  action: SplitAction,
  at: number,
): Promise<number> {
  const pending = await lockPendingOrders(tx, member.id, securityId);
  let reservedShares = 0;
  let releasedCash = 0;
  for (const order of pending) {
    if (order.createdAt.getTime() > action.effectiveAt) {
      reservedShares += order.reservedShares;
      continue;
    }
    const adjusted = splitOrder(order, action);
    if (adjusted === null) {
      releasedCash += order.reservedCashCents;
      const rejectionReason = `Cancelled by the ${action.numerator}-for-${action.denominator} split of ${action.symbol}: less than one share left.`;
      await closeOrder(tx, order.id, { status: 'cancelled', rejectionReason }, new Date(at));
      continue;
    }
    const shares = order.side === 'SELL' ? adjusted.quantity : 0;
    reservedShares += shares;
    await resizeOrder(tx, order.id, {
      ...adjusted,
      stopPriceCents: splitStop(order, action),
      reservedShares: shares,
    });
  }
  if (releasedCash > 0) member.reservedCashCents -= releasedCash;
  return reservedShares;
}

/**
 * Applies one action to the portfolios it touches: entitlements for a dividend, the split
 * itself for a split. Counts into `tally`.
 */
async function applyAction(
  db: Database,
  market: MarketContext,
  action: DividendAction | SplitAction,
  at: number,
  tally: { entitled: number; split: number; contestIds: Set<number> },
): Promise<void> {
  const candidates =
    action.kind === 'dividend'
      ? await dividendCandidates(db, action)
      : await splitCandidates(db, action);
  const windows = await contestWindowsOfMembers(db, candidates);
  for (const id of candidates) {
    const window = windows.get(id);
    if (!window) continue;
    if (action.kind === 'dividend') {
      const running =
        window.startsAt.getTime() < action.recordAt && window.endsAt.getTime() > action.payAt;
      if (running && (await entitle(db, id, action))) tally.entitled += 1;
    } else if (window.startsAt.getTime() < action.effectiveAt) {
      const contestId = await split(db, market, id, action, at);
      if (contestId !== null) {
        tally.split += 1;
        tally.contestIds.add(contestId);
      }
    }
  }
}

/**
 * The job: reads the scheduled splits, records entitlements and applies splits for the actions
 * that took effect in (since, now] (the job passes its previous run; ACTION_LOOKBACK_MS after
 * a start), then pays the dividends whose pay date has come. Returns the contests whose
 * portfolios changed.
 */
export async function applyCorporateActions(
  db: Database,
  market: MarketContext,
  since?: number,
): Promise<{ entitled: number; paid: number; split: number; contestIds: Set<number> }> {
  const at = market.clock.now().getTime();
  await refreshScheduledSplits(db, market);
  const from = since !== undefined && since <= at ? since : at - ACTION_LOOKBACK_MS;
  const actions = await market.provider.corporateActions(from, at);
  const tally = { entitled: 0, split: 0, contestIds: new Set<number>() };
  for (const action of actions) await applyAction(db, market, action, at, tally);
  let paid = 0;
  for (const id of await dueEntryIds(db, new Date(at))) {
    const contestId = await pay(db, market, id, at);
    if (contestId !== null) {
      paid += 1;
      tally.contestIds.add(contestId);
    }
  }
  return { entitled: tally.entitled, paid, split: tally.split, contestIds: tally.contestIds };
}
