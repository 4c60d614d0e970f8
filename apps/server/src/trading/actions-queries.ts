import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { corporateActionEntries, orders, positions } from '../db/schema/trading.ts';

/**
 * Dividend and split lines of the portfolios (`corporate_action_entries`) and the reads that
 * find who an action touches, for `actions-service.ts`; the order history and the stats read
 * the lines too.
 */

export type EntryRow = typeof corporateActionEntries.$inferSelect;
export type NewEntry = typeof corporateActionEntries.$inferInsert;

/** Net shares of a security a portfolio bought (positive) or sold after an instant. */
export async function netFilledAfter(
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

/**
 * Members that may be owed a dividend and have no line for it yet: they hold the security, or
 * sold it after the record instant.
 */
export async function dividendCandidates(
  db: Executor,
  action: { key: string; symbol: string; recordAt: number },
): Promise<number[]> {
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

/**
 * Members a split touches and that have no line for it yet: holders of the security and
 * members with pending orders in it placed by its effective instant.
 */
export async function splitCandidates(
  db: Executor,
  action: { key: string; symbol: string; effectiveAt: number },
): Promise<number[]> {
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

/** Records an action's line for a portfolio; false when the portfolio already has it. */
export async function insertEntry(tx: Executor, entry: NewEntry): Promise<boolean> {
  const inserted = await tx
    .insert(corporateActionEntries)
    .values(entry)
    .onConflictDoNothing()
    .returning({ id: corporateActionEntries.id });
  return inserted.length > 0;
}

export async function entryById(tx: Executor, id: number): Promise<EntryRow | undefined> {
  const [entry] = await tx
    .select()
    .from(corporateActionEntries)
    .where(eq(corporateActionEntries.id, id));
  return entry;
}

/** Marks an entitled dividend paid; undefined when it no longer is entitled. */
export async function markEntryPaid(
  tx: Executor,
  id: number,
  closedAt: Date,
): Promise<EntryRow | undefined> {
  const [paid] = await tx
    .update(corporateActionEntries)
    .set({ status: 'paid', closedAt })
    .where(and(eq(corporateActionEntries.id, id), eq(corporateActionEntries.status, 'entitled')))
    .returning();
  return paid;
}

/** Entitled dividends whose pay date has come, oldest first. */
export async function dueEntryIds(db: Executor, at: Date): Promise<number[]> {
  const rows = await db
    .select({ id: corporateActionEntries.id })
    .from(corporateActionEntries)
    .where(
      and(eq(corporateActionEntries.status, 'entitled'), lte(corporateActionEntries.payAt, at)),
    )
    .orderBy(asc(corporateActionEntries.id));
  return rows.map((row) => row.id);
}

/** A portfolio's dividend and split lines, oldest first, for the order history. */
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
