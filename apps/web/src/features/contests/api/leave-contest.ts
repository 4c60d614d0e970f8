import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

export function leaveContest(contestUserId: number) {
  return apiClient.delete<null>(api.contestUser.build({ id: contestUserId }));
}

export function useLeaveContestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveContest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['contests'] }),
        queryClient.invalidateQueries({ queryKey: ['contest-users'] }),
      ]),
  });
}
