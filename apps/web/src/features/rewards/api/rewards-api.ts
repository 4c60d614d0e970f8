import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { withQuery } from '@bullpen/contract/api-path';
import type {
  EquipBody,
  Equipped,
  RedeemResult,
  Redemption,
  RedemptionsPage,
  Reward,
} from '@bullpen/contract/rewards';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { equippedKey, myEquippedQueryOptions } from '@/lib/equipped-rewards.ts';

/** The catalogue as it is for me: platform rewards (owned or not) and my classes' rewards. */
export const rewardsQueryOptions = () =>
  queryOptions({
    queryKey: ['rewards', 'catalogue'],
    queryFn: ({ signal }) => apiClient.get<Reward[]>(api.rewards.build(), undefined, { signal }),
  });

export function useRewards() {
  return useQuery(rewardsQueryOptions());
}

/** My requests and purchases, newest first. */
export const myRedemptionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['rewards', 'redemptions', page],
    queryFn: ({ signal }) =>
      apiClient.get<RedemptionsPage>(withQuery(api.redemptions.build(), { page }), undefined, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useMyRedemptions(page: number) {
  return useQuery(myRedemptionsQueryOptions(page));
}

/** After a purchase or a cancel: the catalogue (owned, pending) and my requests change. */
function useRefreshRewards() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rewardsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: ['rewards', 'redemptions'] }),
    ]);
}

/** `onPointsChanged`: the balance moved (the page refreshes the header's badge). */
export function useRedeemReward(onPointsChanged: () => void) {
  const refresh = useRefreshRewards();
  return useMutation({
    mutationFn: (rewardId: number) =>
      apiClient.post<RedeemResult>(api.redeemReward.build({ id: rewardId })),
    onSuccess: () => {
      onPointsChanged();
      return refresh();
    },
  });
}

export function useCancelRedemption(onPointsChanged: () => void) {
  const refresh = useRefreshRewards();
  return useMutation({
    mutationFn: (redemptionId: number) =>
      apiClient.post<Redemption>(api.cancelRedemption.build({ id: redemptionId })),
    onSuccess: () => {
      onPointsChanged();
      return refresh();
    },
  });
}

/** Shows (a reward id) or stops showing (null) a frame or a badge; the header follows. */
export function useEquip(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EquipBody) => apiClient.put<Equipped>(api.equippedRewards.build(), body),
    onSuccess: (equipped) => {
      queryClient.setQueryData(myEquippedQueryOptions(userId).queryKey, equipped);
      return queryClient.invalidateQueries({
        queryKey: equippedKey,
        predicate: (query) => query.queryKey[2] !== 'mine',
      });
    },
  });
}
