import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { leaderboardQueryOptions, type LeaderboardEntry } from '../api/contest-users-queries.ts';
import { Leaderboard } from './Leaderboard.tsx';

function entry(rank: number, id: number, username: string): LeaderboardEntry {
  return {
    rank,
    contest_user: rank * 10,
    user: { id, username, first_name: username, avatar: null },
    value: 10_000_000,
    return_ratio: 0,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the leaderboard shows what players bought on /redeem', () => {
  it("asks once for the page's players and draws each one's frame and badge", async () => {
    const rows = [entry(1, 31, 'ana'), entry(2, 32, 'beto'), entry(3, 33, 'cleo')];
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(leaderboardQueryOptions(7, 1).queryKey, {
      count: rows.length,
      next: null,
      previous: null,
      results: rows,
    });
    const fetchMock = stubApi(
      (method, path) =>
        method === 'GET' && path.startsWith('/api/rewards/equipped/of/')
          ? {
              status: 200,
              body: [
                { user: 31, frame: 'frame-gold', badge: 'badge-saver' },
                { user: 32, frame: null, badge: null },
                { user: 33, frame: null, badge: 'badge-scholar' },
              ],
            }
          : undefined,
      { withQuery: true },
    );
    await renderWithApp(<Leaderboard contestId={7} myContestUser={null} />, { queryClient });
    const ana = screen.getByRole('row', { name: /ana/ });
    expect(await within(ana).findByRole('img', { name: 'Super Saver badge' })).toBeInTheDocument();
    expect(ana.querySelector('[data-frame="frame-gold"]')).not.toBeNull();
    const beto = screen.getByRole('row', { name: /beto/ });
    expect(within(beto).queryByRole('img')).toBeNull();
    expect(beto.querySelector('[data-frame]')).toBeNull();
    const cleo = screen.getByRole('row', { name: /cleo/ });
    expect(within(cleo).getByRole('img', { name: 'Money Scholar badge' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(decodeURIComponent(String(fetchMock.mock.calls[0]![0]))).toContain(
      '/api/rewards/equipped/of/?users=31,32,33',
    );
  });
});
