import { budgetTotals, type Budget } from '@bullpen/contract/budget';
import type { BudgetRow } from './queries.ts';

/**
 * A budget row as the API answers it (the contract's `budgetSchema`), with its monthly totals
 * computed by the contract's one conversion rule.
 */
export function presentBudget(row: BudgetRow): Budget {
  return {
    id: row.id,
    name: row.name,
    incomes: row.incomes,
    expenses: row.expenses,
    goals: row.goals.map((goal) => ({
      name: goal.name,
      target_cents: goal.target_cents,
      saved_cents: goal.saved_cents,
      target_date: goal.target_date,
    })),
    totals: budgetTotals(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
