import { and, asc, eq, gte, max, sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { lockMemberWithContest } from '../contests/queries.ts';
import { orders } from '../db/schema/trading.ts';
import type { FillWrites, OrderRow } from './queries.ts';

/** The orders table's reads and writes, for `orders-service.ts` and the other trading services. */

/** What a new order is placed as, whether it waits or fills. */
export type NewOrder = Pick<
  OrderRow,
  | 'contestUserId'
  | 'securityId'
  | 'symbol'
  | 'side'
  | 'kind'
  | 'quantity'
  | 'limitPriceCents'
  | 'stopPriceCents'
  | 'timeInForce'
  | 'idempotencyKey'
  | 'createdAt'
>;

/** A fill's figures on its order. */
export type FillFigures = Pick<
  OrderRow,
  'fillPriceCents' | 'commissionCents' | 'cashDeltaCents' | 'realizedPnlCents'
> & { closedAt: Date; triggeredAt?: Date | null };

/**
 * The id of the order an Idempotency-Key already made in the portfolio, as a column; null
 * without a key. The portfolio and the key may be placeholders, for a prepared statement.
 */
export function keyLookup(
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
 * The portfolio locked for the caller's transaction, its contest and the id of the order an
 * Idempotency-Key already made there: one round trip.
 */
export async function lockPortfolioWithKey(
  tx: Executor,
  contestUserId: number,
  idempotencyKey: string | undefined,
) {
  return lockMemberWithContest(tx, contestUserId, keyLookup(contestUserId, idempotencyKey));
}

export async function orderById(tx: Executor, id: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id));
  return order;
}

/** An order locked for the caller's transaction (`for update`). */
export async function lockOrder(tx: Executor, id: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return order;
}

/** The order an Idempotency-Key made in a portfolio. */
export async function orderByKey(
  db: Executor,
  contestUserId: number,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.contestUserId, contestUserId), eq(orders.idempotencyKey, idempotencyKey)));
  return order;
}

/** Records an order that waits, with what it sets aside. */
export async function insertPendingOrder(
  tx: Executor,
  order: NewOrder,
  reservation: { cashCents: number; shares: number },
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({
      ...order,
      status: 'pending',
      reservedCashCents: reservation.cashCents,
      reservedShares: reservation.shares,
    })
    .returning();
  return row!;
}

/** Records an order that filled as it was placed, in one statement with the fill's `writes`. */
export async function insertFilledOrder(
  tx: Executor,
  writes: FillWrites,
  order: NewOrder,
  figures: FillFigures,
): Promise<OrderRow> {
  const [row] = await tx
    .with(...writes)
    .insert(orders)
    .values({ ...order, status: 'filled', ...figures })
    .returning();
  return row!;
}

/** Marks a pending order filled, in one statement with the fill's `writes`. */
export async function markOrderFilled(
  tx: Executor,
  writes: FillWrites,
  id: number,
  figures: FillFigures,
): Promise<void> {
  await tx
    .with(...writes)
    .update(orders)
    .set({ status: 'filled', ...figures })
    .where(eq(orders.id, id));
}

/** Closes a pending order without a fill: cancelled or rejected, with the reason if any. */
export async function closeOrder(
  tx: Executor,
  id: number,
  change: { status: 'cancelled' | 'rejected'; rejectionReason?: string },
  closedAt: Date,
): Promise<OrderRow> {
  const [closed] = await tx
    .update(orders)
    .set({ ...change, closedAt })
    .where(eq(orders.id, id))
    .returning();
  return closed!;
}

/** A pending order's new size and limit after a split, and the shares it sets aside. */
export async function resizeOrder(
  tx: Executor,
  id: number,
  change: {
    quantity: number;
    limitPriceCents: number | null;
    stopPriceCents: number | null;
    reservedShares: number;
  },
): Promise<void> {
  await tx.update(orders).set(change).where(eq(orders.id, id));
}

/** Every pending order of the portfolio (of one security, if given), locked, oldest first. */
export async function lockPendingOrders(
  tx: Executor,
  contestUserId: number,
  securityId?: number,
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.contestUserId, contestUserId),
        securityId === undefined ? undefined : eq(orders.securityId, securityId),
        eq(orders.status, 'pending'),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update');
}

/** The ids of every pending order, oldest first: what the trading job tries to fill. */
export async function pendingOrderIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.status, 'pending'))
    .orderBy(asc(orders.id));
  return rows.map((row) => row.id);
}

/** A stop-limit order whose stop was crossed: from now on it waits as a limit order. */
export async function markTriggered(tx: Executor, id: number, at: Date): Promise<void> {
  await tx.update(orders).set({ triggeredAt: at }).where(eq(orders.id, id));
}

/** Every pending day order with when it was placed, oldest first: what may expire. */
export async function pendingDayOrders(db: Executor): Promise<{ id: number; createdAt: Date }[]> {
  return db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), eq(orders.timeInForce, 'day')))
    .orderBy(asc(orders.id));
}

/** Shares of a security the portfolio's pending buys ask for. */
export async function pendingBuyShares(
  tx: Executor,
  contestUserId: number,
  securityId: number,
): Promise<number> {
  const [row] = await tx
    .select({ shares: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.contestUserId, contestUserId),
        eq(orders.securityId, securityId),
        eq(orders.side, 'BUY'),
        eq(orders.status, 'pending'),
      ),
    );
  return row?.shares ?? 0;
}

/** How many of a portfolio's orders have filled (the trade coach's "first trade"). */
export async function filledOrderCount(db: Executor, contestUserId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.contestUserId, contestUserId), eq(orders.status, 'filled')));
  return Number(row?.count ?? 0);
}

/**
 * Orders a portfolio has placed since `since`, of any status: a cancelled order was placed
 * too, so placing and cancelling cannot get round a contest's orders-a-day rule.
 */
export async function ordersPlacedSince(
  tx: Executor,
  contestUserId: number,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.contestUserId, contestUserId), gte(orders.createdAt, since)));
  return row?.count ?? 0;
}

/** When the portfolio's latest buy of a security filled, or null when none has. */
export async function latestBuyFill(
  tx: Executor,
  contestUserId: number,
  securityId: number,
): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(orders.closedAt) })
    .from(orders)
    .where(
      and(
        eq(orders.contestUserId, contestUserId),
        eq(orders.securityId, securityId),
        eq(orders.side, 'BUY'),
        eq(orders.status, 'filled'),
      ),
    );
  return row?.at ?? null;
}
