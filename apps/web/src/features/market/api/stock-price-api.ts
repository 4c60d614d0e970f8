import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Duration, PricePoint } from '@bullpen/contract/market';
import { withQuery } from '@bullpen/contract/api-path';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

export function getStockPrice(symbol: string, duration: Duration, signal?: AbortSignal) {
  const params = new URLSearchParams({ symbol, duration });
  return apiClient.get<{ results: PricePoint[] }>(
    withQuery(api.stockPrice.build(), params),
    undefined,
    {
      auth: false,
      signal,
    },
  );
}

export const stockPriceQueryOptions = (symbol: string, duration: Duration) =>
  queryOptions({
    queryKey: ['stock-price', symbol, duration],
    queryFn: ({ signal }) => getStockPrice(symbol, duration, signal),
    staleTime: duration === '1D' ? 60_000 : 10 * 60_000,
    retry: false,
    select: (data) => data.results,
  });

export function useStockPrice(symbol: string, duration: Duration) {
  return useQuery(stockPriceQueryOptions(symbol, duration));
}
