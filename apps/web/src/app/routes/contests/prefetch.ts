import type { QueryClient } from '@tanstack/react-query';
// Small modules without schemas, in the entry, so a request starts before any page chunk arrives.
import { contestQueryOptions } from '@/features/contests/api/contest-queries.ts';
import {
  contestUserQueryOptions,
  leaderboardQueryOptions,
  myContestUsersQueryOptions,
} from '@/features/contests/api/contest-users-queries.ts';
import { holdingsQueryOptions } from '@/features/contests/api/portfolios-queries.ts';
import { marketStatusQueryOptions } from '@/lib/market-status.ts';
import { securityQueryOptions } from '@/features/contests/api/securities-queries.ts';
import { equippedOfQueryOptions } from '@/lib/equipped-rewards.ts';
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

/**
 * The leaderboard's first page, then its players' frames and badges, which its rows show. Never
 * rejects, as `prefetchQuery` does not: a board that fails is the leaderboard's own to show, and
 * the first paint still waits for the contest and the viewer's line.
 */
async function leaderboardWithLooks(client: QueryClient, contestId: number): Promise<void> {
  const board = await client
    .fetchQuery(leaderboardQueryOptions(contestId, 1))
    .catch(() => undefined);
  if (!board) return;
  const players = board.results.map((row) => row.user.id);
  if (players.length > 0) await client.prefetchQuery(equippedOfQueryOptions(players));
}

/**
 * /contest/{id}: the contest, the viewer's summary, the leaderboard's first page with its
 * players' looks, and the market's status in the header. Each arrived after the first paint
 * and rendered its part again, in a task of its own (issue #13); each is one request beside the
 * contest's own two in a row, so the first paint waits no longer.
 */
export async function prefetchContestPage(client: QueryClient, { params }: Destination) {
  const id = parseRouteParams(params, ['id'])?.id;
  if (id === undefined) return;
  await Promise.all([
    contestWithMine(client, id),
    leaderboardWithLooks(client, id),
    client.prefetchQuery(marketStatusQueryOptions()),
  ]);
}

/**
 * /place-order/{type}/{contestId}/{securityId}: the contest, the holdings, the security and the
 * market's status (the ticket warns before an order that waits for the open).
 */
export async function prefetchPlaceOrderPage(client: QueryClient, { params }: Destination) {
  const contestId = parseRouteParams(params, ['contestId'])?.contestId;
  const securityId = parseRouteParams(params, ['securityId'])?.securityId;
  if (contestId === undefined && securityId === undefined) return;
  await Promise.all([
    contestId === undefined ? undefined : contestWithMine(client, contestId),
    securityId === undefined ? undefined : client.prefetchQuery(securityQueryOptions(securityId)),
    client.prefetchQuery(marketStatusQueryOptions()),
  ]);
}

/** /my-contests?type=…: the viewer's portfolios of the type the page opens on. */
export async function prefetchMyContests(client: QueryClient, { url }: Destination) {
  const type = url.searchParams.get('type') === 'public' ? 'public' : 'private';
  await client.prefetchQuery(myContestUsersQueryOptions(type));
}
