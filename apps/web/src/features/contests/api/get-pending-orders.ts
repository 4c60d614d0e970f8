import { queryOptions, useQuery } from '@tanstack/react-query';
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
