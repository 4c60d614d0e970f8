import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { contestApi } from './paths.ts';

export function leaveContest(contestUserId: number) {
  return apiClient.delete<null>(contestApi.contestUser(contestUserId));
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
