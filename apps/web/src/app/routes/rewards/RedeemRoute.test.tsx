import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PointsEntry } from '@bullpen/contract/points';
import type { Equipped, Redemption, Reward } from '@bullpen/contract/rewards';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { Component as RedeemRoute } from './RedeemRoute.tsx';

const ME = 7;
vi.mock('@/lib/session.tsx', () => ({
  useSession: () => ({ user: { id: ME, username: 'sam.student' } }),
}));

function platform(
  id: number,
  slug: string,
  kind: 'frame' | 'badge',
  cost: number,
  owned = false,
): Reward {
  return { id, kind, slug, name: slug, description: '', cost, classroom: null, owned, pending: 0 };
}

const catalogue: Reward[] = [
  platform(1, 'frame-sky', 'frame', 100, true),
  platform(2, 'frame-gold', 'frame', 300),
  platform(3, 'badge-saver', 'badge', 80),
  {
    id: 20,
    kind: 'classroom',
    slug: null,
    name: 'Choose the warm-up question',
    description: 'You pick the first question of the day.',
    cost: 60,
    classroom: { id: 4, name: 'Economics 9B' },
    owned: false,
    pending: 1,
  },
];

const waiting: Redemption = {
  id: 50,
  reward: { id: 20, kind: 'classroom', slug: null, name: 'Choose the warm-up question' },
  cost: 60,
  status: 'pending',
  classroom: { id: 4, name: 'Economics 9B' },
  student: { id: ME, name: 'Sam Student' },
  decided_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

const history: PointsEntry[] = [
  {
    id: 3,
    points: 25,
    reason: 'award',
    note: 'Great budget presentation',
    awarded_by: 'Ms Rivera',
    created_at: '2026-11-21T10:00:00.000Z',
  },
  {
    id: 2,
    points: -60,
    reason: 'redemption',
    note: 'Choose the warm-up question',
    awarded_by: null,
    created_at: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 1,
    points: 50,
    reason: 'lesson',
    note: 'What is a budget?',
    awarded_by: null,
    created_at: '2026-11-19T10:00:00.000Z',
  },
];

const pageOf = <T,>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

let balance: number;
let equipped: Equipped;
let calls: { method: string; path: string; body: unknown }[];

function serve(
  overrides: (method: string, path: string, body: unknown) => unknown = () => undefined,
) {
  calls = [];
  return stubApi(
    (method, path, body) => {
      calls.push({ method, path, body });
      const special = overrides(method, path, body);
      if (special) return special as { status: number; body: unknown };
      const route = path.split('?')[0];
      if (method === 'GET' && route === `/api/points/points/${ME}/`) {
        return { status: 200, body: { available_points: balance } };
      }
      if (method === 'GET' && route === `/api/points/points/${ME}/history/`) {
        return { status: 200, body: pageOf(history) };
      }
      if (method === 'GET' && route === '/api/rewards/') return { status: 200, body: catalogue };
      if (method === 'GET' && route === '/api/rewards/redemptions/') {
        return { status: 200, body: pageOf([waiting]) };
      }
      if (method === 'GET' && route === '/api/rewards/equipped/') {
        return { status: 200, body: equipped };
      }
      return undefined;
    },
    { withQuery: true },
  );
}

beforeEach(() => {
  balance = 260;
  equipped = { frame: null, badge: null };
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/redeem', { timeout: 20_000 }, () => {
  it('shows the balance, the catalogue by kind and class, my requests and my history', async () => {
    serve();
    await renderWithApp(<RedeemRoute />, { route: '/redeem' });
    expect(await screen.findByTestId('redeem-balance')).toHaveTextContent('260 points');

    const frames = await screen.findByRole('region', { name: 'Avatar frames' });
    expect(within(frames).getByRole('heading', { name: 'Gold frame' })).toBeInTheDocument();
    expect(within(frames).getByText('300 points')).toBeInTheDocument();
    const badges = screen.getByRole('region', { name: 'Profile badges' });
    expect(within(badges).getByRole('heading', { name: 'Super Saver badge' })).toBeInTheDocument();
    const classRewards = screen.getByRole('region', { name: 'Class rewards: Economics 9B' });
    expect(within(classRewards).getByText('You pick the first question of the day.')).toBeVisible();
    expect(within(classRewards).getByText('1 request waiting')).toBeInTheDocument();

    const requests = screen.getByRole('region', { name: 'My requests' });
    expect(await within(requests).findByText('Waiting for the teacher')).toBeInTheDocument();
    expect(
      within(requests).getByRole('button', {
        name: 'Cancel the request for Choose the warm-up question',
      }),
    ).toBeEnabled();

    const points = screen.getByRole('region', { name: 'Points history' });
    const entries = await within(points).findAllByTestId('points-entry');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent("Teacher's award");
    expect(entries[0]).toHaveTextContent('Ms Rivera: “Great budget presentation”');
    expect(entries[0]).toHaveTextContent('+25');
    expect(within(entries[0]!).getByText('plus 25 points')).toBeInTheDocument();
    expect(entries[1]).toHaveTextContent('Redeemed');
    expect(entries[1]).toHaveTextContent('−60');
    expect(within(entries[1]!).getByText('minus 60 points')).toBeInTheDocument();
    expect(entries[2]).toHaveTextContent('Lesson passed');
  });

  it('a reward the balance cannot pay is disabled and says how many points are missing', async () => {
    serve();
    await renderWithApp(<RedeemRoute />, { route: '/redeem' });
    const gold = await screen.findByRole('button', { name: 'Redeem Gold frame for 300 points' });
    await waitFor(() => expect(screen.getByTestId('redeem-balance')).toBeInTheDocument());
    expect(gold).toBeDisabled();
    expect(gold).toHaveAccessibleDescription('You need 40 more points for this.');
    expect(
      screen.getByRole('button', { name: 'Redeem Super Saver badge for 80 points' }),
    ).toBeEnabled();
  });

  it('redeems after the confirm, then refreshes the balance and the catalogue', async () => {
    let bought = false;
    serve((method, path) => {
      if (method === 'POST' && path === '/api/rewards/3/redeem/') {
        bought = true;
        balance = 180;
        return {
          status: 201,
          body: {
            redemption: { ...waiting, id: 51, status: 'done', reward: catalogue[2] },
            available_points: 180,
          },
        };
      }
      if (bought && method === 'GET' && path === '/api/rewards/') {
        return {
          status: 200,
          body: catalogue.map((reward) => (reward.id === 3 ? { ...reward, owned: true } : reward)),
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderWithApp(<RedeemRoute />, { route: '/redeem' });
    await screen.findByTestId('redeem-balance');
    await user.click(
      await screen.findByRole('button', { name: 'Redeem Super Saver badge for 80 points' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Redeem Super Saver badge?' });
    expect(dialog).toHaveTextContent('It costs 80 points. You will have 180 left');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(
      await screen.findByText(
        'Super Saver badge is yours. Use it to show it in the header and on leaderboards.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('redeem-balance')).toHaveTextContent('180 points'),
    );
    expect(
      await screen.findByRole('button', { name: 'Use Super Saver badge' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("shows the server's refusal inside the dialog", async () => {
    serve((method, path) =>
      method === 'POST' && path === '/api/rewards/20/redeem/'
        ? { status: 409, body: { error: 'This class is frozen.' } }
        : undefined,
    );
    const user = userEvent.setup();
    await renderWithApp(<RedeemRoute />, { route: '/redeem' });
    await screen.findByTestId('redeem-balance');
    await user.click(
      await screen.findByRole('button', {
        name: 'Request Choose the warm-up question for 60 points',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Request Choose the warm-up question?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByText('This class is frozen.')).toBeInTheDocument();
  });

  it('uses an owned frame and stops using it', async () => {
    serve((method, path, body) => {
      if (method === 'PUT' && path === '/api/rewards/equipped/') {
        const change = body as { frame?: number | null };
        equipped = { ...equipped, frame: change.frame === 1 ? 'frame-sky' : null };
        return { status: 200, body: equipped };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderWithApp(<RedeemRoute />, { route: '/redeem' });
    const sky = await screen.findByTestId('reward-frame-sky');
    expect(within(sky).getByText('Owned')).toBeInTheDocument();
    await user.click(within(sky).getByRole('button', { name: 'Use Sky frame' }));
    expect(await screen.findByText('You are now using Sky frame.')).toBeInTheDocument();
    expect(within(sky).getByText('In use')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ frame: 1 });
    await user.click(within(sky).getByRole('button', { name: 'Stop using Sky frame' }));
    expect(await screen.findByText('You stopped using Sky frame.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ frame: null });
  });

  it('cancels a waiting request and the points come back', async () => {
    let cancelled = false;
    serve((method, path) => {
      if (method === 'POST' && path === '/api/rewards/redemptions/50/cancel/') {
        cancelled = true;
        balance = 320;
        return { status: 200, body: { ...waiting, status: 'cancelled' } };
      }
      if (cancelled && method === 'GET' && path === '/api/rewards/redemptions/?page=1') {
        return { status: 200, body: pageOf([{ ...waiting, status: 'cancelled' }]) };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderWithApp(<RedeemRoute />, { route: '/redeem' });
    await user.click(
      await screen.findByRole('button', {
        name: 'Cancel the request for Choose the warm-up question',
      }),
    );
    expect(await screen.findByText('Request cancelled. Your points are back.')).toBeInTheDocument();
    expect(await screen.findByText('Cancelled, points returned')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('redeem-balance')).toHaveTextContent('320 points'),
    );
  });

  it('reads in Spanish, platform rewards by their slug', async () => {
    serve();
    await renderWithApp(<RedeemRoute />, { route: '/redeem', language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Marco dorado' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Canjea tus puntos', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Te faltan 40 puntos para esto.')).toBeInTheDocument();
  });
});
