import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
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
import type { Destination } from '../page-route.tsx';
import { prefetchContestPage, prefetchMyContests, prefetchPlaceOrderPage } from './prefetch.ts';

const contest = { id: 7, name: 'Spring challenge', my_contest_user: 11 };
const mine = { id: 11, cash: 100_000 };
const holdings = { count: 1, results: [{ security: 3, share: 5 }] };
const board = {
  count: 2,
  next: null,
  previous: null,
  results: [
    { contest_user: 11, rank: 1, user: { id: 5 } },
    { contest_user: 12, rank: 2, user: { id: 4 } },
  ],
};
const looks = [{ user: 5, frame: null, badge: null }];
const market = { is_open: true };
const security = { id: 3, symbol: 'ACME' };
const portfolios = { count: 1, results: [mine] };

function answers() {
  return stubApi(
    (method, path) => {
      if (method !== 'GET') return undefined;
      const bodies: Record<string, unknown> = {
        '/api/contests/7/': contest,
        '/api/contest-users/11/': mine,
        '/api/contest-user-securities/?contest_user=11': holdings,
        '/api/contest-users/leaderboard/?contest=7&page=1&page_size=10': board,
        '/api/securities/3/': security,
        '/api/rewards/equipped/of/?users=4%2C5': looks,
        '/api/market/status/': market,
      };
      if (path.startsWith('/api/contest-users/?') && path.includes('type=public')) {
        return { status: 200, body: portfolios };
      }
      return path in bodies ? { status: 200, body: bodies[path] } : undefined;
    },
    { withQuery: true },
  );
}

const args = (url: string, params: Record<string, string>): Destination => ({
  params,
  url: new URL(url, 'http://localhost'),
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prefetching the contest pages', () => {
  it('fills the cache with what the contest page shows first', async () => {
    answers();
    const client = createTestQueryClient();
    await prefetchContestPage(client, args('/contest/7', { id: '7' }));
    expect(client.getQueryData(contestQueryOptions(7).queryKey)).toEqual(contest);
    expect(client.getQueryData(contestUserQueryOptions(11).queryKey)).toEqual(mine);
    expect(client.getQueryData(holdingsQueryOptions(11).queryKey)).toEqual(holdings);
    expect(client.getQueryData(leaderboardQueryOptions(7, 1).queryKey)).toEqual(board);
    // The board's players' looks, under the key its rows ask with (their ids in any order).
    expect(client.getQueryData(equippedOfQueryOptions([5, 4]).queryKey)).toEqual(
      new Map([[5, looks[0]]]),
    );
    expect(client.getQueryData(marketStatusQueryOptions().queryKey)).toEqual(market);
  });

  it('asks for nothing of a contest the viewer has not joined beyond what everyone sees', async () => {
    const fetchMock = stubApi((_method, path) => {
      if (path === '/api/contests/8/') {
        return { status: 200, body: { ...contest, id: 8, my_contest_user: null } };
      }
      if (path === '/api/market/status/') return { status: 200, body: market };
      if (path.startsWith('/api/rewards/equipped/of/')) return { status: 200, body: looks };
      return { status: 200, body: board };
    });
    const client = createTestQueryClient();
    await prefetchContestPage(client, args('/contest/8', { id: '8' }));
    const paths = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), 'http://x').pathname,
    );
    expect(paths.sort()).toEqual([
      '/api/contest-users/leaderboard/',
      '/api/contests/8/',
      '/api/market/status/',
      '/api/rewards/equipped/of/',
    ]);
  });

  it('still fills the contest and the viewer’s line when the board fails', async () => {
    stubApi((_method, path) => {
      if (path.startsWith('/api/contest-users/leaderboard/')) return { status: 500, body: {} };
      const bodies: Record<string, unknown> = {
        '/api/contests/7/': contest,
        '/api/contest-users/11/': mine,
        '/api/contest-user-securities/': holdings,
        '/api/market/status/': market,
      };
      return path in bodies ? { status: 200, body: bodies[path] } : undefined;
    });
    const client = createTestQueryClient();
    await prefetchContestPage(client, args('/contest/7', { id: '7' }));
    expect(client.getQueryData(contestUserQueryOptions(11).queryKey)).toEqual(mine);
    expect(client.getQueryData(holdingsQueryOptions(11).queryKey)).toEqual(holdings);
  });

  it('asks for no looks when the board is empty', async () => {
    const fetchMock = stubApi((_method, path) => {
      if (path === '/api/contests/8/') {
        return { status: 200, body: { ...contest, id: 8, my_contest_user: null } };
      }
      if (path === '/api/market/status/') return { status: 200, body: market };
      return { status: 200, body: { ...board, count: 0, results: [] } };
    });
    await prefetchContestPage(createTestQueryClient(), args('/contest/8', { id: '8' }));
    const paths = fetchMock.mock.calls.map(([input]) => String(input));
    expect(paths.some((path) => path.includes('/rewards/'))).toBe(false);
  });

  it('fills the place-order page’s contest, holdings and security', async () => {
    answers();
    const client = createTestQueryClient();
    await prefetchPlaceOrderPage(
      client,
      args('/place-order/BUY/7/3', { orderType: 'BUY', contestId: '7', securityId: '3' }),
    );
    expect(client.getQueryData(contestQueryOptions(7).queryKey)).toEqual(contest);
    expect(client.getQueryData(holdingsQueryOptions(11).queryKey)).toEqual(holdings);
    expect(client.getQueryData(securityQueryOptions(3).queryKey)).toEqual(security);
    expect(client.getQueryData(marketStatusQueryOptions().queryKey)).toEqual(market);
  });

  it('fills the tab that /my-contests opens on', async () => {
    answers();
    const client = createTestQueryClient();
    await prefetchMyContests(client, args('/my-contests?type=public', {}));
    expect(client.getQueryData(myContestUsersQueryOptions('public').queryKey)).toEqual(portfolios);
  });

  it('leaves ids that are not ids to the page, without a request', async () => {
    const fetchMock = answers();
    const client = createTestQueryClient();
    await prefetchContestPage(client, args('/contest/abc', { id: 'abc' }));
    await prefetchPlaceOrderPage(
      client,
      args('/place-order/BUY/0/x', { contestId: '0', securityId: 'x' }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
