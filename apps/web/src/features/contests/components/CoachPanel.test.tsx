import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CoachFacts } from '@bullpen/contract/coach';
import type { Security } from '@bullpen/contract/market';
import type { Language } from '@/lib/i18n.ts';
import { createTestQueryClient, renderWithApp } from '@/test/render.tsx';
import { contestOf } from '@/test/contest.ts';
import { coachFactsQueryOptions } from '../api/coach-queries.ts';
import { CoachPanel } from './CoachPanel.tsx';
import { OrderTicket } from './OrderTicket.tsx';

/** $10,000.00: $8,000.00 of it in 80 AAPL shares, $2,000.00 cash; one trade so far. */
const facts: CoachFacts = {
  security: 3,
  sector: 'Technology',
  typical_daily_move: 150,
  cash: 2_000_00,
  value: 10_000_00,
  past_trades: 1,
  holdings: [
    { security: 3, sector: 'Technology', share: 80, value: 8_000_00, cost_basis: 9_000_00 },
  ],
};

function withFacts(data: CoachFacts = facts) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(coachFactsQueryOptions(11, 3).queryKey, data);
  return queryClient;
}

function renderPanel(
  order: Partial<Parameters<typeof CoachPanel>[0]['order']> = {},
  { language = 'en', data = facts }: { language?: Language; data?: CoachFacts } = {},
) {
  return renderWithApp(
    <CoachPanel
      contestUserId={11}
      symbol="AAPL"
      order={{
        side: 'BUY',
        securityId: 3,
        quantity: 10,
        priceCents: 100_00,
        commissionCents: 5_00,
        ...order,
      }}
    />,
    { language, queryClient: withFacts(data) },
  );
}

const items = () => within(screen.getByTestId('coach')).getAllByRole('listitem');

describe('the trade coach’s panel', () => {
  it('warns of a concentrated buy in plain words, with the lesson that teaches it', async () => {
    await renderPanel();
    expect(screen.getByRole('heading', { name: 'Coach' })).toBeInTheDocument();
    const [weight, sector, move, commission] = items();
    // 8,000 + 1,000 of 10,000 − 5 commission.
    expect(weight).toHaveTextContent(
      'Worth a second look: After this buy, AAPL will be 90% of your portfolio, more than 25%.',
    );
    expect(weight).toHaveAttribute('data-level', 'warn');
    expect(
      within(weight!).getByRole('link', { name: 'Lesson: Diversification and risk' }),
    ).toHaveAttribute('href', '/public/lessons/diversification');
    expect(sector).toHaveTextContent(
      'Stocks of the Technology sector will be 90% of your portfolio, more than 40%.',
    );
    expect(move).toHaveTextContent(
      'AAPL moved about $1.50 (1.5% of its price): for 10 shares, about $15.00 up or down.',
    );
    expect(move).toHaveAttribute('data-level', 'info');
    expect(within(move!).getByRole('link')).toHaveAttribute(
      'href',
      '/public/lessons/what-moves-stock-prices',
    );
    expect(commission).toHaveTextContent(
      'The commission of $5.00 is 0.5% of this $1,000.00 trade.',
    );
    expect(commission).not.toHaveTextContent('Worth a second look');
  });

  it('says a small buy is small, without a warning', async () => {
    await renderPanel(
      { quantity: 1, commissionCents: 0 },
      { data: { ...facts, cash: 10_000_00, holdings: [] } },
    );
    const [weight, sector] = items();
    expect(weight).toHaveTextContent('After this buy, AAPL will be 1% of your portfolio.');
    expect(weight).toHaveAttribute('data-level', 'info');
    expect(sector).toHaveAttribute('data-level', 'info');
    expect(screen.queryByText(/Worth a second look/)).not.toBeInTheDocument();
  });

  it('gives a sale at a loss its context, and a first trade its lesson', async () => {
    await renderPanel(
      { side: 'SELL', quantity: 40, priceCents: 90_00 },
      { data: { ...facts, past_trades: 0 } },
    );
    const texts = items().map((item) => item.textContent);
    expect(texts[0]).toContain('This is your first trade in this contest.');
    // 40 of 80 shares cost $4,500.00; sold at $90.00: $3,600.00, $900.00 less.
    expect(texts.at(-1)).toContain(
      'These shares cost $4,500.00; selling them now brings $900.00 less (20% of what they cost).',
    );
    expect(screen.queryByText(/of your portfolio/)).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await renderPanel({}, { language: 'es' });
    expect(screen.getByRole('heading', { name: 'Entrenador' })).toBeInTheDocument();
    const [weight] = items();
    expect(weight).toHaveTextContent('Después de esta compra, AAPL será el 90');
    expect(within(weight!).getByRole('link', { name: /^Lección: / })).toHaveAttribute(
      'href',
      '/public/lessons/diversification',
    );
  });

  it('says nothing until the order has shares', async () => {
    await renderPanel({ quantity: 0 });
    expect(screen.queryByTestId('coach')).not.toBeInTheDocument();
  });
});

const contest = contestOf({
  name: 'Spring cup',
  visibility: 'public',
  owner: { id: 1, username: 'owner' },
  starts_at: '2026-01-01T00:00:00Z',
  ends_at: '2027-01-01T00:00:00Z',
  starting_cash: 10_000_00,
  commission: 5_00,
  my_contest_user: 11,
  coach: true,
});

function renderTicket(coach: boolean) {
  return renderWithApp(
    <OrderTicket
      side="BUY"
      contest={{ ...contest, coach }}
      contestUserId={11}
      security={{ id: 3, symbol: 'AAPL', name: 'Apple Inc.' } as Security}
      lastPrice={100_00}
      dailyChange={1_25}
      buyingPower={2_000_00}
      reservedCash={0}
      owned={80}
      reservedShares={0}
      marketOpen
    />,
    { queryClient: withFacts() },
  );
}

describe('the order ticket’s coach', { timeout: 20_000 }, () => {
  it('follows the shares being typed, before the review', async () => {
    await renderTicket(true);
    // Nothing is loaded for it until the student is in the ticket.
    expect(screen.queryByTestId('coach')).not.toBeInTheDocument();
    const shares = screen.getByLabelText('Shares');
    await userEvent.click(shares);
    const coach = await screen.findByTestId('coach');
    expect(coach).toHaveTextContent('AAPL will be 81% of your portfolio');
    await userEvent.clear(shares);
    await userEvent.type(shares, '15');
    expect(screen.getByTestId('coach')).toHaveTextContent('AAPL will be 95% of your portfolio');
    expect(screen.queryByRole('heading', { name: 'Check your order' })).not.toBeInTheDocument();
  });

  it('is hidden when the contest’s coach is off', async () => {
    await renderTicket(false);
    expect(screen.getByRole('button', { name: 'Review buy order' })).toBeInTheDocument();
    expect(screen.queryByTestId('coach')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Coach' })).not.toBeInTheDocument();
  });
});
