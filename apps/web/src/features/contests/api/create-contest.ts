import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contest, CreateContestInput } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

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
