import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RiskBoardSetting } from '@bullpen/contract/contests';
import type { RiskBoard, RiskBoardLine } from '@bullpen/contract/risk-board';
import { createTestQueryClient, renderWithApp } from '@/test/render.tsx';
import { contestOf } from '@/test/contest.ts';
import { leaderboardQueryOptions } from '../api/contest-users-queries.ts';
import { riskBoardQueryOptions } from '../api/risk-board-api.ts';
import { ContestRules } from './ContestRules.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { RankingTabs } from './RankingTabs.tsx';

const contest = contestOf({
  starts_at: new Date(2026, 2, 4, 9, 30).toISOString(),
  ends_at: new Date(2026, 3, 4, 16, 0).toISOString(),
});

function line(overrides: Partial<RiskBoardLine>): RiskBoardLine {
  return {
    rank: 1,
    status: 'ranked',
    contest_user: 10,
    user: { id: 1, username: 'ana', first_name: 'Ana', avatar: null },
    value: 10_500_000,
    return_ratio: 0.05,
    sharpe_ratio: 2.345,
    max_drawdown_bps: 150,
    trading_days: 6,
    ...overrides,
  };
}

/** A client holding the value ranking and the risk board's first page. */
function withBoards(setting: RiskBoardSetting, results: RiskBoardLine[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(leaderboardQueryOptions(7, 1).queryKey, {
    count: 0,
    next: null,
    previous: null,
    results: [],
  });
  const board: RiskBoard = { count: results.length, next: null, previous: null, results, setting };
  queryClient.setQueryData(riskBoardQueryOptions(7, 1).queryKey, board);
  return queryClient;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the rankings’ tabs', () => {
  it('explain the Sharpe ranking and who is not ranked yet, in English', async () => {
    const setting = { mode: 'sharpe', min_trading_days: 5, max_drawdown_bps: 2000 } as const;
    await renderWithApp(
      <RankingTabs
        contest={{ ...contest, risk_board: setting }}
        valueRanking={<Leaderboard contestId={7} myContestUser={20} />}
      />,
      {
        queryClient: withBoards(setting, [
          line({}),
          line({
            rank: null,
            status: 'needs_days',
            contest_user: 20,
            user: { id: 2, username: 'beto', first_name: 'Beto', avatar: null },
            sharpe_ratio: null,
            trading_days: 2,
          }),
        ]),
      },
    );
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Value', 'Risk-adjusted']);
    const user = userEvent.setup();
    // The keyboard moves between the tabs, as the tabs pattern has it.
    screen.getByRole('tab', { name: 'Value' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Risk-adjusted' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByText(/Sharpe ratio: how much you gained for each bit of up-and-down/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Everyone is ranked after 5 trading days/)).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', 'Player', 'Sharpe ratio', 'Return']);
    expect(screen.getByRole('row', { name: /ana/ })).toHaveTextContent('2.35');
    const beto = screen.getByRole('row', { name: /beto/ });
    expect(within(beto).getByRole('rowheader')).toHaveTextContent(
      'beto (you)Not ranked yet: needs 5 trading days',
    );
  });

  it('explain the drawdown ranking and who is past the limit, in Spanish', async () => {
    const setting = { mode: 'drawdown', min_trading_days: 5, max_drawdown_bps: 2000 } as const;
    await renderWithApp(
      <RankingTabs
        contest={{ ...contest, risk_board: setting }}
        valueRanking={<Leaderboard contestId={7} myContestUser={20} />}
      />,
      {
        language: 'es',
        queryClient: withBoards(setting, [
          line({}),
          line({
            rank: null,
            status: 'past_limit',
            contest_user: 30,
            user: { id: 3, username: 'cleo', first_name: 'Cleo', avatar: null },
            max_drawdown_bps: 3500,
            return_ratio: 0.4,
          }),
        ]),
      },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Ajustada al riesgo' }));
    expect(
      await screen.findByText(/nunca cayó más de un 20.00% desde su punto más alto/),
    ).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Puesto', 'Jugador', 'Mayor caída', 'Rendimiento']);
    const cleo = screen.getByRole('row', { name: /cleo/ });
    expect(cleo).toHaveTextContent('Pasó el límite de caída');
    expect(cleo).toHaveTextContent('35.00%');
    expect(within(cleo).getAllByRole('cell')[0]).toHaveTextContent('–');
  });
});

describe('the owner’s setting', { timeout: 20_000 }, () => {
  it('checks the figures, then saves the ranking with PATCH', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}'));
      return new Response(
        JSON.stringify({ ...contest, is_owner: true, can_manage: true, risk_board: body }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await renderWithApp(
      <ContestRules contest={{ ...contest, is_owner: true, can_manage: true }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Risk-adjusted ranking' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Risk-adjusted ranking for Class 6B',
    });
    await user.click(within(dialog).getByRole('combobox', { name: 'Ranking' }));
    await user.click(await screen.findByRole('option', { name: 'Sharpe ratio (steady gains)' }));
    const days = within(dialog).getByRole('textbox', {
      name: 'Trading days before a player is ranked',
    });
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a whole number of trading days from 1 to 60.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(days);
    await user.type(days, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/contests/7/risk-board/');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      mode: 'sharpe',
      min_trading_days: 10,
      max_drawdown_bps: 2000,
    });
    expect(await screen.findByText('The risk-adjusted ranking is saved.')).toBeInTheDocument();
  });
});
