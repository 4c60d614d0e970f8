import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { valuePointSchema, PortfolioStats } from '@bullpen/contract/trading';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';
import { withQuery } from '@bullpen/contract/api-path';
import type { ContestUser } from '@bullpen/contract/contests';
import type { ContestReview } from '@bullpen/contract/contest-review';
import { contestUserQueryOptions } from './contest-users-queries.ts';

export type ValuePoint = z.infer<typeof valuePointSchema>;

export function getValues(contestUserId: number, signal?: AbortSignal) {
  return apiClient.get<{ results: ValuePoint[] }>(
    withQuery(api.values.build(), { contest_user: contestUserId }),
    undefined,
    { signal },
  );
}

export const valuesQueryOptions = (contestUserId: number) =>
  queryOptions({
    queryKey: ['portfolio-values', contestUserId],
    queryFn: ({ signal }) => getValues(contestUserId, signal),
  });

export function useValues(contestUserId: number) {
  return useQuery(valuesQueryOptions(contestUserId));
}

/** A POST that only reads: the API takes the portfolio in the body. */
export function getPortfolioStats(contestUserId: number, signal?: AbortSignal) {
  return apiClient.post<PortfolioStats>(
    api.portfolioStats.build(),
    { contest_user: contestUserId },
    undefined,
    { signal },
  );
}

export const portfolioStatsQueryOptions = (contestUserId: number | null | undefined) =>
  queryOptions({
    queryKey: ['portfolio-stats', contestUserId],
    queryFn: ({ signal }) => getPortfolioStats(contestUserId!, signal),
    enabled: typeof contestUserId === 'number' && contestUserId > 0,
  });

export function usePortfolioStats(contestUserId: number | null | undefined) {
  return useQuery(portfolioStatsQueryOptions(contestUserId));
}

/** PATCH /api/contest-users/{id}/description/: the player's note on their own portfolio. */
export function updateDescription({
  contestUserId,
  description,
}: {
  contestUserId: number;
  description: string;
}) {
  return apiClient.patch<ContestUser>(api.contestUserDescription.build({ id: contestUserId }), {
    description,
  });
}

export function useUpdateDescriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDescription,
    onSuccess: (contestUser) =>
      queryClient.setQueryData(contestUserQueryOptions(contestUser.id).queryKey, contestUser),
  });
}

/** A member's review of an ended contest (GET /api/contest-users/{id}/review/). */
export const contestReviewQueryOptions = (contestUserId: number) =>
  queryOptions({
    queryKey: ['contest-review', contestUserId],
    queryFn: ({ signal }) =>
      apiClient.get<ContestReview>(api.contestUserReview.build({ id: contestUserId }), undefined, {
        signal,
      }),
    retry: false,
  });

export function useContestReview(contestUserId: number) {
  return useQuery(contestReviewQueryOptions(contestUserId));
}
