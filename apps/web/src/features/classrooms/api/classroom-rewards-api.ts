import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { withQuery } from '@bullpen/contract/api-path';
import type { PointsAllowance, PointsAward, PointsAwardBody } from '@bullpen/contract/points';
import type {
  ClassroomRewardBody,
  Redemption,
  RedemptionsPage,
  Reward,
} from '@bullpen/contract/rewards';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** A class's own rewards (its teacher defines them), the requests for them, and awards. */

export const classroomRewardsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['classrooms', id, 'rewards'],
    queryFn: ({ signal }) =>
      apiClient.get<Reward[]>(api.classroomRewards.build({ id }), undefined, { signal }),
  });

export function useClassroomRewards(id: number) {
  return useQuery(classroomRewardsQueryOptions(id));
}

export function useCreateClassroomReward(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassroomRewardBody) =>
      apiClient.post<Reward>(api.classroomRewards.build({ id }), body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: classroomRewardsQueryOptions(id).queryKey }),
  });
}

export function useUpdateClassroomReward(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rewardId, body }: { rewardId: number; body: Partial<ClassroomRewardBody> }) =>
      apiClient.patch<Reward>(api.classroomReward.build({ id, rewardId }), body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: classroomRewardsQueryOptions(id).queryKey }),
  });
}

export function useRemoveClassroomReward(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: number) =>
      apiClient.delete<void>(api.classroomReward.build({ id, rewardId })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: classroomRewardsQueryOptions(id).queryKey }),
  });
}

export type RequestsFilter = 'pending' | 'all';

/** The teacher's queue: the waiting requests, or all of them (newest first). */
export const rewardRequestsQueryOptions = (id: number, filter: RequestsFilter, page: number) =>
  queryOptions({
    queryKey: ['classrooms', id, 'reward-requests', filter, page],
    queryFn: ({ signal }) =>
      apiClient.get<RedemptionsPage>(
        withQuery(api.classroomRewardRequests.build({ id }), {
          page,
          status: filter === 'pending' ? 'pending' : undefined,
        }),
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useRewardRequests(id: number, filter: RequestsFilter, page: number) {
  return useQuery(rewardRequestsQueryOptions(id, filter, page));
}

export function useDecideRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      redemptionId,
      decision,
    }: {
      redemptionId: number;
      decision: 'approve' | 'decline';
    }) =>
      apiClient.post<Redemption>(
        (decision === 'approve' ? api.approveRedemption : api.declineRedemption).build({
          id: redemptionId,
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['classrooms', id, 'reward-requests'] }),
        queryClient.invalidateQueries({ queryKey: classroomRewardsQueryOptions(id).queryKey }),
      ]),
  });
}

/**
 * What the teacher may still award today (the cap counts all their classes), read when the
 * award dialog opens and then kept from each award's answer.
 */
export const awardLeftTodayQueryOptions = (id: number) =>
  queryOptions<number>({
    queryKey: ['classrooms', 'points-awards', 'left-today', id],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<PointsAllowance>(api.classroomPointsAwards.build({ id }), undefined, {
          signal,
        })
      ).left_today,
  });

export function useAwardLeftToday(id: number, enabled: boolean) {
  return useQuery({ ...awardLeftTodayQueryOptions(id), enabled });
}

export function useAwardPoints(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PointsAwardBody) =>
      apiClient.post<PointsAward>(api.classroomPointsAwards.build({ id }), body),
    onSuccess: (award) => {
      // The cap is the teacher's, over every class: each class's figure is now this one.
      queryClient.setQueriesData<number>(
        { queryKey: ['classrooms', 'points-awards', 'left-today'] },
        award.left_today,
      );
      queryClient.setQueryData(awardLeftTodayQueryOptions(id).queryKey, award.left_today);
    },
  });
}
