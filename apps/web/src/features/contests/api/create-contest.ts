import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contest, CreateContestInput } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { contestApi } from './paths.ts';

export function createContest(input: CreateContestInput) {
  return apiClient.post<Contest>(contestApi.contests, input);
}

export function useCreateContestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contests'] }),
  });
}
