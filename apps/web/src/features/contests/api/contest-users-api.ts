import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContestUser } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

/** By id, by join code, or with the token of an emailed invitation link. */
export type JoinTarget = { contest: number } | { code: string } | { invitation: string };

export function joinContest(target: JoinTarget) {
  return apiClient.post<ContestUser>(api.contestUsers.build(), target);
}

export function useJoinContestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinContest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['contests'] }),
        queryClient.invalidateQueries({ queryKey: ['contest-users'] }),
      ]),
  });
}

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
