import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contestMessages } from '@bullpen/contract/contests';
import { tradingMessages } from '@bullpen/contract/trading';
import { contests, orders } from '../db/schema/index.ts';
import { ANNOUNCE_GAP_MS } from './jobs.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  marketTimes,
  postOrder,
  type TestApp,
} from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.app.market.clock.now = () => marketTimes.open;
});
afterAll(async () => t.close());

type Player = Awaited<ReturnType<typeof buildUser>>;

async function security(symbol: string) {
  const page = (await t.app.inject({ url: `/api/securities/?search=${symbol}` })).json();
  const found = page.results.find((row: { symbol: string }) => row.symbol === symbol);
  return found as { id: number; symbol: string; last_price: number };
}

const order = (who: Player, payload: Record<string, unknown>, headers?: Record<string, string>) =>
  postOrder(t, who, payload, headers);

async function holdings(who: Player, contestUser: number) {
  return (
    await t.app.inject({
      url: `/api/contest-user-securities/?contest_user=${contestUser}`,
      headers: who.auth,
    })
  ).json();
}

describe('market orders during market hours', () => {
  it('buys at the current price with commission, and sells with realised profit', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { commission: 100 });
    const apple = await security('AAPL');
    const bought = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: 10,
    });
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toMatchObject({
      status: 'filled',
      order_type: 'BUY',
      kind: 'market',
      quantity: 10,
      fill_price: apple.last_price,
      commission: 100,
      total: -(apple.last_price * 10 + 100),
    });
    const after = await holdings(owner, contest.my_contest_user);
    expect(after.cash).toBe(1_000_000 - apple.last_price * 10 - 100);
    expect(after.value).toBe(after.cash + apple.last_price * 10);
    expect(after.results).toEqual([
      expect.objectContaining({
        symbol: 'AAPL',
        share: 10,
        cost_basis: apple.last_price * 10,
        last_price: apple.last_price,
        value: apple.last_price * 10,
        gain_ratio: 0,
      }),
    ]);

    // The price moves a day later; selling 4 of 10 realises the gain on those 4.
    const later = new Date(marketTimes.open.getTime() + 86_400_000);
    t.app.market.clock.now = () => later;
    const moved = await security('AAPL');
    const sold = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'SELL',
      quantity: 4,
    });
    expect(sold.json()).toMatchObject({
      status: 'filled',
      fill_price: moved.last_price,
      total: moved.last_price * 4 - 100,
    });
    const stats = (
      await t.app.inject({
        method: 'POST',
        url: '/api/portfolio-stats/',
        headers: owner.auth,
        payload: { contest_user: contest.my_contest_user },
      })
    ).json();
    expect(stats.realized_pnl).toBe((moved.last_price - apple.last_price) * 4);
    expect(stats.commissions).toBe(200);
    expect(stats.cash + 6 * moved.last_price).toBe(stats.value);
    expect(stats.value).toBe(
      1_000_000 + stats.realized_pnl + stats.unrealized_pnl - stats.commissions,
    );
    expect(stats.sector_weights.map((row: { sector: string }) => row.sector)).toContain('Cash');

    const history = (
      await t.app.inject({
        url: `/api/contest-user-orders/?contest_user=${contest.my_contest_user}`,
        headers: owner.auth,
      })
    ).json();
    expect(history.results.map((row: { order_type: string }) => row.order_type)).toEqual([
      'SELL',
      'BUY',
    ]);
    const values = (
      await t.app.inject({
        url: `/api/contest-user-values/?contest_user=${contest.my_contest_user}`,
        headers: owner.auth,
      })
    ).json();
    expect(values.results).toHaveLength(3);
  });

  it('refuses, and writes nothing for, a buy over the cash or a sale over the shares', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { starting_cash: 10_000 });
    const apple = await security('AAPL');
    const tooMuch = Math.floor(10_000 / apple.last_price) + 1;
    const buy = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: tooMuch,
    });
    expect(buy.statusCode).toBe(400);
    expect(buy.json().non_field_errors[0]).toMatch(
      /^Not enough cash: this order needs \$[\d,]+\.\d\d and you have \$100\.00\.$/,
    );
    const sell = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'SELL',
      quantity: 1,
    });
    expect(sell.json()).toEqual({ non_field_errors: ['You own 0 shares; you cannot sell 1.'] });
    const rows = await t.deps.db
      .select()
      .from(orders)
      .where(eq(orders.contestUserId, contest.my_contest_user));
    expect(rows).toEqual([]);
    expect((await holdings(owner, contest.my_contest_user)).cash).toBe(10_000);
  });

  it('answers bad orders per field', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const bad = await order(owner, {
      contest_user: contest.my_contest_user,
      security: 1,
      order_type: 'HOLD',
      quantity: 1.5,
    });
    expect(bad.json()).toEqual({
      order_type: [expect.any(String)],
      quantity: ['Enter a whole number of shares.'],
    });
    const zero = await order(owner, {
      contest_user: contest.my_contest_user,
      security: 1,
      order_type: 'BUY',
      quantity: 0,
    });
    expect(zero.json()).toEqual({ quantity: ['Buy or sell at least 1 share.'] });
    const limitless = await order(owner, {
      contest_user: contest.my_contest_user,
      security: 1,
      order_type: 'BUY',
      quantity: 1,
      kind: 'limit',
    });
    expect(limitless.json()).toEqual({ limit_price: [tradingMessages.limitRequired] });
    const unknown = await order(owner, {
      contest_user: contest.my_contest_user,
      security: 999_999,
      order_type: 'BUY',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
    const badKey = await order(
      owner,
      { contest_user: contest.my_contest_user, security: 1, order_type: 'BUY', quantity: 1 },
      { 'idempotency-key': 'a b' },
    );
    expect(badKey.statusCode).toBe(400);
  });

  it('enforces the position-weight rule', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { max_position_weight: 10 });
    const apple = await security('AAPL');
    const allowed = Math.floor((1_000_000 * 0.1) / apple.last_price);
    const over = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: allowed + 1,
    });
    expect(over.json()).toEqual({ non_field_errors: [tradingMessages.weightExceeded(10)] });
    const ok = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: allowed,
    });
    expect(ok.statusCode).toBe(201);
  });

  it('trades only between the contest dates and not while frozen', async () => {
    const owner = await buildUser(t.deps);
    const day = 86_400_000;
    const upcoming = await buildContest(t, owner, {
      starts_at: new Date(marketTimes.open.getTime() + day).toISOString(),
      ends_at: new Date(marketTimes.open.getTime() + 5 * day).toISOString(),
    });
    const payload = (contestUser: number) => ({
      contest_user: contestUser,
      security: 1,
      order_type: 'BUY',
      quantity: 1,
    });
    const early = await order(owner, payload(upcoming.my_contest_user));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: contestMessages.notStarted });

    const frozen = await buildContest(t, owner);
    await t.deps.db
      .update(contests)
      .set({ frozenAt: new Date() })
      .where(eq(contests.id, frozen.id));
    expect((await order(owner, payload(frozen.my_contest_user))).json()).toEqual({
      error: contestMessages.frozen,
    });

    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 6 * day);
    expect((await order(owner, payload(upcoming.my_contest_user))).json()).toEqual({
      error: contestMessages.ended,
    });
  });
});

describe('orders while the market is closed', () => {
  it('queues a pending invest that can be cancelled, and fills the rest at the next open at the opening price', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const apple = await security('AAPL');
    t.app.market.clock.now = () => marketTimes.weekend;
    const first = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: 3,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'pending', fill_price: null });
    const second = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: 2,
    });
    const invests = (
      await t.app.inject({
        url: `/api/contest-invests/?contest_user=${contest.my_contest_user}`,
        headers: owner.auth,
      })
    ).json();
    expect(invests.count).toBe(2);

    const other = await buildUser(t.deps);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/contest-invests/${first.json().id}/`,
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(404);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/contest-invests/${first.json().id}/`,
      headers: owner.auth,
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/contest-invests/${first.json().id}/`,
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(409);
    expect((await holdings(owner, contest.my_contest_user)).cash).toBe(1_000_000);

    // Nothing fills while the market is still closed.
    expect((await t.app.trading.run()).filled).toBe(0);
    t.app.market.clock.now = () => marketTimes.nextOpen;
    expect((await t.app.trading.run()).filled).toBe(1);
    const opening = await t.app.market.provider.quote('AAPL', marketTimes.nextOpenBell.getTime());
    const filled = (
      await t.app.inject({
        url: `/api/contest-user-orders/?contest_user=${contest.my_contest_user}`,
        headers: owner.auth,
      })
    ).json();
    const row = filled.results.find((item: { id: number }) => item.id === second.json().id);
    expect(row).toMatchObject({ status: 'filled', fill_price: opening!.lastCents });
    expect((await holdings(owner, contest.my_contest_user)).cash).toBe(
      1_000_000 - 2 * opening!.lastCents,
    );
  });

  it('refuses orders outside hours when the contest says so', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { after_hours: 'refuse' });
    t.app.market.clock.now = () => marketTimes.weekend;
    const response = await order(owner, {
      contest_user: contest.my_contest_user,
      security: 1,
      order_type: 'BUY',
      quantity: 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: tradingMessages.marketClosedRefused });
  });

  it('refuses a second pending buy that the cash set aside for the first leaves unpaid', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { starting_cash: 100_000 });
    const apple = await security('AAPL');
    t.app.market.clock.now = () => marketTimes.weekend;
    const weekendPrice = (await t.app.market.provider.quote('AAPL', marketTimes.weekend.getTime()))!
      .lastCents;
    const quantity = Math.floor(100_000 / (weekendPrice * 1.05)) - 1;
    const a = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity,
    });
    const b = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity,
    });
    expect([a.statusCode, b.statusCode]).toEqual([201, 400]);
    expect(b.json().non_field_errors[0]).toMatch(/^Not enough buying power/);
    t.app.market.clock.now = () => marketTimes.nextOpen;
    await t.app.trading.run();
    const list = (
      await t.app.inject({
        url: `/api/contest-user-orders/?contest_user=${contest.my_contest_user}`,
        headers: owner.auth,
      })
    ).json();
    expect(list.results.map((row: { status: string }) => row.status)).toEqual(['filled']);
    const after = await holdings(owner, contest.my_contest_user);
    expect(after.cash).toBeGreaterThanOrEqual(0);
    expect(after.reserved_cash).toBe(0);
  });

  it('fills a limit order only when the price reaches the limit', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const apple = await security('AAPL');
    const low = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: 1,
      kind: 'limit',
      limit_price: Math.floor(apple.last_price / 2),
    });
    expect(low.json()).toMatchObject({
      status: 'pending',
      limit_price: Math.floor(apple.last_price / 2),
    });
    const high = await order(owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: 1,
      kind: 'limit',
      limit_price: apple.last_price + 1,
    });
    expect(high.json()).toMatchObject({ status: 'filled', fill_price: apple.last_price });
    await t.app.trading.run();
    const pending = (
      await t.app.inject({
        url: `/api/contest-invests/?contest_user=${contest.my_contest_user}`,
        headers: owner.auth,
      })
    ).json();
    expect(pending.results.map((row: { id: number }) => row.id)).toEqual([low.json().id]);
  });
});

describe('who may see and trade what', () => {
  it('lets members read each other portfolios but trade only in their own', async () => {
    const owner = await buildUser(t.deps);
    const member = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const joined = (
      await t.app.inject({
        method: 'POST',
        url: '/api/contest-users/',
        headers: member.auth,
        payload: { code: contest.join_code },
      })
    ).json();
    await order(owner, {
      contest_user: contest.my_contest_user,
      security: 1,
      order_type: 'BUY',
      quantity: 1,
    });

    for (const url of [
      `/api/contest-user-securities/?contest_user=${contest.my_contest_user}`,
      `/api/contest-user-orders/?contest_user=${contest.my_contest_user}`,
      `/api/contest-user-values/?contest_user=${contest.my_contest_user}`,
      `/api/contest-invests/?contest_user=${contest.my_contest_user}`,
      `/api/contest-users/${contest.my_contest_user}/`,
    ]) {
      expect((await t.app.inject({ url, headers: member.auth })).statusCode, url).toBe(200);
    }
    const stats = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio-stats/',
      headers: member.auth,
      payload: { contest_user: contest.my_contest_user },
    });
    expect(stats.statusCode).toBe(200);

    const intrude = await order(member, {
      contest_user: contest.my_contest_user,
      security: 1,
      order_type: 'SELL',
      quantity: 1,
    });
    expect(intrude.statusCode).toBe(403);
    expect(intrude.json()).toEqual({ error: tradingMessages.notYourPortfolio });
    const own = await order(member, {
      contest_user: joined.id,
      security: 1,
      order_type: 'BUY',
      quantity: 1,
    });
    expect(own.statusCode).toBe(201);

    const stranger = await buildUser(t.deps);
    const hidden = await t.app.inject({
      url: `/api/contest-user-securities/?contest_user=${contest.my_contest_user}`,
      headers: stranger.auth,
    });
    expect(hidden.statusCode).toBe(404);
    const publicContest = await buildContest(t, owner);
    const outsider = await t.app.inject({
      url: `/api/contest-user-orders/?contest_user=${publicContest.my_contest_user}`,
      headers: stranger.auth,
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ error: contestMessages.notMember });
    const anonymous = await t.app.inject({
      url: `/api/contest-user-orders/?contest_user=${publicContest.my_contest_user}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('concurrency', () => {
  it('fills exactly the affordable number of 50 simultaneous buys, and never overdraws', async () => {
    const owner = await buildUser(t.deps);
    const apple = await security('AAPL');
    const affordable = 20;
    const contest = await buildContest(t, owner, {
      starting_cash: apple.last_price * affordable + apple.last_price - 1,
    });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        order(owner, {
          contest_user: contest.my_contest_user,
          security: apple.id,
          order_type: 'BUY',
          quantity: 1,
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(affordable);
    expect(codes.filter((code) => code === 400)).toHaveLength(50 - affordable);
    const after = await holdings(owner, contest.my_contest_user);
    expect(after.results[0].share).toBe(affordable);
    expect(after.cash).toBe(apple.last_price - 1);
  });

  it('turns 20 retries of one Idempotency-Key into one order', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        order(
          owner,
          { contest_user: contest.my_contest_user, security: 1, order_type: 'BUY', quantity: 2 },
          { 'idempotency-key': 'tap-123' },
        ),
      ),
    );
    const ids = new Set(responses.map((response) => response.json().id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(
      responses.filter((response) => response.headers['idempotent-replayed'] === 'true'),
    ).toHaveLength(19);
    const rows = await t.deps.db
      .select()
      .from(orders)
      .where(eq(orders.contestUserId, contest.my_contest_user));
    expect(rows).toHaveLength(1);
    expect((await holdings(owner, contest.my_contest_user)).results[0].share).toBe(2);
  });
});

describe('live leaderboards', () => {
  it('announces on the leaderboards channel when a fill changes a contest', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const heard: { type: string; contest: number }[] = [];
    await t.app.realtime.subscribe('leaderboards', {
      id: 'test',
      send: (data) => heard.push(JSON.parse(data)),
    });
    try {
      await order(owner, {
        contest_user: contest.my_contest_user,
        security: 1,
        order_type: 'BUY',
        quantity: 1,
      });
      // After the commit, not before the answer: soon after it.
      await expect
        .poll(() => heard)
        .toContainEqual(
          expect.objectContaining({
            channel: 'leaderboards',
            type: 'leaderboard',
            contest: contest.id,
          }),
        );
    } finally {
      t.app.realtime.unsubscribe('leaderboards', { id: 'test', send: () => {} });
    }
  });

  it('starts announcement rounds at least ANNOUNCE_GAP_MS apart, each heard', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    let heard = 0;
    const listener = {
      id: 'rounds',
      send: (data: string) => {
        const message = JSON.parse(data) as { type: string; contest: number };
        if (message.type === 'leaderboard' && message.contest === contest.id) heard += 1;
      },
    };
    await t.app.realtime.subscribe('leaderboards', listener);
    try {
      const before = performance.now();
      await t.app.trading.announce([contest.id]);
      await t.app.trading.announce([contest.id]);
      // (A timer may fire up to a millisecond early by this clock.)
      expect(performance.now() - before).toBeGreaterThanOrEqual(ANNOUNCE_GAP_MS - 2);
      expect(heard).toBe(2);
    } finally {
      t.app.realtime.unsubscribe('leaderboards', listener);
    }
  });
});

describe('values over time', () => {
  it('re-prices leaderboards while open and records every portfolio at the close', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    await order(owner, {
      contest_user: contest.my_contest_user,
      security: 1,
      order_type: 'BUY',
      quantity: 100,
    });
    const later = new Date(marketTimes.open.getTime() + 3 * 3_600_000);
    t.app.market.clock.now = () => later;
    expect((await t.app.trading.run()).revalued).toBe(true);
    const board = (
      await t.app.inject({
        url: `/api/contest-users/leaderboard/?contest=${contest.id}`,
        headers: owner.auth,
      })
    ).json();
    const priced = await holdings(owner, contest.my_contest_user);
    expect(board.results[0].value).toBe(priced.value);

    const afterClose = new Date('2026-11-18T21:30:00Z');
    t.app.market.clock.now = () => afterClose;
    expect((await t.app.trading.run()).snapshot).toBe(true);
    expect((await t.app.trading.run()).snapshot).toBe(false);
    const values = (
      await t.app.inject({
        url: `/api/contest-user-values/?contest_user=${contest.my_contest_user}`,
        headers: owner.auth,
      })
    ).json();
    expect(values.results.at(-1).created_at).toBe(afterClose.toISOString());
  });
});
