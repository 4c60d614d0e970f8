import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_BUDGETS_PER_USER, type Budget, type BudgetBody } from '@bullpen/contract/budget';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** My master budgets: one page holds them all (a user keeps at most twenty). */
export const budgetsQueryOptions = () =>
  queryOptions({
    queryKey: ['budget', 'list'],
    queryFn: ({ signal }) =>
      apiClient.get<Page<Budget>>(
        `${api.masterBudgets.build()}?page_size=${MAX_BUDGETS_PER_USER}`,
        undefined,
        { signal },
      ),
  });

export const budgetQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['budget', 'one', id],
    queryFn: ({ signal }) =>
      apiClient.get<Budget>(api.masterBudget.build({ id }), undefined, { signal }),
  });

export function useBudgets() {
  return useQuery(budgetsQueryOptions());
}

export function useBudget(id: number) {
  return useQuery(budgetQueryOptions(id));
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (budget?: Budget) => {
    if (budget) queryClient.setQueryData(budgetQueryOptions(budget.id).queryKey, budget);
    return queryClient.invalidateQueries({ queryKey: budgetsQueryOptions().queryKey });
  };
}

export function useCreateBudget() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BudgetBody) => apiClient.post<Budget>(api.masterBudgets.build(), body),
    onSuccess: (budget) => refresh(budget),
  });
}

export function useUpdateBudget() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BudgetBody }) =>
      apiClient.put<Budget>(api.masterBudget.build({ id }), body),
    onSuccess: (budget) => refresh(budget),
  });
}

export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<void>(api.masterBudget.build({ id })),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: budgetQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: budgetsQueryOptions().queryKey });
    },
  });
}
