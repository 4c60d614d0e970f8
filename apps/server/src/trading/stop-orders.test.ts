import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tradingMessages } from '@bullpen/contract/trading';
import { contestUsers, orders, positions } from '../db/schema/index.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  marketTimes,
  postOrder,
  type TestApp,
} from '../test/app.ts';

/**
 * Stop and stop-limit orders, good for the day or till cancelled
 * (docs/decisions/044-stop-orders.md): what they set aside, the tick that crosses the stop, the
 * price they fill at, a gap at the open, the close that ends a day order, and the refusals.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => at(marketTimes.open));
afterAll(async () => t.close());

type Player = Awaited<ReturnType<typeof buildUser>>;
const MINUTE = 60_000;
const COMMISSION = 100;
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM', 'XOM', 'KO'];

function at(instant: Date | number) {
  const pinned = new Date(instant);
  t.app.market.clock.now = () => pinned;
}

async function priceAt(symbol: string, instant: number): Promise<number> {
  return (await t.app.market.provider.quote(symbol, instant))!.lastCents;
}

async function securityId(symbol: string): Promise<number> {
  const page = (await t.app.inject({ url: `/api/securities/?search=${symbol}` })).json();
  return page.results.find((row: { symbol: string }) => row.symbol === symbol).id as number;
}

async function get(who: Player, url: string) {
  return (await t.app.inject({ url, headers: who.auth })).json();
}

const holdings = (who: Player, contestUser: number) =>
  get(who, `/api/contest-user-securities/?contest_user=${contestUser}`);

async function history(who: Player, contestUser: number) {
  return (await get(who, `/api/contest-user-orders/?contest_user=${contestUser}`)).results as {
    id: number;
    kind: string;
    status: string;
    fill_price: number | null;
  }[];
}

async function orderRow(id: number) {
  const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/**
 * A stock whose price, some time after `from` in Wednesday's session, first crosses a stop a
 * few cents from its price at `from` (upwards for a buy stop, downwards for a sell stop): the
 * stop, the instant of the first tick that crosses it, and one minute before it.
 */
async function crossingAfter(side: 'BUY' | 'SELL', from: number) {
  const close = from + 5 * 60 * MINUTE;
  for (const symbol of SYMBOLS) {
    const start = await priceAt(symbol, from);
    const stop = side === 'BUY' ? start + 3 : start - 3;
    const points = await t.app.market.provider.intraday(symbol, from + 2 * MINUTE, close, 1);
    const first = points.find((point) =>
      side === 'BUY' ? point.cents >= stop : point.cents <= stop,
    );
    if (first && first.time > from + 3 * MINUTE) {
      return { symbol, stop, when: first.time, before: first.time - MINUTE };
    }
  }
  throw new Error('no stock crosses a stop in the session');
}

async function player() {
  const owner = await buildUser(t.deps);
  const contest = await buildContest(t, owner, { commission: COMMISSION });
  return { owner, me: contest.my_contest_user };
}

/** The portfolio's cash and what is set aside equal its orders, to the cent. */
async function expectBooks(contestUserId: number, startingCash = 1_000_000) {
  const [account] = await t.deps.db
    .select()
    .from(contestUsers)
    .where(eq(contestUsers.id, contestUserId));
  const all = await t.deps.db.select().from(orders).where(eq(orders.contestUserId, contestUserId));
  const pending = all.filter((row) => row.status === 'pending');
  expect(account!.cashCents).toBe(
    all.reduce((sum, row) => sum + (row.cashDeltaCents ?? 0), startingCash),
  );
  expect(account!.reservedCashCents).toBe(
    pending.reduce((sum, row) => sum + row.reservedCashCents, 0),
  );
  const held = await t.deps.db
    .select()
    .from(positions)
    .where(eq(positions.contestUserId, contestUserId));
  for (const position of held) {
    expect(position.reservedShares).toBe(
      pending
        .filter((row) => row.securityId === position.securityId)
        .reduce((sum, row) => sum + row.reservedShares, 0),
    );
  }
}

describe('stop orders', () => {
  it('a buy stop sets its cash aside at the stop, waits, and fills at the price of the tick that crosses it', async () => {
    const { owner, me } = await player();
    const from = marketTimes.open.getTime();
    const cross = await crossingAfter('BUY', from);
    const security = await securityId(cross.symbol);
    const placed = await postOrder(t, owner, {
      contest_user: me,
      security,
      order_type: 'BUY',
      kind: 'stop',
      stop_price: cross.stop,
      quantity: 4,
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({
      status: 'pending',
      kind: 'stop',
      stop_price: cross.stop,
      limit_price: null,
      time_in_force: 'gtc',
      triggered_at: null,
    });
    expect(await holdings(owner, me)).toMatchObject({
      cash: 1_000_000,
      reserved_cash: 4 * cross.stop + COMMISSION,
    });

    at(cross.before);
    await t.app.trading.run();
    expect((await history(owner, me))[0]!.status).toBe('pending');

    at(cross.when);
    const tick = await priceAt(cross.symbol, cross.when);
    expect(tick).toBeGreaterThanOrEqual(cross.stop);
    await t.app.trading.run();
    const [filled] = await history(owner, me);
    expect(filled).toMatchObject({
      id: placed.json().id,
      status: 'filled',
      fill_price: tick,
      total: -4 * tick - COMMISSION,
      triggered_at: new Date(cross.when).toISOString(),
    });
    expect(await holdings(owner, me)).toMatchObject({
      cash: 1_000_000 - 4 * tick - COMMISSION,
      reserved_cash: 0,
    });
    await expectBooks(me);
  });

  it('a sell stop sets its shares aside and sells them at the tick that falls through it', async () => {
    const { owner, me } = await player();
    const from = marketTimes.open.getTime();
    const cross = await crossingAfter('SELL', from);
    const security = await securityId(cross.symbol);
    const bought = await postOrder(t, owner, {
      contest_user: me,
      security,
      order_type: 'BUY',
      quantity: 5,
    });
    expect(bought.json()).toMatchObject({ status: 'filled' });
    const placed = await postOrder(t, owner, {
      contest_user: me,
      security,
      order_type: 'SELL',
      kind: 'stop',
      stop_price: cross.stop,
      quantity: 5,
      time_in_force: 'day',
    });
    expect(placed.json()).toMatchObject({ status: 'pending', time_in_force: 'day' });
    const [position] = (await holdings(owner, me)).results;
    expect(position).toMatchObject({ share: 5, reserved_shares: 5 });
    // The shares waiting in the stop cannot be sold again.
    const twice = await postOrder(t, owner, {
      contest_user: me,
      security,
      order_type: 'SELL',
      quantity: 1,
    });
    expect(twice.statusCode).toBe(400);

    at(cross.when);
    const tick = await priceAt(cross.symbol, cross.when);
    await t.app.trading.run();
    const [filled] = await history(owner, me);
    expect(filled).toMatchObject({
      status: 'filled',
      fill_price: tick,
      total: 5 * tick - COMMISSION,
    });
    expect((await holdings(owner, me)).results).toEqual([]);
    await expectBooks(me);
  });

  it('a stop-limit buy becomes a limit order at the crossing: it fills there when within the limit, else waits at its limit', async () => {
    const { owner, me } = await player();
    const from = marketTimes.open.getTime();
    const cross = await crossingAfter('BUY', from);
    const security = await securityId(cross.symbol);
    const tick = await priceAt(cross.symbol, cross.when);
    const order = (limit: number) =>
      postOrder(t, owner, {
        contest_user: me,
        security,
        order_type: 'BUY',
        kind: 'stop_limit',
        stop_price: cross.stop,
        limit_price: limit,
        quantity: 2,
      });
    const within = await order(tick + 50);
    // A limit below the crossing tick: triggered there, then waits for the price to come down.
    const below = await order(cross.stop - 2);
    expect(below.json()).toMatchObject({ status: 'pending', limit_price: cross.stop - 2 });
    expect((await holdings(owner, me)).reserved_cash).toBe(
      2 * (tick + 50) + COMMISSION + 2 * (cross.stop - 2) + COMMISSION,
    );

    at(cross.when);
    await t.app.trading.run();
    expect(await orderRow(within.json().id)).toMatchObject({
      status: 'filled',
      fillPriceCents: tick,
      triggeredAt: new Date(cross.when),
    });
    const waiting = await orderRow(below.json().id);
    expect(waiting).toMatchObject({ status: 'pending', triggeredAt: new Date(cross.when) });
    // Once triggered it is a limit order: it fills at its limit on a later tick that reaches it.
    const later = await t.app.market.provider.intraday(
      cross.symbol,
      cross.when + MINUTE,
      cross.when + 6 * 60 * MINUTE,
      1,
    );
    const reached = later.find((point) => point.cents <= cross.stop - 2);
    if (reached) {
      at(reached.time);
      await t.app.trading.run();
      expect(await orderRow(below.json().id)).toMatchObject({
        status: 'filled',
        fillPriceCents: cross.stop - 2,
      });
    } else {
      at(cross.when + 5 * MINUTE);
      await t.app.trading.run();
      expect((await orderRow(below.json().id)).status).toBe('pending');
    }
    await expectBooks(me);
  });

  it('a stop waiting from before the open triggers at the opening price when the market gaps through it', async () => {
    const { owner, me } = await player();
    const apple = await securityId('AAPL');
    const opening = await priceAt('AAPL', marketTimes.nextOpenBell.getTime());
    at(marketTimes.weekend);
    // Closed: a stop already crossed is accepted, the open decides.
    const placed = await postOrder(t, owner, {
      contest_user: me,
      security: apple,
      order_type: 'BUY',
      kind: 'stop',
      stop_price: opening - 100,
      quantity: 3,
    });
    expect(placed.json()).toMatchObject({ status: 'pending' });
    at(marketTimes.nextOpen);
    await t.app.trading.run();
    const [filled] = await history(owner, me);
    // Above the stop it set aside for: the portfolio's remaining buying power pays the rest.
    expect(filled).toMatchObject({ status: 'filled', fill_price: opening });
    expect((await holdings(owner, me)).cash).toBe(1_000_000 - 3 * opening - COMMISSION);
    await expectBooks(me);
  });

  it('a gapped stop buy the cash cannot pay is rejected with the reason and its cash given back', async () => {
    const owner = await buildUser(t.deps);
    const apple = await securityId('AAPL');
    const opening = await priceAt('AAPL', marketTimes.nextOpenBell.getTime());
    const stop = opening - 200;
    const quantity = 5;
    const startingCash = quantity * stop + COMMISSION;
    const contest = await buildContest(t, owner, {
      commission: COMMISSION,
      starting_cash: startingCash,
    });
    const me = contest.my_contest_user;
    at(marketTimes.weekend);
    const placed = await postOrder(t, owner, {
      contest_user: me,
      security: apple,
      order_type: 'BUY',
      kind: 'stop',
      stop_price: stop,
      quantity,
    });
    expect(placed.json()).toMatchObject({ status: 'pending' });
    expect((await holdings(owner, me)).buying_power).toBe(0);
    at(marketTimes.nextOpen);
    await t.app.trading.run();
    const [rejected] = await history(owner, me);
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejection_reason: tradingMessages.notEnoughCash(
        quantity * opening + COMMISSION,
        startingCash,
      ),
    });
    expect(await holdings(owner, me)).toMatchObject({ cash: startingCash, reserved_cash: 0 });
    await expectBooks(me, startingCash);
  });
});

describe('good for the day or till cancelled', () => {
  it('a day order still waiting at the close is cancelled with the reason and gives its cash back; a GTC twin waits on', async () => {
    const { owner, me } = await player();
    const apple = await securityId('AAPL');
    const price = await priceAt('AAPL', marketTimes.open.getTime());
    const limit = Math.floor(price / 2);
    const place = (timeInForce: string) =>
      postOrder(t, owner, {
        contest_user: me,
        security: apple,
        order_type: 'BUY',
        kind: 'limit',
        limit_price: limit,
        quantity: 1,
        time_in_force: timeInForce,
      });
    const day = await place('day');
    const gtc = await place('gtc');
    expect((await holdings(owner, me)).reserved_cash).toBe(2 * (limit + COMMISSION));
    // Wednesday's close is 16:00 in New York (21:00 UTC).
    const close = new Date('2026-11-18T21:00:00Z').getTime();
    at(close - MINUTE);
    await t.app.trading.run();
    expect((await orderRow(day.json().id)).status).toBe('pending');
    at(close + MINUTE);
    await t.app.trading.run();
    expect(await orderRow(day.json().id)).toMatchObject({
      status: 'cancelled',
      rejectionReason: tradingMessages.expiredAtClose,
    });
    expect((await orderRow(gtc.json().id)).status).toBe('pending');
    expect((await holdings(owner, me)).reserved_cash).toBe(limit + COMMISSION);
    await expectBooks(me);
  });

  it('a day order placed while the market is closed lives through the next session', async () => {
    const { owner, me } = await player();
    const apple = await securityId('AAPL');
    at(marketTimes.weekend);
    const placed = await postOrder(t, owner, {
      contest_user: me,
      security: apple,
      order_type: 'BUY',
      kind: 'stop',
      stop_price: Math.round((await priceAt('AAPL', marketTimes.weekend.getTime())) * 1.5),
      quantity: 1,
      time_in_force: 'day',
    });
    expect(placed.json()).toMatchObject({ status: 'pending' });
    at(marketTimes.nextOpen.getTime() + 6 * 60 * MINUTE);
    await t.app.trading.run();
    expect((await orderRow(placed.json().id)).status).toBe('pending');
    // Monday's close.
    at(new Date('2026-11-23T21:00:00Z'));
    await t.app.trading.run();
    expect((await orderRow(placed.json().id)).status).toBe('cancelled');
    await expectBooks(me);
  });
});

describe('placing a stop', () => {
  it('refuses a stop the price has already crossed during the session, per field', async () => {
    const { owner, me } = await player();
    const apple = await securityId('AAPL');
    const price = await priceAt('AAPL', marketTimes.open.getTime());
    const buyStop = await postOrder(t, owner, {
      contest_user: me,
      security: apple,
      order_type: 'BUY',
      kind: 'stop',
      stop_price: price,
      quantity: 1,
    });
    expect(buyStop.statusCode).toBe(400);
    expect(buyStop.json()).toEqual({ stop_price: [tradingMessages.stopAlreadyReached('BUY')] });
    const sellStop = await postOrder(t, owner, {
      contest_user: me,
      security: apple,
      order_type: 'SELL',
      kind: 'stop_limit',
      stop_price: price + 1,
      limit_price: price,
      quantity: 1,
    });
    expect(sellStop.json()).toEqual({ stop_price: [tradingMessages.stopAlreadyReached('SELL')] });
    await expectBooks(me);
  });

  it('answers a stop without its prices, or prices on the wrong kind, per field', async () => {
    const { owner, me } = await player();
    const base = {
      contest_user: me,
      security: await securityId('AAPL'),
      order_type: 'BUY',
      quantity: 1,
    };
    const answer = async (payload: Record<string, unknown>) => {
      const response = await postOrder(t, owner, { ...base, ...payload });
      expect(response.statusCode).toBe(400);
      return response.json();
    };
    expect(await answer({ kind: 'stop' })).toEqual({ stop_price: [tradingMessages.stopRequired] });
    expect(await answer({ kind: 'stop_limit', stop_price: 100 })).toEqual({
      limit_price: [tradingMessages.limitRequired],
    });
    expect(await answer({ kind: 'limit', limit_price: 100, stop_price: 100 })).toEqual({
      stop_price: [tradingMessages.stopOnlyForStop],
    });
    expect(await answer({ kind: 'stop', stop_price: 100, limit_price: 100 })).toEqual({
      limit_price: [tradingMessages.limitOnlyForLimit],
    });
    expect(await answer({ kind: 'stop', stop_price: 0 })).toEqual({
      stop_price: [tradingMessages.stopPositive],
    });
    expect(Object.keys(await answer({ time_in_force: 'week' }))).toEqual(['time_in_force']);
  });

  it('replays the same stop for the same Idempotency-Key and refuses a different stop (422)', async () => {
    const { owner, me } = await player();
    const price = await priceAt('AAPL', marketTimes.open.getTime());
    const stop = {
      contest_user: me,
      security: await securityId('AAPL'),
      order_type: 'BUY',
      kind: 'stop',
      stop_price: price + 500,
      quantity: 1,
    };
    const key = { 'idempotency-key': 'stop-1' };
    const first = await postOrder(t, owner, stop, key);
    expect(first.statusCode).toBe(201);
    const again = await postOrder(t, owner, stop, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const other = await postOrder(t, owner, { ...stop, stop_price: price + 600 }, key);
    expect(other.statusCode).toBe(422);
    const otherTerm = await postOrder(t, owner, { ...stop, time_in_force: 'day' }, key);
    expect(otherTerm.statusCode).toBe(422);
    await expectBooks(me);
  });
});
