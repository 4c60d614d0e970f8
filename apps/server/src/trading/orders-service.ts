import { contestMessages } from '@bullpen/contract/contests';
import { tradingMessages } from '@bullpen/contract/trading';
import { isUniqueViolation, type Database, type Executor } from '../db/connection.ts';
import type { SecurityInfo } from '../market/universe.ts';
import { newYorkDay, newYorkInstant, sessionState } from '../market/calendar.ts';
import { requireSecurityById, type MarketContext } from '../market/service.ts';
import { badRequest, conflict, notFound, unprocessable } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { tradingPausedReason, type TradingGate } from '../contests/service.ts';
import { othersPortfolioError } from '../contests/portfolios-service.ts';
import { findContest, type ContestUserRow } from '../contests/queries.ts';
import { contestStatus, type ContestRow } from '../contests/status.ts';
import {
  accountOf,
  holdingOf,
  lockContestUser,
  lockForOrder,
  reservationOf,
  setAside,
} from './account-service.ts';
import {
  fill,
  fillAtOnce,
  oneAtATime,
  heldPriceAt,
  priceAt,
  sameOrder,
  type PlaceOrder,
  type Placed,
} from './fills-service.ts';
import { reservationFor, reserve } from './ledger.ts';
import {
  contestRuleRefusal,
  hasPlacementRules,
  limitReached,
  reservePriceOf,
  stopCrossed,
  weightRefusalAtPlacement,
} from './order-rules.ts';
import {
  closeOrder,
  insertFilledOrder,
  insertPendingOrder,
  latestBuyFill,
  lockOrder,
  lockPendingOrders,
  markOrderFilled,
  markTriggered,
  orderById,
  orderByKey,
  ordersPlacedSince,
  pendingBuyShares,
  pendingDayOrders,
  pendingOrderIds,
  type NewOrder,
} from './orders-queries.ts';
import { canTradeIn } from './policies.ts';
import { positionsOf, type OrderRow } from './queries.ts';

/**
 * Orders: placing one (it fills at once or waits), cancelling one, the trading job's fills of
 * pending orders, and the contest's rules an order meets (the contest running, the weight
 * rule, the trading rules of docs/decisions/046-contest-rule-packs.md). Fills are worked out in `fills-service.ts`; cash and holdings change through
 * `account-service.ts`.
 */

function assertTradable(contest: ContestRow, now: Date): void {
  const status = contestStatus(contest, now);
  if (status === 'frozen') throw conflict(contestMessages.frozen);
  if (status === 'upcoming') throw conflict(contestMessages.notStarted);
  if (status === 'ended') throw conflict(contestMessages.ended);
}

/**
 * The contest's weight rule checked when a buy is placed (`weightRefusalAtPlacement`): reads the
 * portfolio's holdings, their prices and its pending buys of the security, only for a contest
 * with the rule.
 */
async function assertWeightAtPlacement(
  tx: Executor,
  market: MarketContext,
  contestUser: ContestUserRow,
  contest: ContestRow,
  order: { securityId: number; quantity: number; priceCents: number },
  at: number,
): Promise<void> {
  if (contest.maxPositionWeightBps === null) return;
  const held = await positionsOf(tx, contestUser.id);
  const others = held.filter((position) => position.securityId !== order.securityId);
  const sharesHeld = held.find((position) => position.securityId === order.securityId)?.shares ?? 0;
  const otherPrices = await Promise.all(
    others.map((position) => heldPriceAt(market, position.symbol, at)),
  );
  const refusal = weightRefusalAtPlacement({
    maxPositionWeightBps: contest.maxPositionWeightBps,
    cashCents: contestUser.cashCents,
    commissionCents: contest.commissionCents,
    otherHoldings: others.map((position, index) => ({
      shares: position.shares,
      priceCents: otherPrices[index]!,
    })),
    sharesHeld,
    pendingBuyShares: await pendingBuyShares(tx, contestUser.id, order.securityId),
    quantity: order.quantity,
    priceCents: order.priceCents,
  });
  if (refusal !== null) throw badRequest(refusal);
}

/**
 * The contest's trading rules checked when an order is placed (`contestRuleRefusal`,
 * docs/decisions/046-contest-rule-packs.md): reads the portfolio's orders of the market day
 * (New York, the market's time zone) and its latest buy of the security, only for a contest
 * with such rules.
 */
async function assertContestRules(
  tx: Executor,
  contestUser: ContestUserRow,
  contest: ContestRow,
  order: { side: 'BUY' | 'SELL'; security: SecurityInfo; priceCents: number },
  at: number,
): Promise<void> {
  if (!hasPlacementRules(contest)) return;
  const dayStart = new Date(newYorkInstant(newYorkDay(at), 0));
  const ordersToday =
    contest.maxTradesPerDay === null ? 0 : await ordersPlacedSince(tx, contestUser.id, dayStart);
  const lastBuy =
    order.side === 'SELL' && contest.minHoldingMinutes !== null
      ? await latestBuyFill(tx, contestUser.id, order.security.id)
      : null;
  const refusal = contestRuleRefusal(contest, {
    side: order.side,
    symbol: order.security.symbol,
    sector: order.security.sector.name,
    priceCents: order.priceCents,
    ordersToday,
    lastBuyAt: lastBuy?.getTime() ?? null,
    now: at,
  });
  if (refusal !== null) throw badRequest(refusal);
}

/** An order being placed: who places it, what, and when. */
type Placing = {
  market: MarketContext;
  gates: readonly TradingGate[];
  actor: UserRow;
  input: PlaceOrder;
  idempotencyKey: string | undefined;
  security: SecurityInfo;
  now: Date;
};

/**
 * POST /api/contest-user-orders/. During market hours a market order fills at the current
 * price; outside them it waits as a pending invest (or is refused, by the contest's rule). A
 * limit order fills when the price reaches its limit. A pending order sets aside its cash (buy)
 * or shares (sell) until it fills, is cancelled or rejected, so pending orders can never
 * promise more than the portfolio holds. An order that fills at once, or a replay, takes the
 * fast path (`fillAtOnce`, decision 017: one statement under the portfolio's lock, if the
 * portfolio is as seen); everything else happens in one transaction under a row lock on the
 * portfolio. Orders into one portfolio run one at a time in this process. A repeated
 * Idempotency-Key returns the first order, and the same key with a different order is refused
 * (422).
 */
export async function placeOrder(
  db: Database,
  market: MarketContext,
  gates: readonly TradingGate[],
  actor: UserRow,
  input: PlaceOrder,
  idempotencyKey: string | undefined,
): Promise<Placed> {
  const security = requireSecurityById(market, input.security);
  const placing: Placing = {
    market,
    gates,
    actor,
    input,
    idempotencyKey,
    security,
    now: market.clock.now(),
  };
  const found: { contestId?: number } = {};
  try {
    return await oneAtATime(db, input.contest_user, async () => {
      const filled = await fillAtOnce(db, market, gates, actor, input, idempotencyKey);
      if (filled) {
        found.contestId = filled.contestId;
        return filled;
      }
      return db.transaction((tx) => placeLocked(tx, placing, found));
    });
  } catch (error) {
    return replayAfterKeyConflict(db, input, idempotencyKey, found.contestId, error);
  }
}

/**
 * The key's look-up reads the snapshot its statement started with, before it waited for the
 * portfolio's lock (PostgreSQL): an order that the same key made meanwhile is not in it, and
 * the unique index refused this one, with everything its transaction wrote. A replay: the
 * first order. Any other error is thrown again.
 */
async function replayAfterKeyConflict(
  db: Database,
  input: PlaceOrder,
  idempotencyKey: string | undefined,
  contestId: number | undefined,
  error: unknown,
): Promise<Placed> {
  if (!idempotencyKey || contestId === undefined) throw error;
  if (!isUniqueViolation(error, 'orders_idempotency_key')) throw error;
  const previous = await orderByKey(db, input.contest_user, idempotencyKey);
  if (!previous) throw error;
  if (!sameOrder(previous, input)) throw unprocessable(tradingMessages.idempotencyMismatch);
  return { order: previous, replayed: true, contestId };
}

/**
 * `placeOrder`'s locked path, in one transaction: the portfolio locked with its contest and the
 * key's order (one round trip; an order the key made while this waited for the lock: see
 * `replayAfterKeyConflict`), the contest's rules, then the order waits or fills. `found` gets
 * the portfolio's contest once it is known.
 */
async function placeLocked(
  tx: Executor,
  placing: Placing,
  found: { contestId?: number },
): Promise<Placed> {
  const { market, actor, input, idempotencyKey, security, now } = placing;
  const at = now.getTime();
  const locked = await lockForOrder(tx, input.contest_user, idempotencyKey);
  if (!locked) throw notFound(contestMessages.portfolioNotFound);
  const { member: contestUser, contest, extra: previousId } = locked;
  if (contestUser.leftAt !== null || !canTradeIn(actor, contestUser)) {
    throw await othersPortfolioError(tx, actor, contestUser, tradingMessages.notYourPortfolio);
  }
  found.contestId = contestUser.contestId;
  if (previousId !== null) {
    const previous = await orderById(tx, previousId);
    if (!sameOrder(previous!, input)) throw unprocessable(tradingMessages.idempotencyMismatch);
    return { order: previous!, replayed: true, contestId: contestUser.contestId };
  }
  assertTradable(contest, now);
  // A class whose teacher turned trading off, say (nothing is written before this).
  const paused = await tradingPausedReason(tx, placing.gates, contest);
  if (paused !== null) throw conflict(paused);

  const base: NewOrder = {
    contestUserId: contestUser.id,
    securityId: security.id,
    symbol: security.symbol,
    side: input.order_type,
    kind: input.kind,
    quantity: input.quantity,
    limitPriceCents: input.limit_price ?? null,
    stopPriceCents: input.stop_price ?? null,
    timeInForce: input.time_in_force,
    idempotencyKey: idempotencyKey ?? null,
    createdAt: now,
  };
  const session = sessionState(market.provider.calendar, at);
  if (!session.isOpen && contest.afterHours === 'refuse') {
    throw conflict(tradingMessages.marketClosedRefused);
  }
  const price = await priceAt(market, security.symbol, at);
  await assertContestRules(
    tx,
    contestUser,
    contest,
    { side: base.side, security, priceCents: price },
    at,
  );
  const stop = base.stopPriceCents !== null;
  // A stop the price has already crossed would trigger at once: the ticket should be a market
  // or limit order. Outside the session the next open decides (a gap triggers it there).
  if (stop && session.isOpen && stopCrossed(base, price)) {
    throw badRequest({ stop_price: tradingMessages.stopAlreadyReached(base.side) });
  }
  const pending = stop || !session.isOpen || !limitReached(base, price);
  if (base.side === 'BUY') {
    const priceCents = pending ? (reservePriceOf(base) ?? price) : price;
    await assertWeightAtPlacement(
      tx,
      market,
      contestUser,
      contest,
      { securityId: security.id, quantity: base.quantity, priceCents },
      at,
    );
  }
  if (pending) {
    const order = await placePending(tx, contestUser, contest, base, price);
    return { order, replayed: false, contestId: contestUser.contestId };
  }
  const result = await fill(
    tx,
    market,
    contestUser,
    contest,
    { security, side: base.side, quantity: base.quantity, priceCents: price },
    at,
  );
  if (!result.ok) throw badRequest(result.reason);
  const order = await insertFilledOrder(tx, result.writes, base, {
    fillPriceCents: price,
    commissionCents: result.commissionCents,
    cashDeltaCents: result.cashDeltaCents,
    realizedPnlCents: result.realizedPnlCents,
    closedAt: now,
  });
  return { order, replayed: false, contestId: contestUser.contestId };
}

/** An order that waits, on the locked portfolio: it sets its cash or shares aside first. */
async function placePending(
  tx: Executor,
  contestUser: ContestUserRow,
  contest: ContestRow,
  base: NewOrder,
  lastPriceCents: number,
): Promise<OrderRow> {
  const holding = await holdingOf(tx, contestUser.id, base.securityId);
  const reservation = reservationFor({
    side: base.side,
    quantity: base.quantity,
    limitPriceCents: reservePriceOf(base),
    lastPriceCents,
    commissionCents: contest.commissionCents,
  });
  const reserved = reserve(accountOf(contestUser), holding, reservation);
  if (!reserved.ok) throw badRequest(reserved.reason);
  await setAside(tx, contestUser.id, base.securityId, reservation, 1);
  return insertPendingOrder(tx, base, reservation);
}

/** Closes a pending order without a fill (cancelled or rejected) and gives its reservation back. */
async function closeUnfilled(
  tx: Executor,
  order: OrderRow,
  change: { status: 'cancelled' | 'rejected'; rejectionReason?: string },
  now: Date,
): Promise<OrderRow> {
  await setAside(tx, order.contestUserId, order.securityId, reservationOf(order), -1);
  return closeOrder(tx, order.id, change, now);
}

/** DELETE /api/contest-invests/{id}/: the portfolio's owner cancels a pending order. */
export async function cancelPendingOrder(db: Database, actor: UserRow, orderId: number, now: Date) {
  return db.transaction(async (tx) => {
    const order = await orderById(tx, orderId);
    if (!order) throw notFound(tradingMessages.orderNotFound);
    const contestUser = await lockContestUser(tx, order.contestUserId);
    if (!canTradeIn(actor, contestUser)) throw notFound(tradingMessages.orderNotFound);
    const current = await lockOrder(tx, orderId);
    if (current!.status !== 'pending') throw conflict(tradingMessages.notPending);
    return closeUnfilled(tx, current!, { status: 'cancelled' }, now);
  });
}

/**
 * Cancels every pending order of a portfolio and gives back what they set aside, in the
 * caller's transaction (which holds the portfolio's lock): used when a member leaves.
 */
export async function cancelAllPendingOrders(
  tx: Executor,
  contestUserId: number,
  now: Date,
): Promise<number> {
  const pending = await lockPendingOrders(tx, contestUserId);
  for (const order of pending) await closeUnfilled(tx, order, { status: 'cancelled' }, now);
  return pending.length;
}

/** A leaving member's pending orders are cancelled and what they set aside given back. */
export async function cancelPendingOnLeave(
  tx: Executor,
  member: ContestUserRow,
  now: Date,
): Promise<void> {
  await cancelAllPendingOrders(tx, member.id, now);
}

/** What the trading job does with a pending order now: the price it fills at, or null; and
 * whether its stop was crossed now (a stop-limit order then waits as a limit order). */
type PendingTurn = { price: number | null; triggered: boolean };

/**
 * A stop or stop-limit order's stop checked on this run (docs/decisions/044-stop-orders.md):
 * one waiting from before the open triggers at the opening price when the open already crosses
 * the stop (a gap); otherwise at the current tick's price when it crosses the stop. The
 * trigger price, or null.
 */
async function stopTrigger(
  market: MarketContext,
  order: OrderRow,
  placedBeforeOpen: boolean,
  openAt: number,
  at: number,
): Promise<number | null> {
  if (placedBeforeOpen) {
    const opening = await priceAt(market, order.symbol, openAt);
    if (stopCrossed(order, opening)) return opening;
  }
  const current = await priceAt(market, order.symbol, at);
  return stopCrossed(order, current) ? current : null;
}

/**
 * The price a pending order fills at now, or null when it does not fill yet. A market order
 * placed before the session opened fills at the opening price. A limit order is checked on
 * every run of the trading job (every price tick): one waiting from before the open fills at
 * the opening price when the open already reaches its limit (a gap: the limit or better);
 * otherwise it fills at its limit price as soon as the current price reaches the limit, as a
 * resting order on an exchange does. A stop order fills at the price of the tick that crosses
 * its stop; a stop-limit order then becomes a limit order: it fills at that tick's price when
 * the price is within its limit (a marketable limit), else it waits as a limit order from then.
 */
async function pendingTurn(
  market: MarketContext,
  order: OrderRow,
  contest: ContestRow,
  open: number,
  at: number,
): Promise<PendingTurn> {
  const openAt = Math.min(Math.max(open, contest.startsAt.getTime()), at);
  const waiting = order.kind === 'stop' || order.kind === 'stop_limit';
  if (waiting && order.triggeredAt === null) {
    const trigger = await stopTrigger(market, order, order.createdAt.getTime() < open, openAt, at);
    if (trigger === null) return { price: null, triggered: false };
    if (order.kind === 'stop' || limitReached(order, trigger)) {
      return { price: trigger, triggered: true };
    }
    return { price: null, triggered: true };
  }
  // A triggered stop-limit order is a limit order placed when its stop was crossed.
  const since = order.triggeredAt ?? order.createdAt;
  const placedBeforeOpen = since.getTime() < open;
  if (order.limitPriceCents === null) {
    return {
      price: await priceAt(market, order.symbol, placedBeforeOpen ? openAt : at),
      triggered: false,
    };
  }
  if (placedBeforeOpen) {
    const opening = await priceAt(market, order.symbol, openAt);
    if (limitReached(order, opening)) return { price: opening, triggered: false };
  }
  const current = await priceAt(market, order.symbol, at);
  return { price: limitReached(order, current) ? order.limitPriceCents : null, triggered: false };
}

/**
 * Day orders (`time_in_force = 'day'`) still pending after the first close that followed their
 * placement are closed as cancelled with the reason, and give their reservation back: the
 * session they were placed in, or the next one when placed while the market was closed.
 */
export async function expireDayOrders(db: Database, market: MarketContext): Promise<number> {
  const now = market.clock.now();
  const calendar = market.provider.calendar;
  let expired = 0;
  for (const { id, createdAt } of await pendingDayOrders(db)) {
    if (sessionState(calendar, createdAt.getTime()).nextClose > now.getTime()) continue;
    const closed = await db.transaction(async (tx) => {
      const order = await orderById(tx, id);
      if (!order || order.status !== 'pending') return false;
      await lockContestUser(tx, order.contestUserId);
      const again = await lockOrder(tx, id);
      if (again!.status !== 'pending') return false;
      const reason = tradingMessages.expiredAtClose;
      await closeUnfilled(tx, again!, { status: 'cancelled', rejectionReason: reason }, now);
      return true;
    });
    if (closed) expired += 1;
  }
  return expired;
}

/**
 * Fills pending orders whose time has come (see `pendingFillPrice`). Each order is its own
 * transaction under the portfolio's lock; an order that can no longer fill (not enough cash,
 * contest ended) is rejected with the reason and its reservation given back. Safe to run in
 * several processes: the order row is locked and its status checked again.
 */
export async function fillPendingOrders(
  db: Database,
  market: MarketContext,
  gates: readonly TradingGate[],
): Promise<{ filled: number; contestIds: Set<number> }> {
  await expireDayOrders(db, market);
  const now = market.clock.now();
  const session = sessionState(market.provider.calendar, now.getTime());
  const contestIds = new Set<number>();
  if (!session.isOpen) return { filled: 0, contestIds };
  const open = market.provider.calendar.session(session.day).open;
  const pending = await pendingOrderIds(db);
  let filled = 0;
  for (const id of pending) {
    const contestId = await db.transaction((tx) =>
      fillPendingOrder(tx, market, gates, id, open, now),
    );
    if (contestId !== null) {
      filled += 1;
      contestIds.add(contestId);
    }
  }
  return { filled, contestIds };
}

/**
 * One pending order's turn in `fillPendingOrders`, in its own transaction: the portfolio's
 * contest when the order filled, or null when it waits on or was rejected.
 */
async function fillPendingOrder(
  tx: Executor,
  market: MarketContext,
  gates: readonly TradingGate[],
  id: number,
  open: number,
  now: Date,
): Promise<number | null> {
  const at = now.getTime();
  const order = await orderById(tx, id);
  if (!order || order.status !== 'pending') return null;
  const contestUser = await lockContestUser(tx, order.contestUserId);
  const again = await lockOrder(tx, id);
  if (again!.status !== 'pending') return null;
  const contest = (await findContest(tx, contestUser.contestId))!;
  const reject = async (reason: string) => {
    await closeUnfilled(tx, again!, { status: 'rejected', rejectionReason: reason }, now);
    return null;
  };
  const status = contestStatus(contest, now);
  if (status === 'ended') return reject(contestMessages.ended);
  if (status !== 'active') return null;
  const turn = await pendingTurn(market, again!, contest, open, at);
  const triggeredAt = turn.triggered ? now : again!.triggeredAt;
  if (turn.price === null) {
    if (turn.triggered) await markTriggered(tx, id, now);
    return null;
  }
  const price = turn.price;
  // Trading held back (a class's switch off): an order that would fill now is rejected, not
  // kept, so a market order cannot wait out the day and fill at the morning's price once
  // trading is back on; an order whose price is not reached waits on (decision 044).
  const paused = await tradingPausedReason(tx, gates, contest);
  if (paused !== null) return reject(paused);
  const result = await fill(
    tx,
    market,
    contestUser,
    contest,
    {
      security: { id: again!.securityId, symbol: again!.symbol },
      side: again!.side,
      quantity: again!.quantity,
      priceCents: price,
      release: reservationOf(again!),
    },
    at,
  );
  if (!result.ok) return reject(result.reason);
  await markOrderFilled(tx, result.writes, id, {
    fillPriceCents: price,
    commissionCents: result.commissionCents,
    cashDeltaCents: result.cashDeltaCents,
    realizedPnlCents: result.realizedPnlCents,
    closedAt: now,
    triggeredAt,
  });
  return contestUser.contestId;
}
