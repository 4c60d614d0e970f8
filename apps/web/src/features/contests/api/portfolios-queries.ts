import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { holdingsSchema } from '@bullpen/contract/trading';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';
import { withQuery } from '@bullpen/contract/api-path';

export type Holdings = z.infer<typeof holdingsSchema>;

export function getHoldings(contestUserId: number, signal?: AbortSignal) {
  return apiClient.get<Holdings>(
    withQuery(api.holdings.build(), { contest_user: contestUserId }),
    undefined,
    { signal },
  );
}

export const holdingsQueryOptions = (contestUserId: number | null | undefined) =>
  queryOptions({
    queryKey: ['holdings', contestUserId],
    queryFn: ({ signal }) => getHoldings(contestUserId!, signal),
    enabled: typeof contestUserId === 'number' && contestUserId > 0,
  });

export function useHoldings(contestUserId: number | null | undefined) {
  return useQuery(holdingsQueryOptions(contestUserId));
}

/** Shares held by security id, for the stock list's SELL buttons. */
export function sharesBySecurity(holdings: Holdings | undefined): Record<number, number> {
  const shares: Record<number, number> = {};
  for (const holding of holdings?.results ?? []) shares[holding.security] = holding.share;
  return shares;
}
