import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Sector } from '@bullpen/contract/market';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

export function getSectors() {
  return apiClient.get<{ results: Sector[] }>(api.sectors.build(), undefined, { auth: false });
}

export const sectorsQueryOptions = () =>
  queryOptions({
    queryKey: ['sectors'],
    queryFn: getSectors,
    staleTime: 60 * 60_000,
    select: (data) => data.results,
  });

export function useSectors() {
  return useQuery(sectorsQueryOptions());
}
