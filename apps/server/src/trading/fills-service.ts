import { type placeOrderSchema, tradingMessages } from '@bullpen/contract/trading';
import type { z } from 'zod';
import { isUniqueViolation, type Database, type Executor } from '../db/connection.ts';
import type { SecurityInfo } from '../market/universe.ts';
import { sessionState } from '../market/calendar.ts';
import { requireSecurityById, type MarketContext } from '../market/service.ts';
import { conflict, unprocessable } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { tradingPausedReason, type TradingGate } from '../contests/service.ts';
import type { ContestUserRow } from '../contests/queries.ts';
import { contestStatus, type ContestRow } from '../contests/status.ts';
import {
  accountOf,
  fillAccountWrites,
  heldOf,
  writeFillAtOnce,
  type FillFigures,
} from './account-service.ts';
import { applyFill, type Account, type Holding, type Reservation } from './ledger.ts';
import {
  hasPlacementRules,
  limitReached,
  valueAfterFill,
  weightRefusalAtFill,
} from './order-rules.ts';
import { canTradeIn } from './policies.ts';
import { preparedOrderById, readPortfolio } from './fills-queries.ts';
import type { FillWrites, Held, OrderRow } from './queries.ts';

/**
 * Fills: working one out from a portfolio's account and holdings (`workOutFill`), the locked
 * path's writes (`fill`), the fast path of an order that fills at once (`fillAtOnce`,
 * docs/decisions/017-fill-in-one-statement.md) and the queue of a portfolio's orders in this
 * process (`oneAtATime`). What a fill writes goes through `account-service.ts`.
 */

export type PlaceOrder = z.output<typeof placeOrderSchema>;

/** The price of a security at an instant, in cents; a security with no price cannot trade. */
export async function priceAt(market: MarketContext, symbol: string, at: number): Promise<number> {
  const quote = await market.provider.quote(symbol, at);
  if (!quote || quote.lastCents <= 0) throw conflict(`${symbol} has no price yet.`);
  return quote.lastCents;
}

/**
 * A held security's price in a portfolio's value: zero while it has none, as the holdings page
 * shows it (a holding bought before the server switched to replayed prices, of a security
 * without bars, docs/market.md "Real prices as a school's choice").
 */
export async function heldPriceAt(
  market: MarketContext,
  symbol: string,
  at: number,
): Promise<number> {
  const quote = await market.provider.quote(symbol, at);
  return quote && quote.lastCents > 0 ? quote.lastCents : 0;
}

/** True when a replayed Idempotency-Key carries the same order as the one it made first. */
export function sameOrder(previous: OrderRow, input: PlaceOrder): boolean {
  return (
    previous.securityId === input.security &&
    previous.side === input.order_type &&
    previous.kind === input.kind &&
    previous.quantity === input.quantity &&
    previous.limitPriceCents === (input.limit_price ?? null) &&
    previous.stopPriceCents === (input.stop_price ?? null) &&
    previous.timeInForce === input.time_in_force
  );
}

export type FillRequest = {
  security: Pick<SecurityInfo, 'id' | 'symbol'>;
  side: 'BUY' | 'SELL';
  quantity: number;
  priceCents: number;
  /** What the order had set aside while pending; the fill releases it. */
  release?: Reservation;
};

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
    ...others.map((position) => heldPriceAt(market, position.symbol, at)),
  ]);
  const after = valueAfterFill(
    result.account.cashCents,
    others.map((position, index) => ({
      shares: position.shares,
      priceCents: otherPrices[index]!,
    })),
    { shares: result.holding.shares, priceCents: currentPrice! },
  );
  const refusal = weightRefusalAtFill(request.side, after, contest.maxPositionWeightBps);
  if (refusal !== null) return { ok: false, reason: refusal };
  return {
    ok: true,
    account: { ...result.account, reservedCashCents: result.account.reservedCashCents ?? 0 },
    holding: { ...result.holding, reservedShares: result.holding.reservedShares ?? 0 },
    valueCents: after.valueCents,
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
export async function fill(
  tx: Executor,
  market: MarketContext,
  contestUser: ContestUserRow,
  contest: ContestRow,
  request: FillRequest,
  at: number,
): Promise<(WorkedFill & { writes: FillWrites }) | { ok: false; reason: string }> {
  const held = await heldOf(tx, contestUser.id);
  const worked = await workOutFill(market, contestUser, contest, held, request, at);
  if (!worked.ok) return worked;
  return {
    ...worked,
    writes: fillAccountWrites(tx, contestUser.id, request.security, worked, at),
  };
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

export type Placed = { order: OrderRow; replayed: boolean; contestId: number };

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
export async function fillAtOnce(
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
    const previous = await preparedOrderById(db, read.previous);
    if (!previous) return undefined;
    if (!sameOrder(previous, input)) throw unprocessable(tradingMessages.idempotencyMismatch);
    return { order: previous, replayed: true, contestId: member.contestId };
  }
  const seen: Seen = { ...read, keyed: new Map() };
  const placed = await fillFrom(db, market, gates, actor, seen, input, idempotencyKey);
  return placed === 'stale' ? undefined : placed;
}

/**
 * The price an order fills at now on the fast path, or null when the fast path does not take
 * it: a contest with a weight rule or trading rules or not running, a closed market, no price, a limit not
 * reached, or trading paused by a gate.
 */
async function fastFillPrice(
  db: Database,
  market: MarketContext,
  gates: readonly TradingGate[],
  contest: ContestRow,
  symbol: string,
  order: { side: 'BUY' | 'SELL'; limitPriceCents: number | null },
  now: Date,
): Promise<number | null> {
  const at = now.getTime();
  if (
    contest.maxPositionWeightBps !== null ||
    // The trading rules read the portfolio's orders: the locked path checks them.
    hasPlacementRules(contest) ||
    contestStatus(contest, now) !== 'active'
  ) {
    return null;
  }
  if (!sessionState(market.provider.calendar, at).isOpen) return null;
  const quote = await market.provider.quote(symbol, at);
  if (!quote || quote.lastCents <= 0) return null;
  if (!limitReached(order, quote.lastCents)) return null;
  if ((await tradingPausedReason(db, gates, contest)) !== null) return null;
  return quote.lastCents;
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
  const { member, contest, held } = seen;
  if (member.leftAt !== null || !canTradeIn(actor, member)) return undefined;
  const previous = idempotencyKey === undefined ? undefined : seen.keyed.get(idempotencyKey);
  if (previous) {
    if (!sameOrder(previous, input)) throw unprocessable(tradingMessages.idempotencyMismatch);
    return { order: previous, replayed: true, contestId: member.contestId };
  }
  // Stops always wait, and `bullpen_fill` writes an order good till cancelled: the locked path
  // takes the others (docs/decisions/044-stop-orders.md).
  const { kind } = input;
  if ((kind !== 'market' && kind !== 'limit') || input.time_in_force !== 'gtc') return undefined;
  const security = requireSecurityById(market, input.security);
  const now = market.clock.now();
  const at = now.getTime();
  const limitPriceCents = input.limit_price ?? null;
  const side = input.order_type;
  const price = await fastFillPrice(
    db,
    market,
    gates,
    contest,
    security.symbol,
    { side, limitPriceCents },
    now,
  );
  if (price === null) return undefined;
  const worked = await workOutFill(
    market,
    member,
    contest,
    held,
    { security, side, quantity: input.quantity, priceCents: price },
    at,
  );
  if (!worked.ok) return undefined;

  const figures: FillFigures = {
    side,
    kind,
    quantity: input.quantity,
    limitPriceCents,
    idempotencyKey: idempotencyKey ?? null,
    fillPriceCents: price,
    commissionCents: worked.commissionCents,
    cashDeltaCents: worked.cashDeltaCents,
    realizedPnlCents: worked.realizedPnlCents,
    filledAt: new Date(at),
  };
  let placed: number | null;
  try {
    placed = await writeFillAtOnce(db, {
      before: member,
      heldSignature: holdingsSignature(held),
      contestVersion: seen.contestVersion,
      security,
      order: figures,
      holding: worked.holding,
      account: { ...worked.account, valueCents: worked.valueCents },
    });
  } catch (error) {
    // The same key's order was written meanwhile: read again, and find it.
    if (isUniqueViolation(error, 'orders_idempotency_key')) return 'stale';
    throw error;
  }
  if (placed === null) return 'stale';
  const order = filledOrder(placed, member.id, security, figures);
  rememberFill(db, seen, { ...worked, security, order });
  return { order, replayed: false, contestId: member.contestId };
}

/** The row `bullpen_fill` wrote for an order of the fast path, without reading it back. */
function filledOrder(
  id: number,
  contestUserId: number,
  security: Pick<SecurityInfo, 'id' | 'symbol'>,
  figures: FillFigures,
): OrderRow {
  const { filledAt, ...order } = figures;
  return {
    id,
    contestUserId,
    securityId: security.id,
    symbol: security.symbol,
    ...order,
    stopPriceCents: null,
    timeInForce: 'gtc',
    triggeredAt: null,
    status: 'filled',
    rejectionReason: null,
    reservedCashCents: 0,
    reservedShares: 0,
    createdAt: filledAt,
    closedAt: filledAt,
  };
}

/** What a fill of the fast path left is what the next order into the portfolio starts from. */
function rememberFill(
  db: Database,
  seen: Seen,
  fill: WorkedFill & { security: Pick<SecurityInfo, 'id' | 'symbol'>; order: OrderRow },
): void {
  const { security, order } = fill;
  const holding = { securityId: security.id, symbol: security.symbol, ...fill.holding };
  const keyed = new Map(seen.keyed);
  if (order.idempotencyKey !== null) {
    keyed.set(order.idempotencyKey, order);
    if (keyed.size > SEEN_KEYS_MAX) keyed.delete(keyed.keys().next().value!);
  }
  remember(db, {
    member: { ...seen.member, ...fill.account, valueCents: fill.valueCents },
    contest: seen.contest,
    contestVersion: seen.contestVersion,
    held: [...seen.held.filter((row) => row.securityId !== security.id), holding],
    keyed,
  });
}

/** The orders of one portfolio in this process, one at a time, each after the one before. */
const portfolioQueues = new WeakMap<Database, Map<number, Promise<void>>>();

/**
 * Runs `work` after this process's earlier orders into the same portfolio have finished: they
 * would otherwise all read the same portfolio, and all but one find it changed when they come
 * to write. Other processes are still possible, and the fill's statement catches them.
 */
export async function oneAtATime<T>(db: Database, contestUserId: number, work: () => Promise<T>) {
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
