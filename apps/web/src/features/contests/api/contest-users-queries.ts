import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { ContestUser, leaderboardEntrySchema } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';
import { withQuery } from '@bullpen/contract/api-path';
import type { Page } from '@bullpen/contract/pagination';
import type { z } from 'zod';

export function getContestUser(id: number, signal?: AbortSignal) {
  return apiClient.get<ContestUser>(api.contestUser.build({ id }), undefined, { signal });
}

export const contestUserQueryOptions = (id: number | null | undefined) =>
  queryOptions({
    queryKey: ['contest-users', 'detail', id],
    queryFn: ({ signal }) => getContestUser(id!, signal),
    enabled: typeof id === 'number' && id > 0,
  });

export function useContestUser(id: number | null | undefined) {
  return useQuery(contestUserQueryOptions(id));
}

export function getMyContestUsers(type: 'public' | 'private', signal?: AbortSignal) {
  return apiClient.get<Page<ContestUser>>(
    withQuery(api.contestUsers.build(), { type, page_size: 100 }),
    undefined,
    { signal },
  );
}

export const myContestUsersQueryOptions = (type: 'public' | 'private') =>
  queryOptions({
    queryKey: ['contest-users', 'mine', type],
    queryFn: ({ signal }) => getMyContestUsers(type, signal),
  });

export function useMyContestUsers(type: 'public' | 'private') {
  return useQuery(myContestUsersQueryOptions(type));
}

export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const LEADERBOARD_PAGE_SIZE = 10;
/** Spec: the leaderboard refreshes every 30 s while the page is visible. */
export const LEADERBOARD_REFRESH_MS = 30_000;

export function getLeaderboard(
  contestId: number,
  page: number,
  pageSize = LEADERBOARD_PAGE_SIZE,
  signal?: AbortSignal,
) {
  return apiClient.get<Page<LeaderboardEntry>>(
    withQuery(api.leaderboard.build(), { contest: contestId, page, page_size: pageSize }),
    undefined,
    { signal },
  );
}

export const leaderboardQueryOptions = (contestId: number, page: number) =>
  queryOptions({
    queryKey: ['leaderboard', contestId, page],
    queryFn: ({ signal }) => getLeaderboard(contestId, page, LEADERBOARD_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    // TanStack Query pauses the interval while the tab is hidden.
    refetchInterval: LEADERBOARD_REFRESH_MS,
  });

export function useLeaderboard(contestId: number, page: number) {
  return useQuery(leaderboardQueryOptions(contestId, page));
}

/**
 * The portfolio (contest user) of a member of a contest, looked up on the leaderboard: the
 * stats and order-history routes name a user and a contest, the API wants a contest user.
 */
export async function findContestUserId(contestId: number, userId: number, signal?: AbortSignal) {
  const board = await apiClient.get<Page<LeaderboardEntry>>(
    withQuery(api.leaderboard.build(), { contest: contestId, user: userId }),
    undefined,
    { signal },
  );
  return board.results[0] ?? null;
}

export const memberQueryOptions = (contestId: number, userId: number) =>
  queryOptions({
    queryKey: ['leaderboard', contestId, 'member', userId],
    queryFn: ({ signal }) => findContestUserId(contestId, userId, signal),
    enabled: contestId > 0 && userId > 0,
  });

export function useMember(contestId: number, userId: number) {
  return useQuery(memberQueryOptions(contestId, userId));
}
