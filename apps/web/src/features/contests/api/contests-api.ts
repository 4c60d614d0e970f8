import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contest, CreateContestInput } from '@bullpen/contract/contests';
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

export function createContest(input: CreateContestInput) {
  return apiClient.post<Contest>(api.contests.build(), input);
}

export function useCreateContestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contests'] }),
  });
}
