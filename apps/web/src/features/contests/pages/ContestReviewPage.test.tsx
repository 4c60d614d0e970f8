import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContestReview } from '@bullpen/contract/contest-review';
import { renderWithApp } from '@/test/render.tsx';
import { ContestReviewPage } from './ContestReviewPage.tsx';

const review: ContestReview = {
  contest: {
    id: 7,
    name: 'Class 7B Challenge',
    starts_at: '2026-11-02T14:30:00.000Z',
    ends_at: '2026-11-20T21:00:00.000Z',
  },
  starting_cash: 100_000,
  final_value: 100_950,
  return_ratio: 0.0095,
  index_funds: { symbols: ['XLK', 'XLE'], final_value: 98_500, return_ratio: -0.015 },
  trades: 3,
  commissions: 300,
  dividends: 250,
  adjustments: 0,
  reset_at: null,
  best: [{ symbol: 'AAPL', name: 'Apple Inc.', profit: 1_800, bought: 40_100, shares_at_end: 0 }],
  worst: [
    { symbol: 'KO', name: 'The Coca-Cola Company', profit: -850, bought: 30_100, shares_at_end: 5 },
  ],
  diversification: [
    {
      date: '2026-11-16',
      value: 99_500,
      holdings: 2,
      largest_weight_ratio: 0.412,
      cash_ratio: 0.291,
    },
    {
      date: '2026-11-20',
      value: 100_950,
      holdings: 1,
      largest_weight_ratio: 0.287,
      cash_ratio: 0.713,
    },
  ],
};

function stubReview(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the contest review', () => {
  it('tells the result against the index funds, the fees, the decisions and the spread', async () => {
    const fetchMock = stubReview(200, review);
    await renderWithApp(<ContestReviewPage contestUserId={42} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contest review' })).toBeVisible();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/contest-users/42/review/');
    expect(
      screen.getByText(/You started with \$1,000\.00 and ended with \$1,009\.50/),
    ).toBeVisible();
    expect(screen.getByText(/2 sector index funds .* \$985\.00/)).toBeVisible();
    expect(screen.getByText('You beat them by $24.50.')).toBeVisible();
    expect(
      screen.getByText(/You made 3 trades and paid \$3\.00 in commissions \(0\.30% of your/),
    ).toBeVisible();
    expect(screen.getByText(/paid you \$2\.50 in dividends/)).toBeVisible();

    const best = screen.getByRole('region', { name: 'Best decisions' });
    expect(within(best).getByText(/Apple Inc\./)).toBeVisible();
    expect(
      within(best).getByText('Bought for $401.00; 0 shares still held at the end.'),
    ).toBeVisible();
    const worst = screen.getByRole('region', { name: 'Worst decisions' });
    expect(within(worst).getByText(/The Coca-Cola Company/)).toBeVisible();

    const table = screen.getByRole('table', { name: 'How spread out you were' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Nov 16, 2026');
    expect(rows[1]).toHaveTextContent('41.20%');
    expect(screen.getByRole('link', { name: 'Lesson: diversification and risk' })).toHaveAttribute(
      'href',
      '/public/lessons/diversification',
    );
  });

  it('says when the index funds did better, in Spanish too', async () => {
    stubReview(200, { ...review, final_value: 97_000 });
    await renderWithApp(<ContestReviewPage contestUserId={42} />, { language: 'es' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resumen del concurso' }),
    ).toBeVisible();
    expect(screen.getByText(/Ellos lo hicieron mejor por/)).toBeVisible();
  });

  it('shows the API’s refusal before the contest ends', async () => {
    stubReview(409, { error: 'The review is ready when the contest ends.' });
    await renderWithApp(<ContestReviewPage contestUserId={42} />);
    expect(await screen.findByText('The review is ready when the contest ends.')).toBeVisible();
  });
});
