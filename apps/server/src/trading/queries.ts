import { and, asc, desc, eq, gt, inArray, sql, type WithSubquery } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import {
  memberAccountWrite,
  memberIdsOf,
  memberValueLines,
  revalueMembers,
  type ContestUserRow,
  type MemberAccount,
} from '../contests/queries.ts';
import { contestUserValues, orders, positions } from '../db/schema/trading.ts';

/**
 * The trading domain's holdings and value points: the reads other modules call, and the
 * writes of a portfolio's holdings that `account-service.ts` makes. Orders are in
 * `orders-queries.ts`, the fast path's statements in `fills-queries.ts`, dividend and split
 * lines in `actions-queries.ts`.
 */

export type OrderRow = typeof orders.$inferSelect;
export type PositionRow = typeof positions.$inferSelect;

/** What a fill reads of a holding. */
export type Held = Pick<
  PositionRow,
  'securityId' | 'symbol' | 'shares' | 'reservedShares' | 'costBasisCents'
>;

/**
 * The writes of a fill as common table expressions, for the statement that records its order
 * (`orders-queries.ts`), so a fill writes in one round trip.
 */
export type FillWrites = WithSubquery[];

/** One point of a portfolio's value over time. */
export async function recordValue(
  tx: Executor,
  contestUserId: number,
  valueCents: number,
  at: Date,
): Promise<void> {
  await recordValues(tx, [{ contestUserId, valueCents }], at);
}

/** A value point for each portfolio, in one statement (a reset of every member). */
export async function recordValues(
  tx: Executor,
  points: { contestUserId: number; valueCents: number }[],
  at: Date,
): Promise<void> {
  if (points.length === 0) return;
  await tx.insert(contestUserValues).values(points.map((point) => ({ ...point, createdAt: at })));
}

/** The first point of a new portfolio's value: its starting cash, when it joins. */
export async function recordOpeningValue(
  tx: Executor,
  member: ContestUserRow,
  now: Date,
): Promise<void> {
  await recordValue(tx, member.id, member.valueCents, now);
}

/** A portfolio's holdings with shares, by symbol. */
export async function positionsOf(db: Executor, contestUserId: number): Promise<PositionRow[]> {
  return db
    .select()
    .from(positions)
    .where(and(eq(positions.contestUserId, contestUserId), gt(positions.shares, 0)))
    .orderBy(asc(positions.symbol));
}

/** Every holding row of a portfolio, those at zero shares too: what a fill reads. */
export async function allPositionsOf(tx: Executor, contestUserId: number): Promise<PositionRow[]> {
  return tx.select().from(positions).where(eq(positions.contestUserId, contestUserId));
}

/** A portfolio's holding of one security, if it ever had one. */
export async function positionOf(
  tx: Executor,
  contestUserId: number,
  securityId: number,
): Promise<PositionRow | undefined> {
  const [position] = await tx
    .select()
    .from(positions)
    .where(and(eq(positions.contestUserId, contestUserId), eq(positions.securityId, securityId)));
  return position;
}

/** Symbol and shares of the holdings with shares: what a portfolio's value needs. */
export async function sharesHeldOf(
  tx: Executor,
  contestUserId: number,
): Promise<{ symbol: string; shares: number }[]> {
  return tx
    .select({ symbol: positions.symbol, shares: positions.shares })
    .from(positions)
    .where(and(eq(positions.contestUserId, contestUserId), gt(positions.shares, 0)));
}

/**
 * A fill's writes but the order's (see `FillWrites`): the holding, a value point and the
 * member's account line, last, whose trigger takes the contest board's lock at the end of the
 * statement (docs/decisions/014-stored-leaderboard.md).
 */
export function fillWrites(
  tx: Executor,
  fill: {
    contestUserId: number;
    security: { id: number; symbol: string };
    holding: { shares: number; costBasisCents: number; reservedShares: number };
    account: MemberAccount;
    at: Date;
  },
): FillWrites {
  const positionWrite = tx.$with('position_write').as(
    tx
      .insert(positions)
      .values({
        contestUserId: fill.contestUserId,
        securityId: fill.security.id,
        symbol: fill.security.symbol,
        ...fill.holding,
      })
      .onConflictDoUpdate({
        target: [positions.contestUserId, positions.securityId],
        set: { ...fill.holding, updatedAt: fill.at },
      }),
  );
  const valuePoint = tx.$with('value_point').as(
    tx.insert(contestUserValues).values({
      contestUserId: fill.contestUserId,
      valueCents: fill.account.valueCents,
      createdAt: fill.at,
    }),
  );
  return [positionWrite, valuePoint, memberAccountWrite(tx, fill.contestUserId, fill.account)];
}

/** Sets shares aside for a pending sell (positive) or gives them back (negative). */
export async function shiftReservedShares(
  tx: Executor,
  contestUserId: number,
  securityId: number,
  shares: number,
): Promise<void> {
  await tx
    .update(positions)
    .set({ reservedShares: sql`${positions.reservedShares} + ${shares}` })
    .where(and(eq(positions.contestUserId, contestUserId), eq(positions.securityId, securityId)));
}

/** A holding's new figures after a split. */
export async function writePosition(
  tx: Executor,
  positionId: number,
  holding: { shares: number; costBasisCents: number; reservedShares: number },
  at: Date,
): Promise<void> {
  await tx
    .update(positions)
    .set({ ...holding, updatedAt: at })
    .where(eq(positions.id, positionId));
}

/** The symbols some member of a contest holds shares of. */
export async function symbolsHeldIn(db: Executor, contestId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ symbol: positions.symbol })
    .from(positions)
    .where(
      and(inArray(positions.contestUserId, memberIdsOf(db, contestId)), gt(positions.shares, 0)),
    );
  return rows.map((row) => row.symbol);
}

/**
 * Re-prices every member of a contest in one statement (`revalueMembers`) at the given prices
 * of the symbols its members hold.
 */
export async function repriceContest(
  db: Executor,
  contestId: number,
  prices: readonly { symbol: string; cents: number }[],
): Promise<void> {
  const priceTable = prices.length
    ? sql`(values ${sql.join(
        prices.map(({ symbol, cents }) => sql`(${symbol}::text, ${cents}::bigint)`),
        sql`, `,
      )}) as price(symbol, cents)`
    : sql`(select null::text as symbol, 0::bigint as cents where false) as price`;
  await revalueMembers(db, contestId, {
    join: sql`left join ${positions} as p on p.contest_user_id = member.id and p.shares > 0
      left join ${priceTable} on price.symbol = p.symbol`,
    // Price × shares summed in SQL, where it is exact (bigint): money.ts does it everywhere else.
    sum: sql`sum(p.shares * price.cents)`,
  });
}

/** A value point for every member of a contest, at its stored value: the close snapshot. */
export async function recordContestValues(
  db: Executor,
  contestId: number,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into ${contestUserValues} (contest_user_id, value_cents, created_at)
    ${memberValueLines(contestId, now)}
  `);
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
        limit_price_cents: orders.limitPriceCents,
        stop_price_cents: orders.stopPriceCents,
        time_in_force: orders.timeInForce,
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

/** A portfolio's filled orders, oldest fill first: what a contest's review replays. */
export async function filledOrdersOf(db: Executor, contestUserId: number) {
  return db
    .select({
      id: orders.id,
      symbol: orders.symbol,
      side: orders.side,
      quantity: orders.quantity,
      cashDeltaCents: orders.cashDeltaCents,
      commissionCents: orders.commissionCents,
      createdAt: orders.createdAt,
      closedAt: orders.closedAt,
    })
    .from(orders)
    .where(and(eq(orders.contestUserId, contestUserId), eq(orders.status, 'filled')))
    .orderBy(asc(orders.closedAt), asc(orders.id));
}
