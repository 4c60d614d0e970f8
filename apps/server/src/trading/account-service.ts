import { contestMessages } from '@bullpen/contract/contests';
import type { Database, Executor } from '../db/connection.ts';
import {
  lockMember,
  shiftReservedCash,
  writeMemberAccount,
  type ContestUserRow,
  type MemberAccount,
} from '../contests/queries.ts';
import type { MarketContext } from '../market/service.ts';
import { notFound } from '../platform/errors.ts';
import { writeFill } from './fill-batches.ts';
import type { FillValues } from './fills-queries.ts';
import { portfolioValue, type Account, type Holding, type Reservation } from './ledger.ts';
import { lockPortfolioWithKey } from './orders-queries.ts';
import {
  allPositionsOf,
  fillWrites,
  positionOf,
  recordValue,
  sharesHeldOf,
  shiftReservedShares,
  writePosition,
  type FillWrites,
  type Held,
  type OrderRow,
  type PositionRow,
} from './queries.ts';

/**
 * A portfolio's account: its cash (with realised P&L, commissions and the cash set aside) on
 * the member's line, owned by contests (`contests/queries.ts`), and its holdings (`positions`).
 * This is the one module of trading that changes them (docs/decisions/004-trading-ledger.md,
 * "Who changes a portfolio's cash"): orders, fills and corporate actions work out the new
 * figures with the ledger (`ledger.ts`) under the member's row lock, taken here, and write them
 * through the functions below in the same transaction. The fast path's fill is written by the
 * database under the same lock (`writeFillAtOnce`).
 */

/** The member's line locked for the caller's transaction; 404 when there is none. */
export async function lockContestUser(tx: Executor, id: number): Promise<ContestUserRow> {
  const row = await lockMember(tx, id);
  if (!row) throw notFound(contestMessages.portfolioNotFound);
  return row;
}

/** The member's line locked for the caller's transaction, if there is one. */
export async function lockAccount(tx: Executor, id: number): Promise<ContestUserRow | undefined> {
  return lockMember(tx, id);
}

/**
 * The member's line locked for an order, its contest and the order an Idempotency-Key already
 * made there (its id, or null): one round trip.
 */
export async function lockForOrder(
  tx: Executor,
  contestUserId: number,
  idempotencyKey: string | undefined,
) {
  return lockPortfolioWithKey(tx, contestUserId, idempotencyKey);
}

/** The ledger's account of a member's line. */
export function accountOf(contestUser: ContestUserRow): Account {
  return {
    cashCents: contestUser.cashCents,
    realizedPnlCents: contestUser.realizedPnlCents,
    commissionsCents: contestUser.commissionsCents,
    reservedCashCents: contestUser.reservedCashCents,
  };
}

/** The ledger's holding of a position row (nothing held when there is none). */
export function holdingFrom(position: PositionRow | undefined): Required<Holding> {
  return {
    shares: position?.shares ?? 0,
    costBasisCents: position?.costBasisCents ?? 0,
    reservedShares: position?.reservedShares ?? 0,
  };
}

/** A portfolio's holding of one security, as the ledger counts it. */
export async function holdingOf(
  tx: Executor,
  contestUserId: number,
  securityId: number,
): Promise<Required<Holding>> {
  return holdingFrom(await positionOf(tx, contestUserId, securityId));
}

/** Every holding of a portfolio, as a fill reads them. */
export async function heldOf(tx: Executor, contestUserId: number): Promise<Held[]> {
  return allPositionsOf(tx, contestUserId);
}

/** What a pending order set aside. */
export function reservationOf(order: OrderRow): Reservation {
  return { cashCents: order.reservedCashCents, shares: order.reservedShares };
}

/**
 * Adds (`sign` 1) or gives back (`sign` −1) a pending order's reservation on the locked
 * portfolio. The caller has checked it with the ledger's `reserve`; the database's checks
 * (0 ≤ reserved ≤ cash, 0 ≤ reserved shares ≤ shares) back it.
 */
export async function setAside(
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
    await shiftReservedShares(tx, contestUserId, securityId, sign * reservation.shares);
  }
}

/**
 * A worked-out fill's writes on the locked portfolio: its holding, a value point and, last,
 * the account line, as common table expressions for the caller's statement that records the
 * order, so a fill writes in one round trip.
 */
export function fillAccountWrites(
  tx: Executor,
  contestUserId: number,
  security: { id: number; symbol: string },
  fill: { holding: Required<Holding>; account: Required<Account>; valueCents: number },
  at: number,
): FillWrites {
  return fillWrites(tx, {
    contestUserId,
    security,
    holding: fill.holding,
    account: { ...fill.account, valueCents: fill.valueCents },
    at: new Date(at),
  });
}

/** An order of the fast path and its fill's figures, as `bullpen_fill` writes them. */
export type FillFigures = {
  side: 'BUY' | 'SELL';
  kind: 'market' | 'limit';
  quantity: number;
  limitPriceCents: number | null;
  idempotencyKey: string | null;
  fillPriceCents: number;
  commissionCents: number;
  cashDeltaCents: number;
  realizedPnlCents: number;
  filledAt: Date;
};

/**
 * A fill of the fast path worked out from the member's line and holdings as read (`before`,
 * `heldSignature`, `contestVersion`), written by `bullpen_fill` (or `bullpen_fill_many`) under
 * the member's lock only if they are still as read (docs/decisions/017-fill-in-one-statement.md):
 * the order's id, or null when the database did not write it.
 */
export function writeFillAtOnce(
  db: Database,
  fill: {
    before: ContestUserRow;
    heldSignature: string;
    contestVersion: string;
    security: { id: number; symbol: string };
    order: FillFigures;
    holding: Required<Holding>;
    account: MemberAccount;
  },
): Promise<number | null> {
  const { before, order, holding, account } = fill;
  const values: FillValues = [
    before.id,
    before.cashCents,
    before.realizedPnlCents,
    before.commissionsCents,
    before.reservedCashCents,
    fill.heldSignature,
    fill.contestVersion,
    fill.security.id,
    fill.security.symbol,
    order.side,
    order.kind,
    order.quantity,
    order.limitPriceCents,
    order.idempotencyKey,
    order.fillPriceCents,
    order.commissionCents,
    order.cashDeltaCents,
    order.realizedPnlCents,
    order.filledAt.toISOString(),
    holding.shares,
    holding.reservedShares,
    holding.costBasisCents,
    account.cashCents,
    account.realizedPnlCents,
    account.commissionsCents,
    account.reservedCashCents,
    account.valueCents,
  ];
  return writeFill(db, before.contestId, values);
}

/** Cash plus holdings at the prices of `at`. */
async function valueNow(
  tx: Executor,
  market: MarketContext,
  contestUserId: number,
  cashCents: number,
  at: number,
): Promise<number> {
  const held = await sharesHeldOf(tx, contestUserId);
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

/**
 * A corporate action's new cash on the locked portfolio, with its value at the prices of `at`
 * as a value point and on the account line. The cash set aside is the member's as given (a
 * split may have released some).
 */
export async function writeAccount(
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

/** A holding's figures after a split, on the locked portfolio. */
export async function writeHolding(
  tx: Executor,
  positionId: number,
  holding: Required<Holding>,
  at: number,
): Promise<void> {
  await writePosition(tx, positionId, holding, new Date(at));
}
