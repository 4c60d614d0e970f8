import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Security } from '@bullpen/contract/market';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

export function getSecurity(id: number, signal?: AbortSignal) {
  return apiClient.get<Security>(api.security.build({ id }), undefined, { auth: false, signal });
}

export const securityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['security', id],
    queryFn: ({ signal }) => getSecurity(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 60_000,
  });

export function useSecurity(id: number) {
  return useQuery(securityQueryOptions(id));
}
