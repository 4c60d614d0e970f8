import { contestMessages } from '@bullpen/contract/contests';
import { reviewMessages, type ContestReview } from '@bullpen/contract/contest-review';
import { requireContestUser } from '../contests/portfolios-service.ts';
import type { ContestUserRow } from '../contests/presenter.ts';
import { contestView } from '../contests/service.ts';
import { contestStatus, type ContestRow } from '../contests/status.ts';
import type { UserRow } from '../users/presenter.ts';
import { conflict, forbidden, notFound } from '../platform/errors.ts';
import type { Executor } from '../db/connection.ts';
import { newYorkDay } from '../market/calendar.ts';
import type { MarketContext } from '../market/service.ts';
import { securityBySymbol } from '../market/universe.ts';
import { entriesOf } from './actions-queries.ts';
import { ledgerAdjustmentsOf } from './adjustments-queries.ts';
import { filledOrdersOf, valuesOf } from './queries.ts';
import { contestReview, type ReviewAction } from './review.ts';

const DAY_MS = 86_400_000;

/**
 * The sector index funds: together they hold the S&P 500, so an even mix of them is "the
 * market" for the review and for the portfolio statistics' beta (portfolio.ts).
 */
export function indexFundSymbols(market: MarketContext): string[] {
  return market.provider
    .securities()
    .filter((security) => security.kind === 'etf')
    .map((security) => security.symbol);
}

/**
 * The review is the student's own, and their teacher's: the portfolio's member and the
 * contest's owner (a class contest's teacher) may read it. Another member, who may see the
 * portfolio itself, gets 403; anyone who may not see the contest, 404. Only an ended contest
 * has a review (409 before).
 */
export async function requireReviewablePortfolio(
  db: Executor,
  viewer: UserRow,
  contestUserId: number,
  now: Date,
): Promise<{ contestUser: ContestUserRow; contest: ContestRow }> {
  const contestUser = await requireContestUser(db, contestUserId);
  const view = await contestView(db, contestUser.contestId, viewer.id);
  if (!view) throw notFound(contestMessages.portfolioNotFound);
  const allowed = contestUser.userId === viewer.id || view.contest.ownerId === viewer.id;
  if (!allowed) {
    const seesContest = view.viewerContestUserId !== null || view.contest.visibility === 'public';
    throw seesContest
      ? forbidden(reviewMessages.notYours)
      : notFound(contestMessages.portfolioNotFound);
  }
  if (contestStatus(view.contest, now) !== 'ended') throw conflict(reviewMessages.notEnded);
  return { contestUser, contest: view.contest };
}

/**
 * GET /api/contest-users/{id}/review/: reads what the review replays (fills, dividends and
 * splits, value points, the closes of every stock it held and of the index fund) and hands it
 * to `contestReview`. The route checks who may see it and that the contest has ended.
 */
export async function reviewOf(
  db: Executor,
  market: MarketContext,
  contestUser: ContestUserRow,
  contest: ContestRow,
): Promise<ContestReview> {
  const now = market.clock.now().getTime();
  const end = Math.min(now, contest.endsAt.getTime());
  const start = contest.startsAt.getTime();
  const [fills, entries, allValues, adjustments] = await Promise.all([
    filledOrdersOf(db, contestUser.id),
    entriesOf(db, contestUser.id),
    valuesOf(db, contestUser.id),
    ledgerAdjustmentsOf(db, contestUser.id),
  ]);
  // A reset starts the portfolio again: the review counts what came after the last one.
  const lines = adjustments.filter((line) => line.createdAt.getTime() <= end);
  const reset = lines.filter((line) => line.kind === 'reset').at(-1) ?? null;
  const resetAt = reset?.createdAt.getTime() ?? Number.NEGATIVE_INFINITY;
  const values = allValues.filter((point) => point.createdAt.getTime() >= resetAt);
  const inContest = fills
    .filter((fill) => fill.id > (reset?.lastOrderId ?? 0))
    .map((fill) => ({ ...fill, at: fill.closedAt ?? fill.createdAt }))
    .filter((fill) => fill.at.getTime() <= end);
  const actions: ReviewAction[] = entries.flatMap((entry): ReviewAction[] => {
    if (entry.kind === 'split' && entry.effectiveAt.getTime() <= end) {
      // A split before the reset touched shares the reset removed.
      if (entry.effectiveAt.getTime() <= resetAt) return [];
      return [
        {
          kind: 'split',
          at: entry.effectiveAt,
          symbol: entry.symbol,
          sharesBefore: entry.shares,
          sharesAfter: entry.sharesAfter ?? entry.shares,
          cashCents: entry.cashCents,
        },
      ];
    }
    const paidAt = entry.payAt ?? entry.effectiveAt;
    const paidAfterReset = (entry.closedAt ?? paidAt).getTime() > resetAt;
    if (
      entry.kind === 'dividend' &&
      entry.status === 'paid' &&
      paidAt.getTime() <= end &&
      paidAfterReset
    ) {
      return [{ kind: 'dividend', at: paidAt, symbol: entry.symbol, cashCents: entry.cashCents }];
    }
    return [];
  });
  const symbols = [...new Set(inContest.map((fill) => fill.symbol))];
  const closes = new Map(
    await Promise.all(
      symbols.map(async (symbol) => {
        const points = await market.provider
          .dailyCloses(symbol, start - 7 * DAY_MS, end)
          .catch(() => []);
        const byDay = new Map(points.map((point) => [newYorkDay(point.time), point.cents]));
        return [symbol, byDay] as const;
      }),
    ),
  );
  const endPrices = new Map(
    await Promise.all(
      symbols.map(
        async (symbol) =>
          [
            symbol,
            (await market.provider.quote(symbol, end).catch(() => null))?.lastCents ?? 0,
          ] as const,
      ),
    ),
  );
  const indexFunds = (
    await Promise.all(
      indexFundSymbols(market).map(async (symbol) => {
        const [first, last] = await Promise.all([
          market.provider.quote(symbol, start).catch(() => null),
          market.provider.quote(symbol, end).catch(() => null),
        ]);
        return first && last
          ? [{ symbol, startCents: first.lastCents, endCents: last.lastCents }]
          : [];
      }),
    )
  ).flat();
  const review = contestReview({
    startingCashCents: contest.startingCashCents,
    endAt: new Date(end),
    fills: inContest.map((fill) => ({
      at: fill.at,
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      cashDeltaCents: fill.cashDeltaCents ?? 0,
      commissionCents: fill.commissionCents,
    })),
    actions,
    adjustments: lines
      .filter((line) => line.kind === 'cash' && line.id > (reset?.id ?? 0))
      .map((line) => ({ at: line.createdAt, cashCents: line.amountCents })),
    resetAt: reset?.createdAt ?? null,
    values,
    closes,
    endPrices,
    names: new Map(symbols.map((symbol) => [symbol, securityBySymbol.get(symbol)?.name ?? symbol])),
    indexFunds,
  });
  return {
    contest: {
      id: contest.id,
      name: contest.name,
      starts_at: contest.startsAt.toISOString(),
      ends_at: contest.endsAt.toISOString(),
    },
    ...review,
  };
}
