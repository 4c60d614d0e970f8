import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import type { ContestUserRow } from '../contests/queries.ts';
import { contestUserValues, orders, positions } from '../db/schema/trading.ts';

/** The trading domain's reads and writes that other modules call; fills stay in service.ts. */

export type OrderRow = typeof orders.$inferSelect;
export type PositionRow = typeof positions.$inferSelect;

/** One point of a portfolio's value over time. */
export async function recordValue(
  tx: Executor,
  contestUserId: number,
  valueCents: number,
  at: Date,
): Promise<void> {
  await tx.insert(contestUserValues).values({ contestUserId, valueCents, createdAt: at });
}

/** The first point of a new portfolio's value: its starting cash, when it joins. */
export async function recordOpeningValue(
  tx: Executor,
  member: ContestUserRow,
  now: Date,
): Promise<void> {
  await recordValue(tx, member.id, member.valueCents, now);
}

export async function positionsOf(db: Executor, contestUserId: number): Promise<PositionRow[]> {
  return db
    .select()
    .from(positions)
    .where(and(eq(positions.contestUserId, contestUserId), gt(positions.shares, 0)))
    .orderBy(asc(positions.symbol));
}

export async function ordersOf(
  db: Executor,
  contestUserId: number,
  filter: { pendingOnly?: boolean },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.contestUserId, contestUserId),
        filter.pendingOnly ? eq(orders.status, 'pending') : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function valuesOf(db: Executor, contestUserId: number) {
  return db
    .select({ createdAt: contestUserValues.createdAt, valueCents: contestUserValues.valueCents })
    .from(contestUserValues)
    .where(eq(contestUserValues.contestUserId, contestUserId))
    .orderBy(asc(contestUserValues.createdAt), asc(contestUserValues.id));
}

/** A portfolio's holdings and every order, for "download my data". */
export async function exportTradesOf(db: Executor, contestUserId: number) {
  const [holdings, history] = await Promise.all([
    db
      .select({
        symbol: positions.symbol,
        shares: positions.shares,
        cost_basis_cents: positions.costBasisCents,
      })
      .from(positions)
      .where(eq(positions.contestUserId, contestUserId))
      .orderBy(asc(positions.symbol)),
    db
      .select({
        id: orders.id,
        symbol: orders.symbol,
        side: orders.side,
        kind: orders.kind,
        quantity: orders.quantity,
        status: orders.status,
        fill_price_cents: orders.fillPriceCents,
        created_at: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.contestUserId, contestUserId))
      .orderBy(asc(orders.id)),
  ]);
  return { positions: holdings, orders: history };
}
