import type { UserRow } from '../users/presenter.ts';

/**
 * Who may do what with a master budget: only its owner reads or changes it. A budget that is
 * not yours is answered as "not found", so ids of other people's budgets reveal nothing.
 */
export function canUseBudget(actor: UserRow, budget: { ownerId: number }): boolean {
  return budget.ownerId === actor.id;
}
