import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contest } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

export function getChallenge(signal?: AbortSignal) {
  return apiClient.get<Contest>(api.challenge.build(), undefined, { signal });
}

export const challengeQueryOptions = () =>
  queryOptions({
    queryKey: ['contests', 'challenge'],
    queryFn: ({ signal }) => getChallenge(signal),
  });

export function useChallenge() {
  return useQuery(challengeQueryOptions());
}
