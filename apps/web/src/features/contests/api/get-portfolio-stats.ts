import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioStats } from '@bullpen/contract/trading';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

/** A POST that only reads: the API takes the portfolio in the body. */
export function getPortfolioStats(contestUserId: number, signal?: AbortSignal) {
  return apiClient.post<PortfolioStats>(
    api.portfolioStats.build(),
    { contest_user: contestUserId },
    undefined,
    { signal },
  );
}

export const portfolioStatsQueryOptions = (contestUserId: number | null | undefined) =>
  queryOptions({
    queryKey: ['portfolio-stats', contestUserId],
    queryFn: ({ signal }) => getPortfolioStats(contestUserId!, signal),
    enabled: typeof contestUserId === 'number' && contestUserId > 0,
  });

export function usePortfolioStats(contestUserId: number | null | undefined) {
  return useQuery(portfolioStatsQueryOptions(contestUserId));
}
