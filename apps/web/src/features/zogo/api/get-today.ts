import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@bullpen/contract/routes';
import type { ZogoToday } from '@bullpen/contract/zogo';
import { apiClient } from '@/lib/api-client.ts';
import { earnQueryKey } from './get-catalogue.ts';

/** `GET /api/zogo/today/`: module points earned today against the daily cap. */
export const todayQueryOptions = () =>
  queryOptions({
    queryKey: [...earnQueryKey, 'today'],
    queryFn: ({ signal }) => apiClient.get<ZogoToday>(api.zogoToday.build(), undefined, { signal }),
  });

export function useToday() {
  return useQuery(todayQueryOptions());
}
