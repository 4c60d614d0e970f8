import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery } from '@bullpen/contract/api-path';
import type { Equipped, EquippedOf } from '@bullpen/contract/rewards';
import { api } from '@bullpen/contract/routes';
import { apiClient } from './api-client.ts';

/**
 * What users show (a frame and a badge they bought on /redeem): the header asks for the
 * signed-in user's, a leaderboard for the rows of the page it shows, in one request.
 * Every key starts with `equippedKey`, so an equip change refreshes them all.
 */
export const equippedKey = ['rewards', 'equipped'] as const;

export const myEquippedQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...equippedKey, 'mine', userId],
    queryFn: ({ signal }) =>
      apiClient.get<Equipped>(api.equippedRewards.build(), undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export function useMyEquipped(userId: number | undefined) {
  return useQuery({ ...myEquippedQueryOptions(userId ?? 0), enabled: userId !== undefined });
}

export const equippedOfQueryOptions = (userIds: readonly number[]) => {
  const users = [...new Set(userIds)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: [...equippedKey, 'of', users.join(',')],
    queryFn: async ({ signal }) => {
      const list = await apiClient.get<EquippedOf>(
        withQuery(api.equippedOf.build(), { users: users.join(',') }),
        undefined,
        { signal },
      );
      return new Map(list.map((entry) => [entry.user, entry]));
    },
    enabled: users.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
};

/** Each listed user's frame and badge (a map by user id), fetched in one request. */
export function useEquippedOf(userIds: readonly number[]) {
  return useQuery(equippedOfQueryOptions(userIds));
}
