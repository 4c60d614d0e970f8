import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { orders, portfolioAdjustments, positions } from '../db/schema/trading.ts';

/**
 * `portfolio_adjustments`, the contest's history of cash adjustments and resets, and the batch
 * writes of a reset (docs/decisions/049-portfolio-reset-and-cash-adjustment.md). Every write
 * here runs under the members' locks taken by `adjustments-service.ts`.
 */

export type AdjustmentRow = typeof portfolioAdjustments.$inferSelect;
export type NewAdjustment = typeof portfolioAdjustments.$inferInsert;

/** The most lines a history read returns, newest first. */
export const ADJUSTMENT_LIST_LIMIT = 500;

export async function insertAdjustments(
  tx: Executor,
  lines: NewAdjustment[],
): Promise<AdjustmentRow[]> {
  if (lines.length === 0) return [];
  return tx.insert(portfolioAdjustments).values(lines).returning();
}

/** A contest's lines, newest first, or one portfolio's. */
export async function adjustmentsOf(
  db: Executor,
  contestId: number,
  contestUserId?: number,
): Promise<AdjustmentRow[]> {
  return db
    .select()
    .from(portfolioAdjustments)
    .where(
      and(
        eq(portfolioAdjustments.contestId, contestId),
        contestUserId === undefined
          ? undefined
          : eq(portfolioAdjustments.contestUserId, contestUserId),
      ),
    )
    .orderBy(desc(portfolioAdjustments.id))
    .limit(ADJUSTMENT_LIST_LIMIT);
}

/** One portfolio's lines, oldest first: what its ledger replays. */
export async function ledgerAdjustmentsOf(
  db: Executor,
  contestUserId: number,
): Promise<AdjustmentRow[]> {
  return db
    .select()
    .from(portfolioAdjustments)
    .where(eq(portfolioAdjustments.contestUserId, contestUserId))
    .orderBy(portfolioAdjustments.id);
}

/** Each portfolio's newest order id (0 without orders): the mark a reset keeps. */
export async function lastOrderIds(tx: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ contestUserId: orders.contestUserId, lastId: max(orders.id) })
    .from(orders)
    .where(inArray(orders.contestUserId, ids))
    .groupBy(orders.contestUserId);
  return new Map(rows.map((row) => [row.contestUserId, Number(row.lastId ?? 0)]));
}

/**
 * The portfolios' pending orders cancelled, and their holdings removed, in two statements. What
 * the orders set aside goes with them: the caller sets the members' reserves to zero.
 */
export async function clearPortfolios(tx: Executor, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(orders)
    .set({ status: 'cancelled', closedAt: now })
    .where(and(inArray(orders.contestUserId, ids), eq(orders.status, 'pending')));
  await tx.delete(positions).where(inArray(positions.contestUserId, ids));
}

/**
 * Part of erasing a student's account: the lines about their portfolios stay (the books still
 * add up) but the teachers' words about the student go.
 */
export async function forgetReasonsAbout(
  tx: Executor,
  contestUserIds: number[],
  replacement: string,
): Promise<void> {
  if (contestUserIds.length === 0) return;
  await tx
    .update(portfolioAdjustments)
    .set({ reason: replacement })
    .where(inArray(portfolioAdjustments.contestUserId, contestUserIds));
}
