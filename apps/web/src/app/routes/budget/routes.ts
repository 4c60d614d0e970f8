import type { PageRoute } from '../page-route.tsx';

/** The signed-in master budget: my budgets and the editor all live on /budgeting. */
export const budgetRoutes = [
  { path: 'budgeting', lazy: () => import('@/features/budget/pages/BudgetingPage.tsx') },
] as const satisfies readonly PageRoute[];

export type BudgetPattern = (typeof budgetRoutes)[number]['path'];
