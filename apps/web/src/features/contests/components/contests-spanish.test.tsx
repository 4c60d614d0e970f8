import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { contestMessages } from '@bullpen/contract/contests';
import { i18n } from '@/lib/i18n.ts';
import { createTestQueryClient, renderWithApp, setTestLanguage } from '@/test/render.tsx';
import { contestOf } from '@/test/contest.ts';
import { leaderboardQueryOptions, type LeaderboardEntry } from '../api/contest-users-queries.ts';
import { ContestCard } from './ContestCard.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { PortfolioSummary } from './PortfolioSummary.tsx';

function entry(rank: number, username: string, value: number, returnRatio: number) {
  return {
    rank,
    contest_user: rank * 10,
    user: { id: rank, username, first_name: username, avatar: null },
    value,
    return_ratio: returnRatio,
  } satisfies LeaderboardEntry;
}

function withLeaderboard(rows: LeaderboardEntry[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(leaderboardQueryOptions(7, 1).queryKey, {
    count: rows.length,
    next: null,
    previous: null,
    results: rows,
  });
  return queryClient;
}

const contest = contestOf({
  name: 'Clase 6B',
  owner: { id: 1, username: 'profe' },
  starts_at: new Date(2026, 2, 4, 9, 30).toISOString(),
  ends_at: new Date(2026, 3, 4, 16, 0).toISOString(),
  members_count: 1,
});

describe('the leaderboard', () => {
  const rows = [entry(1, 'ana', 11_234_550, 0.1234), entry(2, 'beto', 9_500_000, -0.05)];

  it('speaks Spanish: headings, "(tú)" for the viewer, dollars and signed percentages', async () => {
    await renderWithApp(<Leaderboard contestId={7} myContestUser={20} />, {
      language: 'es',
      queryClient: withLeaderboard(rows),
    });
    expect(screen.getByRole('heading', { name: 'Clasificación' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Puesto', 'Jugador', 'Valor', 'Rendimiento']);
    const beto = screen.getByRole('row', { name: /beto/ });
    expect(within(beto).getByRole('rowheader')).toHaveTextContent('beto (tú)');
    expect(beto).toHaveTextContent('$95,000.00');
    expect(beto).toHaveTextContent('\u22125.00%');
    expect(screen.getByRole('row', { name: /ana/ })).toHaveTextContent('+12.34%');
  });

  it('says nobody has joined, in Spanish, when the board is empty', async () => {
    await renderWithApp(<Leaderboard contestId={7} myContestUser={null} />, {
      language: 'es',
      queryClient: withLeaderboard([]),
    });
    expect(screen.getByText('Todavía no se ha unido nadie.')).toBeInTheDocument();
  });

  it('keeps its English words in English', async () => {
    await renderWithApp(<Leaderboard contestId={7} myContestUser={20} />, {
      language: 'en',
      queryClient: withLeaderboard(rows),
    });
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', 'Player', 'Value', 'Return']);
    expect(screen.getByRole('rowheader', { name: /beto/ })).toHaveTextContent('beto (you)');
  });
});

describe('the portfolio summary in Spanish', () => {
  it('names its three figures and keeps money in dollars', async () => {
    await renderWithApp(
      <PortfolioSummary cash={123_456} value={10_250_075} returnRatio={0.025} />,
      {
        language: 'es',
      },
    );
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Valor de la cartera', 'Efectivo', 'Rendimiento']);
    const details = screen.getAllByRole('definition').map((detail) => detail.textContent);
    expect(details).toEqual(['$102,500.75', '$1,234.56', '+2.50%']);
  });
});

describe('a contest card in Spanish', () => {
  it('shows the status, Spanish dates and a singular player count', async () => {
    await renderWithApp(
      <ul>
        <ContestCard contest={contest} />
      </ul>,
      { language: 'es' },
    );
    expect(screen.getByText('Activo')).toBeInTheDocument();
    expect(
      screen.getByText(/^4 mar 2026, 9:30\s?a\.\s?m\. – 4 abr 2026, 4:00\s?p\.\s?m\. · 1 jugador$/),
    ).toBeInTheDocument();
  });

  it('counts players in the plural', async () => {
    await renderWithApp(
      <ul>
        <ContestCard contest={{ ...contest, members_count: 3 }} />
      </ul>,
      { language: 'en' },
    );
    expect(screen.getByText(/· 3 players$/)).toBeInTheDocument();
  });
});

describe('the catalogues keep the spec’s messages word for word in English', () => {
  it('frozen contest, missing description', async () => {
    await setTestLanguage('en');
    expect(i18n.t('contests:frozen')).toBe(contestMessages.frozen);
    const { messages } = await import('@bullpen/contract/messages');
    expect(i18n.t('market:info.noDescription', { name: 'Acme' })).toBe(
      messages.noDescription('Acme'),
    );
    expect(i18n.t('validation:chipNone')).toBe(messages.chipNone);
  });
});
