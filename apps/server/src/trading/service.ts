import {
  and,
  asc,
  eq,
  gt,
  inArray,
  lte,
  or,
  sql,
  type Placeholder,
  type WithSubquery,
} from 'drizzle-orm';
import { contestMessages } from '@bullpen/contract/contests';
import { type placeOrderSchema, tradingMessages } from '@bullpen/contract/trading';
import { amountCents, basisPointsToPercent } from '@bullpen/contract/money';
import type { z } from 'zod';
import { isUniqueViolation, type Database, type Executor } from '../db/connection.ts';
import {
  contestUserValues,
  corporateActionEntries,
  orders,
  positions,
} from '../db/schema/trading.ts';
import type { DividendAction, SplitAction } from '../market/corporate-actions.ts';
import { securityBySymbol } from '../market/universe.ts';
import { sessionState } from '../market/calendar.ts';
import type { SecurityInfo } from '../market/universe.ts';
import {
  refreshScheduledSplits,
  requireSecurityById,
  type MarketContext,
} from '../market/service.ts';
import { badRequest, conflict, notFound, unprocessable } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import {
  othersPortfolioError,
  tradingPausedReason,
  type TradingGate,
} from '../contests/service.ts';
import {
  activeContestIds,
  contestWindowsOfMembers,
  findContest,
  lockMember,
  lockMemberWithContest,
  memberWithContestQuery,
  memberAccountWrite,
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
  applySplit,
  splitOrder,
  portfolioValue,
  reservationFor,
  reserve,
  withinWeightLimit,
  type Account,
  type Holding,
  type Reservation,
} from './ledger.ts';
import { canTradeIn } from './policies.ts';
import { writeFill } from './fill-batches.ts';
import { positionsOf, recordValue, type OrderRow, type PositionRow } from './queries.ts';

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

/** What a fill reads of a holding. */
type Held = Pick<
  PositionRow,
  'securityId' | 'symbol' | 'shares' | 'reservedShares' | 'costBasisCents'
>;

/** A fill worked out: what it leaves in the portfolio, and the order's figures. */
type WorkedFill = {
  ok: true;
  account: Required<Account>;
  holding: Required<Holding>;
  /** The portfolio's value at current prices after the fill. */
  valueCents: number;
  cashDeltaCents: number;
  realizedPnlCents: number;
  commissionCents: number;
};

/**
 * Works out one fill from the portfolio's account and holdings (`held`: all its rows): the
 * ledger's arithmetic, the value at current prices, and the contest's weight rule for a buy.
 * Or the reason it cannot fill. Writes nothing.
 */
async function workOutFill(
  market: MarketContext,
  contestUser: ContestUserRow,
  contest: ContestRow,
  held: readonly Held[],
  request: FillRequest,
  at: number,
): Promise<WorkedFill | { ok: false; reason: string }> {
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
  return {
    ok: true,
    account: { ...result.account, reservedCashCents: result.account.reservedCashCents ?? 0 },
    holding: { ...result.holding, reservedShares: result.holding.reservedShares ?? 0 },
    valueCents: value,
    cashDeltaCents: result.cashDeltaCents,
    realizedPnlCents: result.realizedPnlCents,
    commissionCents: contest.commissionCents,
  };
}

/**
 * Works out one fill on a locked portfolio. Returns what the caller writes in its transaction:
 * `writes`, the position, a value point and the account line (cash, value), as common table
 * expressions for the caller's statement that records the order, so a fill writes in one round
 * trip. The account line moves the member on the contest's stored leaderboard, whose trigger
 * takes the contest's board lock at the end of that statement and holds it until the commit
 * (docs/decisions/014-stored-leaderboard.md): every other fill of the contest waits only for
 * this statement's end and the commit. Or the reason it cannot fill.
 */
async function fill(
  tx: Executor,
  market: MarketContext,
  contestUser: ContestUserRow,
  contest: ContestRow,
  request: FillRequest,
  at: number,
): Promise<(WorkedFill & { writes: WithSubquery[] }) | { ok: false; reason: string }> {
  const held = await tx.select().from(positions).where(eq(positions.contestUserId, contestUser.id));
  const worked = await workOutFill(market, contestUser, contest, held, request, at);
  if (!worked.ok) return worked;

  const positionWrite = tx.$with('position_write').as(
    tx
      .insert(positions)
      .values({
        contestUserId: contestUser.id,
        securityId: request.security.id,
        symbol: request.security.symbol,
        ...worked.holding,
      })
      .onConflictDoUpdate({
        target: [positions.contestUserId, positions.securityId],
        set: { ...worked.holding, updatedAt: new Date(at) },
      }),
  );
  const valuePoint = tx.$with('value_point').as(
    tx.insert(contestUserValues).values({
      contestUserId: contestUser.id,
      valueCents: worked.valueCents,
      createdAt: new Date(at),
    }),
  );
  return {
    ...worked,
    writes: [
      positionWrite,
      valuePoint,
      memberAccountWrite(tx, contestUser.id, { ...worked.account, valueCents: worked.valueCents }),
    ],
  };
}

/**
 * The id of the order an Idempotency-Key already made in the portfolio, as a column; null
 * without a key. The portfolio and the key may be placeholders, for a prepared statement.
 */
function keyLookup(
  contestUserId: number | Placeholder,
  idempotencyKey: string | Placeholder | undefined,
) {
  return idempotencyKey
    ? sql<number | null>`(select ${orders.id} from ${orders}
        where ${orders.contestUserId} = ${contestUserId}
          and ${orders.idempotencyKey} = ${idempotencyKey})`
    : sql<null>`null`;
}

/**
 * The holdings as `bullpen_fill_entries` compares them: 'security:shares:reserved:cost', by
 * security.
 */
export function holdingsSignature(held: readonly Held[]): string {
  return [...held]
    .sort((a, b) => a.securityId - b.securityId)
    .map((row) => `${row.securityId}:${row.shares}:${row.reservedShares}:${row.costBasisCents}`)
    .join(',');
}

type Placed = { order: OrderRow; replayed: boolean; contestId: number };

/** A holding as the fast path's read returns it: security, symbol, shares, reserved, cost. */
type HeldTuple = [number, string, number, number, number];

/**
 * The statements of an order's fast path, built once per database: the portfolio with its
 * contest (and that row's version), the order its Idempotency-Key made and its holdings, in
 * one round trip; and an order by id.
 */
function prepareOrderReads(db: Database) {
  const member = sql.placeholder('member');
  const extra = sql<{ previous: number | null; held: HeldTuple[] }>`json_build_object(
    'previous', ${keyLookup(member, sql.placeholder('key'))},
    'held', coalesce((select json_agg(json_build_array(${positions.securityId}, ${positions.symbol},
        ${positions.shares}, ${positions.reservedShares}, ${positions.costBasisCents}))
      from ${positions} where ${positions.contestUserId} = ${member}), '[]'::json))`;
  return {
    portfolio: memberWithContestQuery(db, member, extra).prepare('bullpen_order_portfolio'),
    order: db
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare('bullpen_order_by_id'),
  };
}

const orderReads = new WeakMap<Database, ReturnType<typeof prepareOrderReads>>();

function orderReadsOf(db: Database) {
  let reads = orderReads.get(db);
  if (!reads) orderReads.set(db, (reads = prepareOrderReads(db)));
  return reads;
}

/**
 * A portfolio as the fast path last saw it: as read, or as this process's last fill into it
 * left it. `bullpen_fill` (or `bullpen_fill_many`) checks all of it but the gates' answers
 * (asked again each time) against the database, so a stale one costs a second read, never a wrong fill.
 */
type Seen = {
  member: ContestUserRow;
  contest: ContestRow;
  /** The contest row's version (xmin) when it was read. */
  contestVersion: string;
  held: Held[];
  /** The last orders this process placed here with an Idempotency-Key, by key. */
  keyed: Map<string, OrderRow>;
};

/** Portfolios remembered per database, least recently used first. */
const seenPortfolios = new WeakMap<Database, Map<number, Seen>>();
const SEEN_PORTFOLIOS_MAX = 2_000;
const SEEN_KEYS_MAX = 8;

function seenIn(db: Database): Map<number, Seen> {
  let seen = seenPortfolios.get(db);
  if (!seen) seenPortfolios.set(db, (seen = new Map()));
  return seen;
}

function remember(db: Database, seen: Seen): void {
  const portfolios = seenIn(db);
  portfolios.delete(seen.member.id);
  portfolios.set(seen.member.id, seen);
  if (portfolios.size > SEEN_PORTFOLIOS_MAX) {
    portfolios.delete(portfolios.keys().next().value!);
  }
}

async function readPortfolio(
  db: Database,
  contestUserId: number,
  idempotencyKey: string | undefined,
): Promise<(Seen & { previous: number | null }) | undefined> {
  const [read] = await orderReadsOf(db).portfolio.execute({
    member: contestUserId,
    key: idempotencyKey ?? null,
  });
  if (!read) return undefined;
  return {
    member: read.member,
    contest: read.contest,
    contestVersion: read.contestVersion,
    held: read.extra.held.map(([securityId, symbol, shares, reservedShares, costBasisCents]) => ({
      securityId,
      symbol,
      shares,
      reservedShares,
      costBasisCents,
    })),
    keyed: new Map(),
    previous: read.extra.previous,
  };
}

/**
 * The commonest orders without a transaction held across round trips: a fill at once in one
 * round trip (two when the portfolio was not seen here before or changed elsewhere), and a
 * replayed Idempotency-Key. The fill is worked out here from the portfolio as last seen, and
 * `writeFill` (decision 021) writes it under the member's lock, alone or with other fills of
 * the contest waiting at the same time, only if
 * the account, the holdings, the key and the contest are still as seen; otherwise the
 * portfolio is read again (one statement: the member, its contest, its holdings and the key's
 * order) and the fill tried once more.
 * Undefined for every other case (an order that waits or is refused, a contest with a weight
 * rule, which reads the pending buys, or a portfolio that changed meanwhile): `placeOrder`'s
 * locked path then does it and says why.
 */
async function fillAtOnce(
  db: Database,
  market: MarketContext,
  gates: readonly TradingGate[],
  actor: UserRow,
  input: PlaceOrder,
  idempotencyKey: string | undefined,
): Promise<Placed | undefined> {
  const portfolios = seenIn(db);
  const remembered = portfolios.get(input.contest_user);
  if (remembered) {
    const placed = await fillFrom(db, market, gates, actor, remembered, input, idempotencyKey);
    if (placed !== 'stale') return placed;
    portfolios.delete(input.contest_user);
  }
  const read = await readPortfolio(db, input.contest_user, idempotencyKey);
  if (!read) return undefined;
  const { member } = read;
  if (read.previous !== null) {
    if (member.leftAt !== null || !canTradeIn(actor, member)) return undefined;
    // What an order was placed as never changes: no lock needed to compare.
    const [previous] = await orderReadsOf(db).order.execute({ id: read.previous });
    if (!previous) return undefined;
    if (!sameOrder(previous, input)) throw unprocessable(tradingMessages.idempotencyMismatch);
    return { order: previous, replayed: true, contestId: member.contestId };
  }
  const placed = await fillFrom(db, market, gates, actor, read, input, idempotencyKey);
  return placed === 'stale' ? undefined : placed;
}

/**
 * One try of `fillAtOnce` from the portfolio as `seen`: the order, undefined for the locked
 * path, or 'stale' when the database no longer holds what `seen` says.
 */
async function fillFrom(
  db: Database,
  market: MarketContext,
  gates: readonly TradingGate[],
  actor: UserRow,
  seen: Seen,
  input: PlaceOrder,
  idempotencyKey: string | undefined,
): Promise<Placed | 'stale' | undefined> {
  const { member, contest } = seen;
  if (member.leftAt !== null || !canTradeIn(actor, member)) return undefined;
  const previous = idempotencyKey === undefined ? undefined : seen.keyed.get(idempotencyKey);
  if (previous) {
    if (!sameOrder(previous, input)) throw unprocessable(tradingMessages.idempotencyMismatch);
    return { order: previous, replayed: true, contestId: member.contestId };
  }
  const security = requireSecurityById(market, input.security);
  const now = market.clock.now();
  const at = now.getTime();
  if (contest.maxPositionWeightBps !== null || contestStatus(contest, now) !== 'active') {
    return undefined;
  }
  if (!sessionState(market.provider.calendar, at).isOpen) return undefined;
  const quote = await market.provider.quote(security.symbol, at);
  if (!quote || quote.lastCents <= 0) return undefined;
  const limitPriceCents = input.limit_price ?? null;
  if (!limitReached({ side: input.order_type, limitPriceCents }, quote.lastCents)) return undefined;
  if ((await tradingPausedReason(db, gates, contest)) !== null) return undefined;
  const { held } = seen;
  const worked = await workOutFill(
    market,
    member,
    contest,
    held,
    { security, side: input.order_type, quantity: input.quantity, priceCents: quote.lastCents },
    at,
  );
  if (!worked.ok) return undefined;

  const filledAt = new Date(at);
  let placed: number | null;
  try {
    placed = await writeFill(db, member.contestId, [
      member.id,
      member.cashCents,
      member.realizedPnlCents,
      member.commissionsCents,
      member.reservedCashCents,
      holdingsSignature(held),
      seen.contestVersion,
      security.id,
      security.symbol,
      input.order_type,
      input.kind,
      input.quantity,
      limitPriceCents,
      idempotencyKey ?? null,
      quote.lastCents,
      worked.commissionCents,
      worked.cashDeltaCents,
      worked.realizedPnlCents,
      filledAt.toISOString(),
      worked.holding.shares,
      worked.holding.reservedShares,
      worked.holding.costBasisCents,
      worked.account.cashCents,
      worked.account.realizedPnlCents,
      worked.account.commissionsCents,
      worked.account.reservedCashCents,
      worked.valueCents,
    ]);
  } catch (error) {
    // The same key's order was written meanwhile: read again, and find it.
    if (isUniqueViolation(error, 'orders_idempotency_key')) return 'stale';
    throw error;
  }
  if (placed === null) return 'stale';
  const order: OrderRow = {
    id: placed,
    contestUserId: member.id,
    securityId: security.id,
    symbol: security.symbol,
    side: input.order_type,
    kind: input.kind,
    quantity: input.quantity,
    limitPriceCents,
    status: 'filled',
    fillPriceCents: quote.lastCents,
    commissionCents: worked.commissionCents,
    cashDeltaCents: worked.cashDeltaCents,
    realizedPnlCents: worked.realizedPnlCents,
    rejectionReason: null,
    reservedCashCents: 0,
    reservedShares: 0,
    idempotencyKey: idempotencyKey ?? null,
    createdAt: filledAt,
    closedAt: filledAt,
  };
  // What this fill left is what the next order into the portfolio starts from.
  const holding = { securityId: security.id, symbol: security.symbol, ...worked.holding };
  const keyed = new Map(seen.keyed);
  if (idempotencyKey !== undefined) {
    keyed.set(idempotencyKey, order);
    if (keyed.size > SEEN_KEYS_MAX) keyed.delete(keyed.keys().next().value!);
  }
  remember(db, {
    member: { ...member, ...worked.account, valueCents: worked.valueCents },
    contest,
    contestVersion: seen.contestVersion,
    held: [...held.filter((row) => row.securityId !== security.id), holding],
    keyed,
  });
  return { order, replayed: false, contestId: member.contestId };
}

/** The orders of one portfolio in this process, one at a time, each after the one before. */
const portfolioQueues = new WeakMap<Database, Map<number, Promise<void>>>();

/**
 * Runs `work` after this process's earlier orders into the same portfolio have finished: they
 * would otherwise all read the same portfolio, and all but one find it changed when they come
 * to write. Other processes are still possible, and the fill's statement catches them.
 */
async function oneAtATime<T>(db: Database, contestUserId: number, work: () => Promise<T>) {
  let queues = portfolioQueues.get(db);
  if (!queues) portfolioQueues.set(db, (queues = new Map()));
  const before = queues.get(contestUserId) ?? Promise.resolve();
  const run = before.then(work);
  const done = run.then(
    () => {},
    () => {},
  );
  queues.set(contestUserId, done);
  void done.then(() => {
    if (queues.get(contestUserId) === done) queues.delete(contestUserId);
  });
  return run;
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
): Promise<{ order: OrderRow; replayed: boolean; contestId: number }> {
  const security = requireSecurityById(market, input.security);
  const now = market.clock.now();
  const at = now.getTime();
  let contestId: number | undefined;

  async function placeLocked(
    tx: Executor,
  ): Promise<{ order: OrderRow; replayed: boolean; contestId: number }> {
    // The portfolio, locked, its contest and the order an Idempotency-Key already made: one
    // round trip (an order the key made while this waited for the lock: see the catch below).
    const locked = await lockMemberWithContest(
      tx,
      input.contest_user,
      keyLookup(input.contest_user, idempotencyKey),
    );
    if (!locked) throw notFound(contestMessages.portfolioNotFound);
    const { member: contestUser, contest, extra: previousId } = locked;
    if (contestUser.leftAt !== null || !canTradeIn(actor, contestUser)) {
      throw await othersPortfolioError(tx, actor, contestUser, tradingMessages.notYourPortfolio);
    }
    contestId = contestUser.contestId;
    if (previousId !== null) {
      const [previous] = await tx.select().from(orders).where(eq(orders.id, previousId));
      if (!sameOrder(previous!, input)) throw unprocessable(tradingMessages.idempotencyMismatch);
      return { order: previous!, replayed: true, contestId: contestUser.contestId };
    }
    assertTradable(contest, now);
    // A class whose teacher turned trading off, say (nothing is written before this).
    const paused = await tradingPausedReason(tx, gates, contest);
    if (paused !== null) throw conflict(paused);

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
    if (!session.isOpen && contest.afterHours === 'refuse') {
      throw conflict(tradingMessages.marketClosedRefused);
    }
    const price = await priceAt(market, security.symbol, at);
    const pending = !session.isOpen || !limitReached(base, price);
    if (base.side === 'BUY') {
      await assertWeightAtPlacement(
        tx,
        market,
        contestUser,
        contest,
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
        commissionCents: contest.commissionCents,
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
      contest,
      { security, side: base.side, quantity: base.quantity, priceCents: price },
      at,
    );
    if (!result.ok) throw badRequest(result.reason);
    const [order] = await tx
      .with(...result.writes)
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
  }

  try {
    return await oneAtATime(db, input.contest_user, async () => {
      const filled = await fillAtOnce(db, market, gates, actor, input, idempotencyKey);
      if (filled) {
        contestId = filled.contestId;
        return filled;
      }
      return db.transaction((tx) => placeLocked(tx));
    });
  } catch (error) {
    // The key's look-up reads the snapshot its statement started with, before it waited for the
    // portfolio's lock (PostgreSQL): an order that the same key made meanwhile is not in it, and
    // the unique index refused this one, with everything this transaction wrote. A replay.
    if (!idempotencyKey || contestId === undefined) throw error;
    if (!isUniqueViolation(error, 'orders_idempotency_key')) throw error;
    const [previous] = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.contestUserId, input.contest_user),
          eq(orders.idempotencyKey, idempotencyKey),
        ),
      );
    if (!previous) throw error;
    if (!sameOrder(previous, input)) throw unprocessable(tradingMessages.idempotencyMismatch);
    return { order: previous, replayed: true, contestId };
  }
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
  gates: readonly TradingGate[],
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
      // Trading held back (a class's switch off): rejected, not kept, so a market order cannot
      // wait out the day and fill at the morning's price once trading is back on.
      const paused = await tradingPausedReason(tx, gates, contest!);
      if (paused !== null) return reject(paused);
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
        .with(...result.writes)
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

/**
 * Applies dividends and splits to the contests (docs/decisions/012-corporate-actions.md), from
 * the trading job. Idempotent and safe in several processes: each action is recorded once per
 * portfolio under a unique key, inside the same transaction and row lock a fill takes, so a
 * re-run or a second process finds the key and does nothing.
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

export type EntryRow = typeof corporateActionEntries.$inferSelect;

/** Net shares of a security a portfolio bought (positive) or sold after an instant. */
async function netFilledAfter(
  tx: Executor,
  contestUserId: number,
  securityId: number,
  after: Date,
): Promise<number> {
  const [row] = await tx
    .select({
      net: sql<number>`coalesce(sum(case when ${orders.side} = 'BUY' then ${orders.quantity} else -${orders.quantity} end), 0)::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.contestUserId, contestUserId),
        eq(orders.securityId, securityId),
        eq(orders.status, 'filled'),
        gt(orders.closedAt, after),
      ),
    );
  return row?.net ?? 0;
}

/** Cash plus holdings at the prices of `at`. */
async function valueNow(
  tx: Executor,
  market: MarketContext,
  contestUserId: number,
  cashCents: number,
  at: number,
): Promise<number> {
  const held = await tx
    .select({ symbol: positions.symbol, shares: positions.shares })
    .from(positions)
    .where(and(eq(positions.contestUserId, contestUserId), gt(positions.shares, 0)));
  const prices = await Promise.all(
    held.map(
      async (position) => (await market.provider.quote(position.symbol, at))?.lastCents ?? 0,
    ),
  );
  return portfolioValue(
    cashCents,
    held.map((position, index) => ({ shares: position.shares, priceCents: prices[index]! })),
  );
}

async function writeAccount(
  tx: Executor,
  market: MarketContext,
  member: ContestUserRow,
  change: { cashCents: number; realizedPnlCents: number },
  at: number,
): Promise<void> {
  const value = await valueNow(tx, market, member.id, change.cashCents, at);
  await recordValue(tx, member.id, value, new Date(at));
  // Last, as a fill's: the board's lock is held from here to the commit.
  await writeMemberAccount(tx, member.id, {
    cashCents: change.cashCents,
    realizedPnlCents: change.realizedPnlCents,
    commissionsCents: member.commissionsCents,
    reservedCashCents: member.reservedCashCents,
    valueCents: value,
  });
}

/** Members that may be owed a dividend: they hold the security, or sold it after the record. */
async function dividendCandidates(db: Executor, action: DividendAction): Promise<number[]> {
  const recordAt = new Date(action.recordAt);
  const rows = await db
    .select({ id: positions.contestUserId })
    .from(positions)
    .where(
      and(
        eq(positions.symbol, action.symbol),
        or(
          gt(positions.shares, 0),
          sql`exists (select 1 from ${orders} where ${orders.contestUserId} = ${positions.contestUserId}
            and ${orders.securityId} = ${positions.securityId} and ${orders.status} = 'filled'
            and ${orders.closedAt} > ${recordAt})`,
        ),
        sql`not exists (select 1 from ${corporateActionEntries} where ${corporateActionEntries.contestUserId} = ${positions.contestUserId}
          and ${corporateActionEntries.actionKey} = ${action.key})`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Records one portfolio's entitlement to a dividend; false when there is none or it exists. */
async function entitle(
  db: Database,
  contestUserId: number,
  action: DividendAction,
): Promise<boolean> {
  const security = securityBySymbol.get(action.symbol);
  if (!security) return false;
  return db.transaction(async (tx) => {
    const member = await lockMember(tx, contestUserId);
    if (!member) return false;
    const [position] = await tx
      .select()
      .from(positions)
      .where(and(eq(positions.contestUserId, member.id), eq(positions.securityId, security.id)));
    const after = await netFilledAfter(tx, member.id, security.id, new Date(action.recordAt));
    const shares = (position?.shares ?? 0) - after;
    if (shares <= 0) return false;
    const inserted = await tx
      .insert(corporateActionEntries)
      .values({
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
      })
      .onConflictDoNothing()
      .returning({ id: corporateActionEntries.id });
    return inserted.length > 0;
  });
}

/** Credits one entitled dividend; false when another run already paid it. */
async function pay(db: Database, market: MarketContext, entryId: number, at: number) {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(corporateActionEntries)
      .where(eq(corporateActionEntries.id, entryId));
    if (!entry || entry.status !== 'entitled') return null;
    const member = await lockMember(tx, entry.contestUserId);
    if (!member) return null;
    const [paid] = await tx
      .update(corporateActionEntries)
      .set({ status: 'paid', closedAt: new Date(at) })
      .where(
        and(eq(corporateActionEntries.id, entryId), eq(corporateActionEntries.status, 'entitled')),
      )
      .returning();
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

/** Members a split touches: holders of the security and members with pending orders in it. */
async function splitCandidates(db: Executor, action: SplitAction): Promise<number[]> {
  const notYet = (column: typeof positions.contestUserId | typeof orders.contestUserId) =>
    sql`not exists (select 1 from ${corporateActionEntries} where ${corporateActionEntries.contestUserId} = ${column}
      and ${corporateActionEntries.actionKey} = ${action.key})`;
  const holders = await db
    .select({ id: positions.contestUserId })
    .from(positions)
    .where(
      and(
        eq(positions.symbol, action.symbol),
        gt(positions.shares, 0),
        notYet(positions.contestUserId),
      ),
    );
  const waiting = await db
    .selectDistinct({ id: orders.contestUserId })
    .from(orders)
    .where(
      and(
        eq(orders.symbol, action.symbol),
        eq(orders.status, 'pending'),
        lte(orders.createdAt, new Date(action.effectiveAt)),
        notYet(orders.contestUserId),
      ),
    );
  return [...new Set([...holders, ...waiting].map((row) => row.id))];
}

/** Applies a split to one portfolio; false when it already was. */
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
  const ratio = { numerator: action.numerator, denominator: action.denominator };
  return db.transaction(async (tx) => {
    const member = await lockMember(tx, contestUserId);
    if (!member) return null;
    const [position] = await tx
      .select()
      .from(positions)
      .where(and(eq(positions.contestUserId, member.id), eq(positions.securityId, security.id)));
    const holding = {
      shares: position?.shares ?? 0,
      costBasisCents: position?.costBasisCents ?? 0,
      reservedShares: position?.reservedShares ?? 0,
    };
    const after = await netFilledAfter(tx, member.id, security.id, new Date(action.effectiveAt));
    const sharesAtSplit = Math.max(0, holding.shares - after);
    const result = applySplit(
      {
        cashCents: member.cashCents,
        realizedPnlCents: member.realizedPnlCents,
        commissionsCents: member.commissionsCents,
      },
      holding,
      { ...ratio, sharesAtSplit, priceBeforeCents: priceBefore },
    );
    const inserted = await tx
      .insert(corporateActionEntries)
      .values({
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
      })
      .onConflictDoNothing()
      .returning({ id: corporateActionEntries.id });
    if (inserted.length === 0) return null;
    const reservedShares = await splitPendingOrders(tx, member, security.id, action, at);
    if (position) {
      await tx
        .update(positions)
        .set({
          shares: result.holding.shares,
          costBasisCents: result.holding.costBasisCents,
          reservedShares,
          updatedAt: new Date(at),
        })
        .where(eq(positions.id, position.id));
    }
    await writeAccount(tx, market, member, result.account, at);
    return member.contestId;
  });
}

/**
 * Adjusts the pending orders placed before a split (see `splitOrder`) and returns the shares
 * the portfolio's pending sells set aside afterwards. An order left without a whole share is
 * cancelled and gives its reservation back.
 */
async function splitPendingOrders(
  tx: Executor,
  member: ContestUserRow,
  securityId: number,
  action: SplitAction,
  at: number,
): Promise<number> {
  const pending = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.contestUserId, member.id),
        eq(orders.securityId, securityId),
        eq(orders.status, 'pending'),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update');
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
      await tx
        .update(orders)
        .set({
          status: 'cancelled',
          rejectionReason: `Cancelled by the ${action.numerator}-for-${action.denominator} split of ${action.symbol}: less than one share left.`,
          closedAt: new Date(at),
        })
        .where(eq(orders.id, order.id));
      continue;
    }
    const shares = order.side === 'SELL' ? adjusted.quantity : 0;
    reservedShares += shares;
    await tx
      .update(orders)
      .set({
        quantity: adjusted.quantity,
        limitPriceCents: adjusted.limitPriceCents,
        reservedShares: shares,
      })
      .where(eq(orders.id, order.id));
  }
  if (releasedCash > 0) member.reservedCashCents -= releasedCash;
  return reservedShares;
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
  const contestIds = new Set<number>();
  let entitled = 0;
  let splitCount = 0;
  for (const action of actions) {
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
        if (running && (await entitle(db, id, action))) entitled += 1;
      } else if (window.startsAt.getTime() < action.effectiveAt) {
        const contestId = await split(db, market, id, action, at);
        if (contestId !== null) {
          splitCount += 1;
          contestIds.add(contestId);
        }
      }
    }
  }
  const due = await db
    .select({ id: corporateActionEntries.id })
    .from(corporateActionEntries)
    .where(
      and(
        eq(corporateActionEntries.status, 'entitled'),
        lte(corporateActionEntries.payAt, new Date(at)),
      ),
    )
    .orderBy(asc(corporateActionEntries.id));
  let paid = 0;
  for (const { id } of due) {
    const contestId = await pay(db, market, id, at);
    if (contestId !== null) {
      paid += 1;
      contestIds.add(contestId);
    }
  }
  return { entitled, paid, split: splitCount, contestIds };
}

/** A portfolio's dividend and split lines, newest first, for the order history. */
export async function entriesOf(db: Executor, contestUserId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(corporateActionEntries)
    .where(eq(corporateActionEntries.contestUserId, contestUserId))
    .orderBy(asc(corporateActionEntries.effectiveAt), asc(corporateActionEntries.id));
}

/** Dividends a portfolio was paid, in cents. */
export async function dividendsReceived(db: Executor, contestUserId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${corporateActionEntries.cashCents}), 0)::bigint` })
    .from(corporateActionEntries)
    .where(
      and(
        eq(corporateActionEntries.contestUserId, contestUserId),
        eq(corporateActionEntries.kind, 'dividend'),
        eq(corporateActionEntries.status, 'paid'),
      ),
    );
  return Number(row?.total ?? 0);
}
