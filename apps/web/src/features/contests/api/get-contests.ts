import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contest } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';
import { withQuery } from '@bullpen/contract/api-path';
import type { Page } from '@bullpen/contract/pagination';

export function getContests(type: 'public' | 'private', signal?: AbortSignal) {
  return apiClient.get<Page<Contest>>(
    withQuery(api.contests.build(), { type, page_size: 100 }),
    undefined,
    { signal },
  );
}

export const contestsQueryOptions = (type: 'public' | 'private') =>
  queryOptions({
    queryKey: ['contests', 'list', type],
    queryFn: ({ signal }) => getContests(type, signal),
  });

export function useContests(type: 'public' | 'private') {
  return useQuery(contestsQueryOptions(type));
}
