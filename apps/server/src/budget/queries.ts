import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { BudgetBody } from '@bullpen/contract/budget';
import type { Executor } from '../db/connection.ts';
import { masterBudgets } from '../db/schema/budget.ts';

/** Reads and writes of the master budgets table; every statement is scoped to one owner. */
export type BudgetRow = typeof masterBudgets.$inferSelect;

/** Any number: the advisory-lock class that serialises one user's budget creations. */
const CREATE_LOCK_CLASS = 727_070;

/** Waits until no other transaction is creating a budget for this owner (the per-user cap). */
export async function lockOwnerBudgets(db: Executor, ownerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK_CLASS}, ${ownerId})`);
}

export async function countOwnerBudgets(db: Executor, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(masterBudgets)
    .where(eq(masterBudgets.ownerId, ownerId));
  return row?.total ?? 0;
}

/** A window of the owner's budgets, the most recently changed first. */
export async function ownerBudgets(
  db: Executor,
  ownerId: number,
  window: { offset: number; limit: number },
): Promise<BudgetRow[]> {
  return db
    .select()
    .from(masterBudgets)
    .where(eq(masterBudgets.ownerId, ownerId))
    .orderBy(desc(masterBudgets.updatedAt), desc(masterBudgets.id))
    .offset(window.offset)
    .limit(window.limit);
}

/** The budget with this id, whoever owns it (the policy decides who may see it). */
export async function findBudget(db: Executor, id: number): Promise<BudgetRow | undefined> {
  const [row] = await db.select().from(masterBudgets).where(eq(masterBudgets.id, id));
  return row;
}

export async function insertBudget(
  db: Executor,
  ownerId: number,
  body: BudgetBody,
  now: Date,
): Promise<BudgetRow> {
  const [row] = await db
    .insert(masterBudgets)
    .values({ ownerId, ...body, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Replaces the whole budget of this owner in one statement; undefined when there is none. */
export async function replaceBudget(
  db: Executor,
  id: number,
  ownerId: number,
  body: BudgetBody,
  now: Date,
): Promise<BudgetRow | undefined> {
  const [row] = await db
    .update(masterBudgets)
    .set({ ...body, updatedAt: now })
    .where(and(eq(masterBudgets.id, id), eq(masterBudgets.ownerId, ownerId)))
    .returning();
  return row;
}

export async function deleteBudget(db: Executor, id: number, ownerId: number): Promise<boolean> {
  const rows = await db
    .delete(masterBudgets)
    .where(and(eq(masterBudgets.id, id), eq(masterBudgets.ownerId, ownerId)))
    .returning({ id: masterBudgets.id });
  return rows.length > 0;
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
export async function deleteBudgetsOf(db: Executor, ownerId: number): Promise<void> {
  await db.delete(masterBudgets).where(eq(masterBudgets.ownerId, ownerId));
}

/** The user's master budgets, for "download my data". */
export async function exportBudgetsOf(db: Executor, userId: number) {
  return db
    .select({
      id: masterBudgets.id,
      name: masterBudgets.name,
      incomes: masterBudgets.incomes,
      expenses: masterBudgets.expenses,
      goals: masterBudgets.goals,
      updated_at: masterBudgets.updatedAt,
    })
    .from(masterBudgets)
    .where(eq(masterBudgets.ownerId, userId))
    .orderBy(masterBudgets.id);
}
