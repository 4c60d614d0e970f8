import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { contestChannel } from '@bullpen/contract/realtime';
import type { ContestUser } from '@bullpen/contract/contests';
import { realtime } from '@/lib/realtime.ts';
import { contestQueryOptions } from '../api/contest-queries.ts';

/** One job run can announce a contest twice (fills, then re-pricing): refetch once. */
const COALESCE_MS = 300;

/** Refetches what shows the contest's values: its leaderboard and its cached portfolios. */
function refreshContest(queryClient: QueryClient, contestId: number) {
  const portfolios = new Set<number>();
  const mine = queryClient.getQueryData(contestQueryOptions(contestId).queryKey)?.my_contest_user;
  if (mine) portfolios.add(mine);
  for (const [, contestUser] of queryClient.getQueriesData<ContestUser>({
    queryKey: ['contest-users', 'detail'],
  })) {
    if (contestUser?.contest.id === contestId) portfolios.add(contestUser.id);
  }
  const keys = [
    ['leaderboard', contestId],
    // A pending order that fills changes the portfolio's cash, holdings and waiting orders.
    ...[...portfolios].flatMap((id) => [
      ['contest-users', 'detail', id],
      ['holdings', id],
      ['pending-orders', id],
      ['portfolio-values', id],
    ]),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Listens on the contest's own channel (`contest:<id>`; a private contest's takes its members
 * only, judged by the socket's session) while mounted and refreshes this contest's figures
 * when the server says they changed. The leaderboard's 30 s polling stays as the fallback
 * for a lost connection.
 */
export function useLeaderboardUpdates(contestId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!contestId) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = realtime.subscribe(contestChannel(contestId), (message) => {
      if (message.contest !== contestId) return;
      if (message.type === 'contest') {
        // Frozen or resumed by its owner: the contest's status and trading buttons change.
        void queryClient.invalidateQueries({ queryKey: contestQueryOptions(contestId).queryKey });
        return;
      }
      if (message.type !== 'leaderboard') return;
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        void refreshContest(queryClient, contestId);
      }, COALESCE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [contestId, queryClient]);
}
