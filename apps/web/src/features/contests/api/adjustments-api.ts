import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Adjustment,
  AdjustmentList,
  ResetResult,
} from '@bullpen/contract/portfolio-adjustments';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/**
 * A contest's cash adjustments and resets (docs/decisions/049-portfolio-reset-and-cash-adjustment.md):
 * the managers read the contest's history, a student their own lines.
 */
export function getAdjustments(contestId: number, signal?: AbortSignal) {
  return apiClient.get<AdjustmentList>(api.contestAdjustments.build({ id: contestId }), undefined, {
    signal,
  });
}

export const adjustmentsQueryOptions = (contestId: number) =>
  queryOptions({
    queryKey: ['adjustments', contestId],
    queryFn: ({ signal }) => getAdjustments(contestId, signal),
  });

export function useAdjustments(contestId: number, enabled = true) {
  return useQuery({ ...adjustmentsQueryOptions(contestId), enabled });
}

/** What an adjustment or a reset changes: the history, the portfolios and the board. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return (contestId: number) =>
    Promise.all(
      [
        ['adjustments', contestId],
        ['contest-users'],
        ['leaderboard'],
        ['holdings'],
        ['orders'],
        ['pending-orders'],
        ['portfolio-values'],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function adjustCash({
  contestId,
  contestUserId,
  amountCents,
  reason,
}: {
  contestId: number;
  contestUserId: number;
  amountCents: number;
  reason: string;
}) {
  return apiClient.post<Adjustment>(api.contestAdjustments.build({ id: contestId }), {
    contest_user: contestUserId,
    amount: amountCents,
    reason,
  });
}

export function useCashAdjustmentMutation() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: adjustCash,
    onSuccess: (_line, variables) => refresh(variables.contestId),
  });
}

export function resetPortfolios({
  contestId,
  contestUserId,
  reason,
}: {
  contestId: number;
  /** Null: every member. */
  contestUserId: number | null;
  reason: string;
}) {
  return apiClient.post<ResetResult>(
    api.contestResets.build({ id: contestId }),
    contestUserId === null ? { all: true, reason } : { contest_user: contestUserId, reason },
  );
}

export function usePortfolioResetMutation() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: resetPortfolios,
    onSuccess: (_result, variables) => refresh(variables.contestId),
  });
}
