import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewMessages } from '@bullpen/contract/contest-review';
import { contestMessages } from '@bullpen/contract/contests';
import { orders } from '../db/schema/index.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  marketTimes,
  postOrder,
  type TestApp,
} from '../test/app.ts';
import { dayNumber } from '../market/calendar.ts';
import { contestReview, type ReviewInput } from './review.ts';

/**
 * A contest's review (docs/features.md "Contest review"): the figures by hand on a small
 * ledger, then the route with the allowed and the refused users.
 */
const at = (iso: string) => new Date(iso);
const d16 = dayNumber(2026, 11, 16);
const d17 = dayNumber(2026, 11, 17);
const d18 = dayNumber(2026, 11, 18);

function ledger(overrides: Partial<ReviewInput> = {}): ReviewInput {
  return {
    startingCashCents: 100_000,
    endAt: at('2026-11-19T18:00:00Z'),
    fills: [
      {
        at: at('2026-11-16T15:00:00Z'),
        symbol: 'AAPL',
        side: 'BUY',
        quantity: 2,
        cashDeltaCents: -40_100,
        commissionCents: 100,
      },
      {
        at: at('2026-11-16T15:05:00Z'),
        symbol: 'KO',
        side: 'BUY',
        quantity: 5,
        cashDeltaCents: -30_100,
        commissionCents: 100,
      },
      {
        at: at('2026-11-17T15:00:00Z'),
        symbol: 'AAPL',
        side: 'SELL',
        quantity: 2,
        cashDeltaCents: 41_900,
        commissionCents: 100,
      },
    ],
    actions: [{ kind: 'dividend', at: at('2026-11-18T14:30:00Z'), symbol: 'KO', cashCents: 250 }],
    adjustments: [],
    resetAt: null,
    values: [
      { createdAt: at('2026-11-16T21:00:00Z'), valueCents: 99_500 },
      { createdAt: at('2026-11-17T21:00:00Z'), valueCents: 100_300 },
      { createdAt: at('2026-11-18T21:00:00Z'), valueCents: 100_700 },
    ],
    closes: new Map([
      ['AAPL', new Map([[d16, 20_500]])],
      [
        'KO',
        new Map([
          [d16, 5_900],
          [d17, 6_000],
          [d18, 5_950],
        ]),
      ],
    ]),
    endPrices: new Map([
      ['AAPL', 21_500],
      ['KO', 5_800],
    ]),
    names: new Map([
      ['AAPL', 'Apple Inc.'],
      ['KO', 'The Coca-Cola Company'],
    ]),
    indexFunds: [
      { symbol: 'XLK', startCents: 50_000, endCents: 51_000 },
      { symbol: 'XLE', startCents: 20_000, endCents: 19_000 },
    ],
    ...overrides,
  };
}

describe('the review’s figures', () => {
  it('adds the ledger up: value, decisions, fees, dividends and the index fund', () => {
    const review = contestReview(ledger());
    // Cash 100,000 − 40,100 − 30,100 + 41,900 + 250 = 71,950; 5 KO at 58.00 = 29,000.
    expect(review.final_value).toBe(100_950);
    expect(review.return_ratio).toBeCloseTo(0.0095, 12);
    expect(review.best).toEqual([
      { symbol: 'AAPL', name: 'Apple Inc.', profit: 1_800, bought: 40_100, shares_at_end: 0 },
    ]);
    expect(review.worst).toEqual([
      {
        symbol: 'KO',
        name: 'The Coca-Cola Company',
        profit: 250 + 29_000 - 30_100,
        bought: 30_100,
        shares_at_end: 5,
      },
    ]);
    expect(review.trades).toBe(3);
    expect(review.commissions).toBe(300);
    expect(review.dividends).toBe(250);
    // Half the cash in each: 50,000 × 1.02 + 50,000 × 0.95.
    expect(review.index_funds).toEqual({
      symbols: ['XLK', 'XLE'],
      final_value: 98_500,
      return_ratio: (51_000 / 50_000 + 19_000 / 20_000) / 2 - 1,
    });
  });

  it('adds a teacher’s cash adjustments to the final value, beside the decisions', () => {
    const review = contestReview(
      ledger({
        adjustments: [
          { at: at('2026-11-17T16:00:00Z'), cashCents: 5_000 },
          { at: at('2026-11-18T16:00:00Z'), cashCents: -1_200 },
        ],
      }),
    );
    expect(review.final_value).toBe(100_950 + 3_800);
    expect(review.adjustments).toBe(3_800);
    const profits = [...review.best, ...review.worst].reduce((sum, line) => sum + line.profit, 0);
    expect(review.starting_cash + profits + review.adjustments).toBe(review.final_value);
    expect(review.reset_at).toBeNull();
  });

  it('follows how spread out the portfolio was at each close, then at the end', () => {
    const { diversification } = contestReview(ledger());
    expect(diversification.map((point) => point.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
    ]);
    const [first, second, third, end] = diversification;
    expect(first).toEqual({
      date: '2026-11-16',
      value: 99_500,
      holdings: 2,
      largest_weight_ratio: 41_000 / 99_500,
      cash_ratio: 1 - (41_000 + 29_500) / 99_500,
    });
    expect(second?.holdings).toBe(1);
    expect(second?.largest_weight_ratio).toBeCloseTo(30_000 / 100_300, 12);
    expect(third?.largest_weight_ratio).toBeCloseTo(29_750 / 100_700, 12);
    expect(end).toEqual({
      date: '2026-11-19',
      value: 100_950,
      holdings: 1,
      largest_weight_ratio: 29_000 / 100_950,
      cash_ratio: 1 - 29_000 / 100_950,
    });
  });

  it('replays a split, leaves out what came after the end, and samples a long contest', () => {
    const split = contestReview(
      ledger({
        actions: [
          {
            kind: 'split',
            at: at('2026-11-17T21:00:00Z'),
            symbol: 'KO',
            sharesBefore: 5,
            sharesAfter: 10,
            cashCents: 0,
          },
        ],
        endPrices: new Map([['KO', 2_900]]),
      }),
    );
    expect(split.worst[0]?.shares_at_end).toBe(10);
    expect(split.final_value).toBe(100_000 - 40_100 - 30_100 + 41_900 + 10 * 2_900);
    expect(split.dividends).toBe(0);

    const long = contestReview(
      ledger({
        endAt: at('2027-02-26T18:00:00Z'),
        values: Array.from({ length: 70 }, (_, index) => ({
          createdAt: new Date(Date.parse('2026-11-16T21:00:00Z') + index * 86_400_000),
          valueCents: 100_000 + index,
        })),
      }),
    );
    expect(long.diversification.length).toBeLessThanOrEqual(12);
    expect(long.diversification.length).toBeGreaterThanOrEqual(8);
    expect(long.diversification.at(-1)?.date).toBe('2027-02-26');
  });

  it('has no best decision without a gain and no index fund without its prices', () => {
    const review = contestReview(ledger({ fills: [], actions: [], indexFunds: [] }));
    expect(review.final_value).toBe(100_000);
    expect(review.best).toEqual([]);
    expect(review.worst).toEqual([]);
    expect(review.index_funds).toBeNull();
  });
});

describe('GET /api/contest-users/{id}/review/', () => {
  let t: TestApp;
  const COMMISSION = 100;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  function pin(instant: Date | string) {
    const pinned = new Date(instant);
    t.app.market.clock.now = () => pinned;
  }

  async function securityId(symbol: string): Promise<number> {
    const page = (await t.app.inject({ url: `/api/securities/?search=${symbol}` })).json();
    return page.results.find((row: { symbol: string }) => row.symbol === symbol).id as number;
  }

  const review = (who: { auth: Record<string, string> } | null, id: number) =>
    t.app.inject({ url: `/api/contest-users/${id}/review/`, headers: who?.auth ?? {} });

  it('gives the student and the contest’s owner the review once the contest has ended', async () => {
    pin(marketTimes.open);
    const ends = '2026-11-19T18:00:00Z';
    const owner = await buildUser(t.deps, { is_teacher: true });
    const contest = await buildContest(t, owner, {
      commission: COMMISSION,
      visibility: 'private',
      ends_at: ends,
    });
    const student = await buildUser(t.deps);
    const classmate = await buildUser(t.deps);
    const stranger = await buildUser(t.deps);
    const join = async (who: { auth: Record<string, string> }) => {
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/contest-users/',
        headers: who.auth,
        payload: { contest: contest.id, code: contest.join_code },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      return joined.json().id as number;
    };
    const mine = await join(student);
    await join(classmate);
    const [aapl, ko] = [await securityId('AAPL'), await securityId('KO')];
    for (const [security, order_type, quantity] of [
      [aapl, 'BUY', 3],
      [ko, 'BUY', 4],
    ] as const) {
      const placed = await postOrder(t, student, {
        contest_user: mine,
        security,
        order_type,
        quantity,
      });
      expect(placed.statusCode, placed.body).toBe(201);
    }
    pin('2026-11-19T15:00:00Z');
    const sold = await postOrder(t, student, {
      contest_user: mine,
      security: aapl,
      order_type: 'SELL',
      quantity: 3,
    });
    expect(sold.statusCode, sold.body).toBe(201);

    // Before the end: not yet.
    const early = await review(student, mine);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: reviewMessages.notEnded });

    pin('2026-11-20T15:00:00Z');
    const answer = await review(student, mine);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.contest).toMatchObject({ id: contest.id, ends_at: new Date(ends).toISOString() });
    expect(body.trades).toBe(3);
    expect(body.commissions).toBe(3 * COMMISSION);

    // Each stock's profit from its fills' cash and the price at the end.
    const rows = await t.deps.db.select().from(orders).where(eq(orders.contestUserId, mine));
    const cashOf = (symbol: string) =>
      rows
        .filter((row) => row.symbol === symbol)
        .reduce((sum, row) => sum + row.cashDeltaCents!, 0);
    const koAtEnd = (await t.app.market.provider.quote('KO', Date.parse(ends)))!.lastCents;
    const profits = new Map([
      ['AAPL', cashOf('AAPL')],
      ['KO', cashOf('KO') + 4 * koAtEnd],
    ]);
    const shown = [...body.best, ...body.worst] as { symbol: string; profit: number }[];
    for (const decision of shown) expect(decision.profit).toBe(profits.get(decision.symbol));
    expect(shown.map((decision) => decision.symbol).sort()).toEqual(
      [...profits]
        .filter(([, profit]) => profit !== 0)
        .map(([symbol]) => symbol)
        .sort(),
    );
    expect(body.final_value).toBe(1_000_000 + cashOf('AAPL') + cashOf('KO') + 4 * koAtEnd);
    const startsAt = Date.parse(body.contest.starts_at);
    const growth = await Promise.all(
      (body.index_funds.symbols as string[]).map(async (symbol) => {
        const [first, last] = [
          await t.app.market.provider.quote(symbol, startsAt),
          await t.app.market.provider.quote(symbol, Date.parse(ends)),
        ];
        return last!.lastCents / first!.lastCents;
      }),
    );
    expect(body.index_funds.symbols.length).toBeGreaterThan(5);
    expect(body.index_funds.return_ratio).toBeCloseTo(
      growth.reduce((sum, value) => sum + value, 0) / growth.length - 1,
      12,
    );
    expect(body.diversification.at(-1)).toMatchObject({ date: '2026-11-19', holdings: 1 });

    // The owner (the teacher) may read it; a classmate may not; a stranger does not see it.
    expect((await review(owner, mine)).statusCode).toBe(200);
    const classmateAnswer = await review(classmate, mine);
    expect(classmateAnswer.statusCode).toBe(403);
    expect(classmateAnswer.json()).toEqual({ error: reviewMessages.notYours });
    const strangerAnswer = await review(stranger, mine);
    expect(strangerAnswer.statusCode).toBe(404);
    expect(strangerAnswer.json()).toEqual({ error: contestMessages.portfolioNotFound });
    expect((await review(null, mine)).statusCode).toBe(401);
  });

  it('refuses an id that is not one and a portfolio that does not exist', async () => {
    const someone = await buildUser(t.deps);
    expect((await review(someone, 0)).statusCode).toBe(400);
    expect((await review(someone, 2_000_000_000)).statusCode).toBe(404);
  });
});
