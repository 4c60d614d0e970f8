import { riskBoardMessages, type RiskBoard } from '@bullpen/contract/risk-board';
import { avatarUrl, returnRatio } from './presenter.ts';
import { requireVisibleContest } from './service.ts';
import type { UserRow } from '../users/presenter.ts';
import type { Executor } from '../db/connection.ts';
import { notFound } from '../platform/errors.ts';
import { riskBoardPage } from './risk-board-queries.ts';

/**
 * GET /api/contests/{id}/risk-board/: whoever may see the contest's value ranking may see this
 * board (`requireVisibleContest`, as the leaderboard route); a contest without the option has
 * none (404). The figures are those of the last close (docs/decisions/050-risk-adjusted-board.md).
 */
export async function riskBoardOf(
  db: Executor,
  viewer: UserRow,
  contestId: number,
  page: { offset: number; limit: number },
  now: Date,
): Promise<Omit<RiskBoard, 'next' | 'previous'>> {
  const { contest } = await requireVisibleContest(db, viewer, contestId);
  if (contest.riskBoard === 'off') throw notFound(riskBoardMessages.off);
  const { rows, count } = await riskBoardPage(db, contest, page, now);
  // Not ranked: too few trading days (on the drawdown board, no close yet), or past the limit.
  const unranked = (row: { tradingDays: number }) =>
    contest.riskBoard === 'sharpe' || row.tradingDays === 0 ? 'needs_days' : 'past_limit';
  return {
    count,
    setting: {
      mode: contest.riskBoard,
      min_trading_days: contest.minTradingDays,
      max_drawdown_bps: contest.maxDrawdownBps,
    },
    // Ranked lines come first, so a ranked line's rank is its place on the board.
    results: rows.map((row, index) => ({
      rank: row.ranked ? page.offset + index + 1 : null,
      status: row.ranked ? 'ranked' : unranked(row),
      contest_user: row.contestUserId,
      user: {
        id: row.userId,
        username: row.username,
        first_name: row.firstName,
        avatar: avatarUrl(row.avatarPath),
      },
      value: row.valueCents,
      return_ratio: returnRatio(row.valueCents, contest.startingCashCents),
      sharpe_ratio: row.sharpe,
      max_drawdown_bps: row.maxDrawdownBps,
      trading_days: row.tradingDays,
    })),
  };
}
