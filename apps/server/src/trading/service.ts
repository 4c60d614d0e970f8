import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { contestMessages } from '@bullpen/contract/contests';
import { type placeOrderSchema, tradingMessages } from '@bullpen/contract/trading';
import { amountCents, basisPointsToPercent } from '@bullpen/contract/money';
import type { z } from 'zod';
import type { Database, Executor } from '../db/connection.ts';
import { contestUserValues, orders, positions } from '../db/schema/trading.ts';
import { sessionState } from '../market/calendar.ts';
import type { SecurityInfo } from '../market/universe.ts';
import { requireSecurityById, type MarketContext } from '../market/service.ts';
import { badRequest, conflict, notFound, unprocessable } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { othersPortfolioError } from '../contests/service.ts';
import {
  activeContestIds,
  findContest,
  lockMember,
  memberIdsOf,
  memberValueLines,
  revalueMembers,
  shiftReservedCash,
  writeMemberAccount,
  type ContestUserRow,
} from '../contests/queries.ts';
import { contestStatus, type ContestRow } from '../contests/status.ts';
import {
  applyFill,
  portfolioValue,
  reservationFor,
  reserve,
  withinWeightLimit,
  type Account,
  type Reservation,
} from './ledger.ts';
import { canTradeIn } from './policies.ts';
import { positionsOf, recordValue, type OrderRow } from './queries.ts';

type PlaceOrder = z.output<typeof placeOrderSchema>;

/** The price of a security at an instant, in cents; a security with no price cannot trade. */
async function priceAt(market: MarketContext, symbol: string, at: number): Promise<number> {
  const quote = await market.provider.quote(symbol, at);
  if (!quote || quote.lastCents <= 0) throw conflict(`${symbol} has no price yet.`);
  return quote.lastCents;
}

async function lockContestUser(tx: Executor, id: number): Promise<ContestUserRow> {
  const row = await lockMember(tx, id);
  if (!row) throw notFound(contestMessages.portfolioNotFound);
  return row;
}

function accountOf(contestUser: ContestUserRow): Account {
  return {
    cashCents: contestUser.cashCents,
    realizedPnlCents: contestUser.realizedPnlCents,
    commissionsCents: contestUser.commissionsCents,
    reservedCashCents: contestUser.reservedCashCents,
  };
}

function assertTradable(contest: ContestRow, now: Date): void {
  const status = contestStatus(contest, now);
  if (status === 'frozen') throw conflict(contestMessages.frozen);
  if (status === 'upcoming') throw conflict(contestMessages.notStarted);
  if (status === 'ended') throw conflict(contestMessages.ended);
}

function limitReached(
  order: { side: 'BUY' | 'SELL'; limitPriceCents: number | null },
  price: number,
) {
  if (order.limitPriceCents === null) return true;
  return order.side === 'BUY' ? price <= order.limitPriceCents : price >= order.limitPriceCents;
}

type FillRequest = {
  security: Pick<SecurityInfo, 'id' | 'symbol'>;
  side: 'BUY' | 'SELL';
  quantity: number;
  priceCents: number;
  /** What the order had set aside while pending; the fill releases it. */
  release?: Reservation;
};

/**
 * Applies one fill to a locked portfolio: cash, position, the portfolio's value and a value
 * point, all in the caller's transaction. Returns the reason instead when it cannot fill.
 */
async function fill(
  tx: Executor,
  market: MarketContext,
  contestUser: ContestUserRow,
  contest: ContestRow,
  request: FillRequest,
  at: number,
): Promise<
  | { ok: true; cashDeltaCents: number; realizedPnlCents: number; commissionCents: number }
  | { ok: false; reason: string }
> {
  const held = await tx.select().from(positions).where(eq(positions.contestUserId, contestUser.id));
  const current = held.find((position) => position.securityId === request.security.id);
  const result = applyFill(
    accountOf(contestUser),
    {
      shares: current?.shares ?? 0,
      costBasisCents: current?.costBasisCents ?? 0,
      reservedShares: current?.reservedShares ?? 0,
    },
    {
      side: request.side,
      quantity: request.quantity,
      priceCents: request.priceCents,
      commissionCents: contest.commissionCents,
      release: request.release,
    },
  );
  if (!result.ok) return result;

  // The portfolio's value is written at the current prices, the ones its holdings page shows,
  // so the leaderboard line equals the portfolio value right after the fill.
  const others = held.filter(
    (position) => position.securityId !== request.security.id && position.shares > 0,
  );
  const [currentPrice, ...otherPrices] = await Promise.all([
    priceAt(market, request.security.symbol, at),
    ...others.map((position) => priceAt(market, position.symbol, at)),
  ]);
  const positionValue = amountCents(currentPrice!, result.holding.shares);
  const value =
    portfolioValue(
      result.account.cashCents,
      others.map((position, index) => ({
        shares: position.shares,
        priceCents: otherPrices[index]!,
      })),
    ) + positionValue;
  if (
    request.side === 'BUY' &&
    !withinWeightLimit(positionValue, value, contest.maxPositionWeightBps)
  ) {
    return {
      ok: false,
      reason: tradingMessages.weightExceeded((contest.maxPositionWeightBps ?? 0) / 100),
    };
  }

  await writeMemberAccount(tx, contestUser.id, {
    cashCents: result.account.cashCents,
    realizedPnlCents: result.account.realizedPnlCents,
    commissionsCents: result.account.commissionsCents,
    reservedCashCents: result.account.reservedCashCents ?? 0,
    valueCents: value,
  });
  if (current) {
    await tx
      .update(positions)
      .set({ ...result.holding, updatedAt: new Date(at) })
      .where(eq(positions.id, current.id));
  } else {
    await tx.insert(positions).values({
      contestUserId: contestUser.id,
      securityId: request.security.id,
      symbol: request.security.symbol,
      ...result.holding,
    });
  }
  await recordValue(tx, contestUser.id, value, new Date(at));
  return {
    ok: true,
    cashDeltaCents: result.cashDeltaCents,
    realizedPnlCents: result.realizedPnlCents,
    commissionCents: contest.commissionCents,
  };
}

/** True when a replayed Idempotency-Key carries the same order as the one it made first. */
function sameOrder(previous: OrderRow, input: PlaceOrder): boolean {
  return (
    previous.securityId === input.security &&
    previous.side === input.order_type &&
    previous.kind === input.kind &&
    previous.quantity === input.quantity &&
    previous.limitPriceCents === (input.limit_price ?? null)
  );
}

/**
 * The contest's weight rule checked when an order is placed: the position after this buy and
 * the portfolio's other pending buys of the same security, priced at `priceCents` (the limit, or
 * the current price), may be at most the contest's share of the portfolio's value.
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
    others.map((position) => priceAt(market, position.symbol, at)),
  );
  const [pendingBuys] = await tx
    .select({ shares: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.contestUserId, contestUser.id),
        eq(orders.securityId, order.securityId),
        eq(orders.side, 'BUY'),
        eq(orders.status, 'pending'),
      ),
    );
  // A buy turns cash into shares at its price: the portfolio's value changes only by the commission.
  const value =
    portfolioValue(
      contestUser.cashCents - contest.commissionCents,
      others.map((position, index) => ({
        shares: position.shares,
        priceCents: otherPrices[index]!,
      })),
    ) + amountCents(order.priceCents, sharesHeld);
  const positionValue = amountCents(
    order.priceCents,
    sharesHeld + (pendingBuys?.shares ?? 0) + order.quantity,
  );
  if (!withinWeightLimit(positionValue, value, contest.maxPositionWeightBps)) {
    throw badRequest(
      tradingMessages.weightExceeded(basisPointsToPercent(contest.maxPositionWeightBps)),
    );
  }
}

/**
 * POST /api/contest-user-orders/. During market hours a market order fills at the current
 * price; outside them it waits as a pending invest (or is refused, by the contest's rule). A
 * limit order fills when the price reaches its limit. A pending order sets aside its cash (buy)
 * or shares (sell) until it fills, is cancelled or rejected, so pending orders can never
 * promise more than the portfolio holds. Everything happens in one transaction under a row lock
 * on the portfolio; a repeated Idempotency-Key returns the first order, and the same key with
 * a different order is refused (422).
 */
export async function placeOrder(
  db: Database,
  market: MarketContext,
  actor: UserRow,
  input: PlaceOrder,
  idempotencyKey: string | undefined,
): Promise<{ order: OrderRow; replayed: boolean; contestId: number }> {
  const security = requireSecurityById(market, input.security);
  const now = market.clock.now();
  const at = now.getTime();
  return db.transaction(async (tx) => {
    const contestUser = await lockContestUser(tx, input.contest_user);
    if (contestUser.leftAt !== null || !canTradeIn(actor, contestUser)) {
      throw await othersPortfolioError(tx, actor, contestUser, tradingMessages.notYourPortfolio);
    }
    if (idempotencyKey) {
      const [previous] = await tx
        .select()
        .from(orders)
        .where(
          and(eq(orders.contestUserId, contestUser.id), eq(orders.idempotencyKey, idempotencyKey)),
        );
      if (previous) {
        if (!sameOrder(previous, input)) throw unprocessable(tradingMessages.idempotencyMismatch);
        return { order: previous, replayed: true, contestId: contestUser.contestId };
      }
    }
    const contest = await findContest(tx, contestUser.contestId);
    assertTradable(contest!, now);

    const base = {
      contestUserId: contestUser.id,
      securityId: security.id,
      symbol: security.symbol,
      side: input.order_type,
      kind: input.kind,
      quantity: input.quantity,
      limitPriceCents: input.limit_price ?? null,
      idempotencyKey: idempotencyKey ?? null,
      createdAt: now,
    };
    const session = sessionState(market.provider.calendar, at);
    if (!session.isOpen && contest!.afterHours === 'refuse') {
      throw conflict(tradingMessages.marketClosedRefused);
    }
    const price = await priceAt(market, security.symbol, at);
    const pending = !session.isOpen || !limitReached(base, price);
    if (base.side === 'BUY') {
      await assertWeightAtPlacement(
        tx,
        market,
        contestUser,
        contest!,
        {
          securityId: security.id,
          quantity: base.quantity,
          priceCents: pending ? (base.limitPriceCents ?? price) : price,
        },
        at,
      );
    }
    if (pending) {
      const holding = await holdingOf(tx, contestUser.id, security.id);
      const reservation = reservationFor({
        side: base.side,
        quantity: base.quantity,
        limitPriceCents: base.limitPriceCents,
        lastPriceCents: price,
        commissionCents: contest!.commissionCents,
      });
      const reserved = reserve(accountOf(contestUser), holding, reservation);
      if (!reserved.ok) throw badRequest(reserved.reason);
      await setAside(tx, contestUser.id, security.id, reservation, 1);
      const [order] = await tx
        .insert(orders)
        .values({
          ...base,
          status: 'pending',
          reservedCashCents: reservation.cashCents,
          reservedShares: reservation.shares,
        })
        .returning();
      return { order: order!, replayed: false, contestId: contestUser.contestId };
    }
    const result = await fill(
      tx,
      market,
      contestUser,
      contest!,
      { security, side: base.side, quantity: base.quantity, priceCents: price },
      at,
    );
    if (!result.ok) throw badRequest(result.reason);
    const [order] = await tx
      .insert(orders)
      .values({
        ...base,
        status: 'filled',
        fillPriceCents: price,
        commissionCents: result.commissionCents,
        cashDeltaCents: result.cashDeltaCents,
        realizedPnlCents: result.realizedPnlCents,
        closedAt: now,
      })
      .returning();
    return { order: order!, replayed: false, contestId: contestUser.contestId };
  });
}

async function holdingOf(tx: Executor, contestUserId: number, securityId: number) {
  const [position] = await tx
    .select()
    .from(positions)
    .where(and(eq(positions.contestUserId, contestUserId), eq(positions.securityId, securityId)));
  return {
    shares: position?.shares ?? 0,
    costBasisCents: position?.costBasisCents ?? 0,
    reservedShares: position?.reservedShares ?? 0,
  };
}

/**
 * Adds (`sign` 1) or gives back (`sign` −1) a pending order's reservation on the locked
 * portfolio. The caller has checked it with the ledger's `reserve`; the database's checks
 * (0 ≤ reserved ≤ cash, 0 ≤ reserved shares ≤ shares) back it.
 */
async function setAside(
  tx: Executor,
  contestUserId: number,
  securityId: number,
  reservation: Reservation,
  sign: 1 | -1,
): Promise<void> {
  if (reservation.cashCents !== 0) {
    await shiftReservedCash(tx, contestUserId, sign * reservation.cashCents);
  }
  if (reservation.shares !== 0) {
    await tx
      .update(positions)
      .set({ reservedShares: sql`${positions.reservedShares} + ${sign * reservation.shares}` })
      .where(and(eq(positions.contestUserId, contestUserId), eq(positions.securityId, securityId)));
  }
}

function reservationOf(order: OrderRow): Reservation {
  return { cashCents: order.reservedCashCents, shares: order.reservedShares };
}

/** Closes a pending order without a fill (cancelled or rejected) and gives its reservation back. */
async function closeUnfilled(
  tx: Executor,
  order: OrderRow,
  change: { status: 'cancelled' } | { status: 'rejected'; rejectionReason: string },
  now: Date,
): Promise<OrderRow> {
  await setAside(tx, order.contestUserId, order.securityId, reservationOf(order), -1);
  const [closed] = await tx
    .update(orders)
    .set({ ...change, closedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  return closed!;
}

/** DELETE /api/contest-invests/{id}/: the portfolio's owner cancels a pending order. */
export async function cancelPendingOrder(db: Database, actor: UserRow, orderId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound(tradingMessages.orderNotFound);
    const contestUser = await lockContestUser(tx, order.contestUserId);
    if (!canTradeIn(actor, contestUser)) throw notFound(tradingMessages.orderNotFound);
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
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
  const pending = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.contestUserId, contestUserId), eq(orders.status, 'pending')))
    .for('update');
  for (const order of pending) await closeUnfilled(tx, order, { status: 'cancelled' }, now);
  return pending.length;
}

/**
 * The price a pending order fills at now, or null when it does not fill yet. A market order
 * placed before the session opened fills at the opening price. A limit order is checked on
 * every run of the trading job (every price tick): one waiting from before the open fills at
 * the opening price when the open already reaches its limit (a gap: the limit or better);
 * otherwise it fills at its limit price as soon as the current price reaches the limit, as a
 * resting order on an exchange does.
 */
async function pendingFillPrice(
  market: MarketContext,
  order: OrderRow,
  contest: ContestRow,
  open: number,
  at: number,
): Promise<number | null> {
  const placedBeforeOpen = order.createdAt.getTime() < open;
  const openAt = Math.min(Math.max(open, contest.startsAt.getTime()), at);
  if (order.kind === 'market' || order.limitPriceCents === null) {
    return priceAt(market, order.symbol, placedBeforeOpen ? openAt : at);
  }
  if (placedBeforeOpen) {
    const opening = await priceAt(market, order.symbol, openAt);
    if (limitReached(order, opening)) return opening;
  }
  const current = await priceAt(market, order.symbol, at);
  return limitReached(order, current) ? order.limitPriceCents : null;
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
): Promise<{ filled: number; contestIds: Set<number> }> {
  const now = market.clock.now();
  const at = now.getTime();
  const session = sessionState(market.provider.calendar, at);
  const contestIds = new Set<number>();
  if (!session.isOpen) return { filled: 0, contestIds };
  const open = market.provider.calendar.session(session.day).open;
  const pending = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.status, 'pending'))
    .orderBy(asc(orders.id));
  let filled = 0;
  for (const { id } of pending) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id));
      if (!order || order.status !== 'pending') return false;
      const contestUser = await lockContestUser(tx, order.contestUserId);
      const [again] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (again!.status !== 'pending') return false;
      const contest = await findContest(tx, contestUser.contestId);
      const reject = async (reason: string) => {
        await closeUnfilled(tx, again!, { status: 'rejected', rejectionReason: reason }, now);
        return false;
      };
      const status = contestStatus(contest!, now);
      if (status === 'ended') return reject(contestMessages.ended);
      if (status !== 'active') return false;
      const price = await pendingFillPrice(market, again!, contest!, open, at);
      if (price === null) return false;
      const result = await fill(
        tx,
        market,
        contestUser,
        contest!,
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
      await tx
        .update(orders)
        .set({
          status: 'filled',
          fillPriceCents: price,
          commissionCents: result.commissionCents,
          cashDeltaCents: result.cashDeltaCents,
          realizedPnlCents: result.realizedPnlCents,
          closedAt: now,
        })
        .where(eq(orders.id, id));
      contestIds.add(contestUser.contestId);
      return true;
    });
    if (done) filled += 1;
  }
  return { filled, contestIds };
}

/** A leaving member's pending orders are cancelled and what they set aside given back. */
export async function cancelPendingOnLeave(
  tx: Executor,
  member: ContestUserRow,
  now: Date,
): Promise<void> {
  await cancelAllPendingOrders(tx, member.id, now);
}

/**
 * Re-prices every portfolio of the active contests in one statement per contest, so the
 * leaderboard ranks by current values. `snapshot` also records a value point for each.
 */
export async function revalueContests(
  db: Database,
  market: MarketContext,
  options: { snapshot: boolean },
): Promise<number[]> {
  const now = market.clock.now();
  const at = now.getTime();
  const active = await activeContestIds(db, now);
  for (const id of active) {
    const symbols = await db
      .selectDistinct({ symbol: positions.symbol })
      .from(positions)
      .where(and(inArray(positions.contestUserId, memberIdsOf(db, id)), gt(positions.shares, 0)));
    const prices = await Promise.all(
      symbols.map(({ symbol }) => priceAt(market, symbol, at).catch(() => 0)),
    );
    const priceTable = symbols.length
      ? sql`(values ${sql.join(
          symbols.map(({ symbol }, index) => sql`(${symbol}::text, ${prices[index]}::bigint)`),
          sql`, `,
        )}) as price(symbol, cents)`
      : sql`(select null::text as symbol, 0::bigint as cents where false) as price`;
    await revalueMembers(db, id, {
      join: sql`left join ${positions} as p on p.contest_user_id = member.id and p.shares > 0
        left join ${priceTable} on price.symbol = p.symbol`,
      // Price × shares summed in SQL, where it is exact (bigint): money.ts does it everywhere else.
      sum: sql`sum(p.shares * price.cents)`,
    });
    if (options.snapshot) {
      await db.execute(sql`
        insert into ${contestUserValues} (contest_user_id, value_cents, created_at)
        ${memberValueLines(id, now)}
      `);
    }
  }
  return active;
}
