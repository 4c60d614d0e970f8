import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketStatus } from '@bullpen/contract/market';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

export function getMarketStatus(signal?: AbortSignal) {
  return apiClient.get<MarketStatus>(api.marketStatus.build(), undefined, { auth: false, signal });
}

/**
 * Whether the exchange is open now (the order ticket warns before a queued order), and where
 * its prices come from (components/MarketSourceLine.tsx): the contest and market pages share it.
 */
export const marketStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['market-status'],
    queryFn: ({ signal }) => getMarketStatus(signal),
    refetchInterval: 60_000,
  });

export function useMarketStatus() {
  return useQuery(marketStatusQueryOptions());
}
