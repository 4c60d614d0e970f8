import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@bullpen/contract/trading';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';
import { withQuery } from '@bullpen/contract/api-path';
import type { Page } from '@bullpen/contract/pagination';

export const ORDERS_PAGE_SIZE = 20;

export function getOrders(contestUserId: number, page: number, signal?: AbortSignal) {
  return apiClient.get<Page<Order>>(
    withQuery(api.orders.build(), {
      contest_user: contestUserId,
      page,
      page_size: ORDERS_PAGE_SIZE,
    }),
    undefined,
    { signal },
  );
}

export const ordersQueryOptions = (contestUserId: number | null | undefined, page: number) =>
  queryOptions({
    queryKey: ['orders', contestUserId, page],
    queryFn: ({ signal }) => getOrders(contestUserId!, page, signal),
    enabled: typeof contestUserId === 'number' && contestUserId > 0,
    placeholderData: keepPreviousData,
  });

export function useOrders(contestUserId: number | null | undefined, page: number) {
  return useQuery(ordersQueryOptions(contestUserId, page));
}
