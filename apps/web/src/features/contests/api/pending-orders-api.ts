import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@bullpen/contract/trading';
import { MAX_PAGE_SIZE, type Page } from '@bullpen/contract/pagination';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';
import { withQuery } from '@bullpen/contract/api-path';

export function getPendingOrders(contestUserId: number, signal?: AbortSignal) {
  return apiClient.get<Page<Order>>(
    withQuery(api.pendingOrders.build(), { contest_user: contestUserId, page_size: MAX_PAGE_SIZE }),
    undefined,
    { signal },
  );
}

export const pendingOrdersQueryOptions = (contestUserId: number) =>
  queryOptions({
    queryKey: ['pending-orders', contestUserId],
    queryFn: ({ signal }) => getPendingOrders(contestUserId, signal),
  });

export function usePendingOrders(contestUserId: number) {
  return useQuery(pendingOrdersQueryOptions(contestUserId));
}

export function cancelPendingOrder(orderId: number) {
  return apiClient.delete<Order>(api.pendingOrder.build({ id: orderId }));
}

export function useCancelPendingOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPendingOrder,
    onSuccess: (order) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['pending-orders', order.contest_user] }),
        queryClient.invalidateQueries({ queryKey: ['orders', order.contest_user] }),
        // The order's reservation is given back: buying power and shares to sell change.
        queryClient.invalidateQueries({ queryKey: ['holdings', order.contest_user] }),
        queryClient.invalidateQueries({ queryKey: ['contest-users'] }),
      ]),
  });
}
