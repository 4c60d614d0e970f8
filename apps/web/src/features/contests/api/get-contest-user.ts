import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestUser } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

export function getContestUser(id: number, signal?: AbortSignal) {
  return apiClient.get<ContestUser>(api.contestUser.build({ id }), undefined, { signal });
}

export const contestUserQueryOptions = (id: number | null | undefined) =>
  queryOptions({
    queryKey: ['contest-users', 'detail', id],
    queryFn: ({ signal }) => getContestUser(id!, signal),
    enabled: typeof id === 'number' && id > 0,
  });

export function useContestUser(id: number | null | undefined) {
  return useQuery(contestUserQueryOptions(id));
}
