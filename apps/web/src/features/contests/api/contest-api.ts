import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';
import type { Contest, ContestRulesInput } from '@bullpen/contract/contests';
import { contestQueryOptions } from './contest-queries.ts';

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

/** PATCH /api/contests/{id}/freeze (owner only): pauses or resumes trading. */
export function freezeContest({ contestId, frozen }: { contestId: number; frozen: boolean }) {
  return apiClient.patch<Contest>(api.freezeContest.build({ id: contestId }), { frozen });
}

export function useFreezeContestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: freezeContest,
    onSuccess: (contest) => {
      queryClient.setQueryData(contestQueryOptions(contest.id).queryKey, contest);
      // Lists and portfolios embed the contest (and its status) too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['contests', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['contest-users'] }),
      ]);
    },
  });
}

/** PATCH /api/contests/{id}/coach/ (the owner or the class's teacher): the trade coach on or off. */
export function setContestCoach({ contestId, coach }: { contestId: number; coach: boolean }) {
  return apiClient.patch<Contest>(api.contestCoach.build({ id: contestId }), { coach });
}

export function useContestCoachMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setContestCoach,
    onSuccess: (contest) => {
      queryClient.setQueryData(contestQueryOptions(contest.id).queryKey, contest);
      return queryClient.invalidateQueries({ queryKey: ['contests', 'list'] });
    },
  });
}

/**
 * PUT /api/contests/{id}/rules/ (the owner, or the class's teacher): the contest's trading
 * rules (docs/decisions/046-contest-rule-packs.md).
 */
export function saveContestRules({
  contestId,
  rules,
}: {
  contestId: number;
  rules: ContestRulesInput;
}) {
  return apiClient.put<Contest>(api.contestRules.build({ id: contestId }), rules);
}

export function useContestRulesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContestRules,
    onSuccess: (contest) => {
      queryClient.setQueryData(contestQueryOptions(contest.id).queryKey, contest);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['contests', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['contest-users'] }),
      ]);
    },
  });
}
