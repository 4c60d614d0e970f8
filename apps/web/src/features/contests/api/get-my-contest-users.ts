import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestUser } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';
import { withQuery } from '@bullpen/contract/api-path';
import type { Page } from '@bullpen/contract/pagination';

export function getMyContestUsers(type: 'public' | 'private', signal?: AbortSignal) {
  return apiClient.get<Page<ContestUser>>(
    withQuery(api.contestUsers.build(), { type, page_size: 100 }),
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
