import type { RouteObject } from 'react-router';

/** The signed-in master budget: my budgets and the editor all live on /budgeting. */
export const budgetRoutes = [
  { path: 'budgeting', lazy: () => import('@/features/budget/pages/BudgetingPage.tsx') },
] as const satisfies readonly RouteObject[];

export type BudgetPattern = (typeof budgetRoutes)[number]['path'];
