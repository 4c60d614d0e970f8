import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/connection.ts';
import { memberWithContestQuery, type ContestUserRow } from '../contests/queries.ts';
import type { ContestRow } from '../contests/status.ts';
import { orders, positions } from '../db/schema/trading.ts';
import { keyLookup } from './orders-queries.ts';
import type { Held, OrderRow } from './queries.ts';

/**
 * The statements of an order's fast path (`fillAtOnce` in `fills-service.ts`,
 * docs/decisions/017-fill-in-one-statement.md): prepared once per database, or sent as constant
 * text by `queryRows`, since building a statement costs more than sending it.
 */

/** A holding as the fast path's read returns it: security, symbol, shares, reserved, cost. */
type HeldTuple = [number, string, number, number, number];

/**
 * The portfolio with its contest (and that row's version), the order its Idempotency-Key made
 * and its holdings, in one round trip; and an order by id.
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

/** A portfolio as the fast path reads it, without a lock. */
export type PortfolioRead = {
  member: ContestUserRow;
  contest: ContestRow;
  /** The contest row's version (xmin) when it was read. */
  contestVersion: string;
  held: Held[];
  /** The order the Idempotency-Key already made in the portfolio, if any. */
  previous: number | null;
};

/** The portfolio, its contest, its holdings and the key's order: one prepared statement. */
export async function readPortfolio(
  db: Database,
  contestUserId: number,
  idempotencyKey: string | undefined,
): Promise<PortfolioRead | undefined> {
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
    previous: read.extra.previous,
  };
}

/** An order by id, by the prepared statement. */
export async function preparedOrderById(db: Database, id: number): Promise<OrderRow | undefined> {
  const [order] = await orderReadsOf(db).order.execute({ id });
  return order;
}

/** `bullpen_fill`'s arguments for one fill, in its order (migrations 0020 and 0021). */
export type FillValues = readonly (string | number | null)[];

const FILL_ONE = `select bullpen_fill(${Array.from({ length: 27 }, (_, index) => `$${index + 1}`).join(', ')}) as placed`;
const FILL_MANY = 'select bullpen_fill_many($1::jsonb) as placed';

/**
 * One fill by `bullpen_fill`, several by `bullpen_fill_many` (migration 0021): each fill's
 * order id, or null for one the database did not write.
 */
export async function sendFills(
  db: Database,
  group: readonly FillValues[],
): Promise<(number | null)[]> {
  if (group.length === 1) {
    const [row] = await queryRows<{ placed: number | string | null }>(db, FILL_ONE, [...group[0]!]);
    const placed = row?.placed ?? null;
    return [placed === null ? null : Number(placed)];
  }
  const [row] = await queryRows<{ placed: (number | string | null)[] }>(db, FILL_MANY, [
    JSON.stringify(group),
  ]);
  return row!.placed.map((placed) => (placed === null ? null : Number(placed)));
}
