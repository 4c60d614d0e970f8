import { budgetMessages, MAX_BUDGETS_PER_USER, type BudgetBody } from '@bullpen/contract/budget';
import type { Database } from '../db/connection.ts';
import { badRequest, notFound } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { canUseBudget } from './policies.ts';
import {
  countOwnerBudgets,
  deleteBudget,
  findBudget,
  insertBudget,
  lockOwnerBudgets,
  ownerBudgets,
  replaceBudget,
  type BudgetRow,
} from './queries.ts';

/**
 * Master budget commands. Each reads and writes only the actor's own budgets; another
 * person's budget is "not found". The per-user cap is checked under a lock of that user's
 * creations, so two requests at once cannot both make the twenty-first.
 */

export async function myBudgets(
  db: Database,
  actor: UserRow,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: BudgetRow[] }> {
  const [total, results] = await Promise.all([
    countOwnerBudgets(db, actor.id),
    ownerBudgets(db, actor.id, window),
  ]);
  return { count: total, results };
}

export async function createBudget(
  db: Database,
  actor: UserRow,
  body: BudgetBody,
  now: Date,
): Promise<BudgetRow> {
  return db.transaction(async (tx) => {
    await lockOwnerBudgets(tx, actor.id);
    if ((await countOwnerBudgets(tx, actor.id)) >= MAX_BUDGETS_PER_USER) {
      throw badRequest(budgetMessages.tooManyBudgets);
    }
    return insertBudget(tx, actor.id, body, now);
  });
}

export async function budgetOf(db: Database, actor: UserRow, id: number): Promise<BudgetRow> {
  const budget = await findBudget(db, id);
  if (!budget || !canUseBudget(actor, budget)) throw notFound(budgetMessages.notFound);
  return budget;
}

/** A PUT: the name, lines and goals all replaced at once (one row update). */
export async function updateBudget(
  db: Database,
  actor: UserRow,
  id: number,
  body: BudgetBody,
  now: Date,
): Promise<BudgetRow> {
  const budget = await replaceBudget(db, id, actor.id, body, now);
  if (!budget) throw notFound(budgetMessages.notFound);
  return budget;
}

export async function removeBudget(db: Database, actor: UserRow, id: number): Promise<void> {
  if (!(await deleteBudget(db, id, actor.id))) throw notFound(budgetMessages.notFound);
}
