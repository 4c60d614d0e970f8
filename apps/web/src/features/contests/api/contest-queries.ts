import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contest } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

export function getContest(id: number, signal?: AbortSignal) {
  return apiClient.get<Contest>(api.contest.build({ id }), undefined, { signal });
}

export const contestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['contests', 'detail', id],
    queryFn: ({ signal }) => getContest(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useContest(id: number) {
  return useQuery(contestQueryOptions(id));
}
