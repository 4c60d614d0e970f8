import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

export function deleteContest(id: number) {
  return apiClient.delete<null>(api.contest.build({ id }));
}

export function useDeleteContestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contests'] }),
  });
}
