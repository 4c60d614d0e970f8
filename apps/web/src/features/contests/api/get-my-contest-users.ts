import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestUser } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { contestApi, withQuery } from './paths.ts';
import type { Page } from './paths.ts';

export function getMyContestUsers(type: 'public' | 'private', signal?: AbortSignal) {
  return apiClient.get<Page<ContestUser>>(
    withQuery(contestApi.contestUsers, { type, page_size: 100 }),
    undefined,
    { signal },
  );
}

export const myContestUsersQueryOptions = (type: 'public' | 'private') =>
  queryOptions({
    queryKey: ['contest-users', 'mine', type],
    queryFn: ({ signal }) => getMyContestUsers(type, signal),
  });

export function useMyContestUsers(type: 'public' | 'private') {
  return useQuery(myContestUsersQueryOptions(type));
}
