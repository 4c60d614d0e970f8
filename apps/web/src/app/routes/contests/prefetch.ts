import type { QueryClient } from '@tanstack/react-query';
// Small modules without schemas, in the entry, so a request starts before any page chunk arrives.
import { contestQueryOptions } from '@/features/contests/api/get-contest.ts';
import { contestUserQueryOptions } from '@/features/contests/api/get-contest-user.ts';
import { holdingsQueryOptions } from '@/features/contests/api/get-holdings.ts';
import { leaderboardQueryOptions } from '@/features/contests/api/get-leaderboard.ts';
import { myContestUsersQueryOptions } from '@/features/contests/api/get-my-contest-users.ts';
import { securityQueryOptions } from '@/features/contests/api/get-security.ts';
import { parseRouteParams } from '@bullpen/contract/route-params';
import type { Destination } from '../page-route.tsx';

/** The contest, then the viewer's line and holdings in it: what the contest page shows first. */
async function contestWithMine(client: QueryClient, contestId: number): Promise<void> {
  const contest = await client.fetchQuery(contestQueryOptions(contestId));
  const mine = contest.my_contest_user;
  if (mine === null) return;
  await Promise.all([
    client.prefetchQuery(contestUserQueryOptions(mine)),
    client.prefetchQuery(holdingsQueryOptions(mine)),
  ]);
}

/** /contest/{id}: the contest, the viewer's summary and the leaderboard's first page. */
export async function prefetchContestPage(client: QueryClient, { params }: Destination) {
  const id = parseRouteParams(params, ['id'])?.id;
  if (id === undefined) return;
  await Promise.all([
    contestWithMine(client, id),
    client.prefetchQuery(leaderboardQueryOptions(id, 1)),
  ]);
}

/** /place-order/{type}/{contestId}/{securityId}: the contest, the holdings, the security. */
export async function prefetchPlaceOrderPage(client: QueryClient, { params }: Destination) {
  const contestId = parseRouteParams(params, ['contestId'])?.contestId;
  const securityId = parseRouteParams(params, ['securityId'])?.securityId;
  await Promise.all([
    contestId === undefined ? undefined : contestWithMine(client, contestId),
    securityId === undefined ? undefined : client.prefetchQuery(securityQueryOptions(securityId)),
  ]);
}

/** /my-contests?type=…: the viewer's portfolios of the type the page opens on. */
export async function prefetchMyContests(client: QueryClient, { url }: Destination) {
  const type = url.searchParams.get('type') === 'public' ? 'public' : 'private';
  await client.prefetchQuery(myContestUsersQueryOptions(type));
}
