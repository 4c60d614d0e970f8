import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contest } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { contestApi } from './paths.ts';

export function getChallenge(signal?: AbortSignal) {
  return apiClient.get<Contest>(contestApi.challenge, undefined, { signal });
}

export const challengeQueryOptions = () =>
  queryOptions({
    queryKey: ['contests', 'challenge'],
    queryFn: ({ signal }) => getChallenge(signal),
  });

export function useChallenge() {
  return useQuery(challengeQueryOptions());
}
