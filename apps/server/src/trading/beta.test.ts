import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contestUserValues } from '../db/schema/trading.ts';
import { newYorkDay } from '../market/calendar.ts';
import { buildContest, buildUser, marketTimes, testAppForFile } from '../test/app.ts';
import { evenMixLevels } from './review.ts';
import { indexFundSymbols } from './review-service.ts';

/**
 * The portfolio statistics' beta is measured against the even mix of the sector index funds
 * (review.ts), the simulated market's own: a portfolio that held that mix has a beta of 1.
 */

const t = testAppForFile();

describe('beta against the sector funds', () => {
  it('comes out, at 1 for a portfolio worth the funds’ even mix at each close', async () => {
    t.app.market.clock.now = () => marketTimes.open;
    const owner = await buildUser(t.deps, { is_teacher: true });
    const contest = await buildContest(t, owner);
    const now = marketTimes.open.getTime();
    const from = now - 10 * 86_400_000;
    const symbols = indexFundSymbols(t.app.market);
    expect(symbols.length).toBeGreaterThanOrEqual(11);
    const closes = await Promise.all(
      symbols.map((symbol) => t.app.market.provider.dailyCloses(symbol, from, now)),
    );
    // The closes before today's session, at their instants.
    const instants = new Map(
      closes[0]!
        .filter((close) => newYorkDay(close.time) < newYorkDay(now))
        .map((close) => [newYorkDay(close.time), close.time]),
    );
    const levels = evenMixLevels(
      closes.map((points) =>
        points.map((close) => ({ day: newYorkDay(close.time), cents: close.cents })),
      ),
    ).filter((point) => instants.has(point.day));
    expect(levels.length).toBeGreaterThanOrEqual(5);
    // The portfolio's history is the mix's, from the starting cash.
    await t.deps.db
      .delete(contestUserValues)
      .where(eq(contestUserValues.contestUserId, contest.my_contest_user));
    await t.deps.db.insert(contestUserValues).values(
      levels.map((point) => ({
        contestUserId: contest.my_contest_user,
        valueCents: Math.round(contest.starting_cash * point.level),
        createdAt: new Date(instants.get(point.day)!),
      })),
    );
    const stats = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio-stats/',
      headers: owner.auth,
      payload: { contest_user: contest.my_contest_user },
    });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().beta).toBeCloseTo(1, 3);
  });
});
