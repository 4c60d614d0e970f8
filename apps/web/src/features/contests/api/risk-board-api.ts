import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { withQuery } from '@bullpen/contract/api-path';
import type { Contest } from '@bullpen/contract/contests';
import type { RiskBoard, RiskBoardSettingBody } from '@bullpen/contract/risk-board';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { contestQueryOptions } from './contest-queries.ts';
import { LEADERBOARD_PAGE_SIZE, LEADERBOARD_REFRESH_MS } from './contest-users-queries.ts';

/**
 * GET /api/contests/{id}/risk-board/ and its setting's PATCH
 * (docs/decisions/050-risk-adjusted-board.md). The figures change at each close only; the page
 * refreshes as the value ranking does, for members who join.
 */
export function getRiskBoard(contestId: number, page: number, signal?: AbortSignal) {
  return apiClient.get<RiskBoard>(
    withQuery(api.contestRiskBoard.build({ id: contestId }), {
      page,
      page_size: LEADERBOARD_PAGE_SIZE,
    }),
    undefined,
    { signal },
  );
}

export const riskBoardQueryOptions = (contestId: number, page: number) =>
  queryOptions({
    queryKey: ['risk-board', contestId, page],
    queryFn: ({ signal }) => getRiskBoard(contestId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LEADERBOARD_REFRESH_MS,
  });

export function useRiskBoard(contestId: number, page: number) {
  return useQuery(riskBoardQueryOptions(contestId, page));
}

export function saveRiskBoardSetting({
  contestId,
  setting,
}: {
  contestId: number;
  setting: RiskBoardSettingBody;
}) {
  return apiClient.patch<Contest>(api.contestRiskBoard.build({ id: contestId }), setting);
}

export function useRiskBoardSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRiskBoardSetting,
    onSuccess: (contest) => {
      queryClient.setQueryData(contestQueryOptions(contest.id).queryKey, contest);
      return queryClient.invalidateQueries({ queryKey: ['risk-board', contest.id] });
    },
  });
}
