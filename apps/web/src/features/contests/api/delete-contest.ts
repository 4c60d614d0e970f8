import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { contestApi } from './paths.ts';

export function deleteContest(id: number) {
  return apiClient.delete<null>(contestApi.contest(id));
}

export function useDeleteContestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contests'] }),
  });
}
