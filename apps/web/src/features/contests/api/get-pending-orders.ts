import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@bullpen/contract/contests';
import { MAX_PAGE_SIZE } from '@bullpen/contract/market';
import { apiClient } from '@/lib/api-client.ts';
import { contestApi, withQuery } from './paths.ts';
import type { Page } from './paths.ts';

export function getPendingOrders(contestUserId: number, signal?: AbortSignal) {
  return apiClient.get<Page<Order>>(
    withQuery(contestApi.pendingOrders, { contest_user: contestUserId, page_size: MAX_PAGE_SIZE }),
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
