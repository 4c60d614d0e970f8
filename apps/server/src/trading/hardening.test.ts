import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MARKET_ORDER_RESERVE_MARGIN_BPS } from '@bullpen/contract/constants';
import { contestMessages } from '@bullpen/contract/contests';
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

/** The trading rules a player could game: rejoin, reservations, limits, keys, 404s, boards. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.app.market.clock.now = () => marketTimes.open;
});
afterAll(async () => t.close());

type Player = Awaited<ReturnType<typeof buildUser>>;
const MINUTE = 60_000;
const DAY = 86_400_000;

function at(instant: Date | number) {
  const pinned = new Date(instant);
  t.app.market.clock.now = () => pinned;
}

async function security(symbol: string) {
  const page = (await t.app.inject({ url: `/api/securities/?search=${symbol}` })).json();
  return page.results.find((row: { symbol: string }) => row.symbol === symbol) as {
    id: number;
    symbol: string;
    last_price: number;
  };
}

async function priceNow(symbol: string): Promise<number> {
  const quote = await t.app.market.provider.quote(symbol, t.app.market.clock.now().getTime());
  return quote!.lastCents;
}

const order = (who: Player, payload: Record<string, unknown>, headers?: Record<string, string>) =>
  postOrder(t, who, payload, headers);

async function get(who: Player, url: string) {
  return (await t.app.inject({ url, headers: who.auth })).json();
}

const holdings = (who: Player, contestUser: number) =>
  get(who, `/api/contest-user-securities/?contest_user=${contestUser}`);

async function join(who: Player, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/contest-users/', headers: who.auth, payload });
}

async function boardLine(who: Player, contestId: number, userId: number) {
  const board = await get(
    who,
    `/api/contest-users/leaderboard/?contest=${contestId}&user=${userId}`,
  );
  return board.results[0] as { value: number; contest_user: number } | undefined;
}

/** Books of one portfolio: cash and reservations equal what its orders say, to the cent. */
async function expectBalancedReservations(contestUserId: number, startingCash: number) {
  const [account] = await t.deps.db
    .select()
    .from(contestUsers)
    .where(eq(contestUsers.id, contestUserId));
  const all = await t.deps.db.select().from(orders).where(eq(orders.contestUserId, contestUserId));
  const held = await t.deps.db
    .select()
    .from(positions)
    .where(eq(positions.contestUserId, contestUserId));
  const pending = all.filter((row) => row.status === 'pending');
  expect(account!.cashCents).toBe(
    all.reduce((sum, row) => sum + (row.cashDeltaCents ?? 0), startingCash),
  );
  expect(account!.reservedCashCents).toBe(
    pending.reduce((sum, row) => sum + row.reservedCashCents, 0),
  );
  expect(account!.reservedCashCents).toBeGreaterThanOrEqual(0);
  expect(account!.cashCents - account!.reservedCashCents).toBeGreaterThanOrEqual(0);
  for (const position of held) {
    expect(position.reservedShares).toBe(
      pending
        .filter((row) => row.securityId === position.securityId)
        .reduce((sum, row) => sum + row.reservedShares, 0),
    );
    expect(position.reservedShares).toBeLessThanOrEqual(position.shares);
  }
}

describe('leaving and joining again', () => {
  it('gives a member who lost money, left and joined again the same portfolio back', async () => {
    const owner = await buildUser(t.deps);
    const student = await buildUser(t.deps);
    // A $50 commission makes every trade lose money.
    const contest = await buildContest(t, owner, { commission: 5_000 });
    const joined = (await join(student, { contest: contest.id })).json();
    const apple = await security('AAPL');
    expect((await order(student, buy(joined.id, apple.id, 10))).statusCode).toBe(201);
    expect((await order(student, sell(joined.id, apple.id, 4))).statusCode).toBe(201);
    // A limit far below the price waits as a pending order, with cash set aside.
    const waiting = await order(
      student,
      buy(joined.id, apple.id, 2, Math.floor(apple.last_price / 2)),
    );
    expect(waiting.json().status).toBe('pending');
    const before = await get(student, `/api/contest-users/${joined.id}/`);
    expect(before.cash).toBeLessThan(1_000_000 - 6 * apple.last_price);
    expect(before.reserved_cash).toBeGreaterThan(0);
    const history = await get(student, `/api/contest-user-orders/?contest_user=${joined.id}`);

    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/contest-users/${joined.id}/`,
      headers: student.auth,
    });
    expect(leave.statusCode).toBe(204);
    // Gone from the board, the member count and the member's own lists; the portfolio is hidden.
    expect(await boardLine(owner, contest.id, student.user.id)).toBeUndefined();
    expect((await get(owner, `/api/contests/${contest.id}/`)).members_count).toBe(1);
    expect((await get(student, `/api/contests/${contest.id}/`)).my_contest_user).toBeNull();
    expect((await get(student, '/api/contest-users/')).count).toBe(0);
    const hidden = await t.app.inject({
      url: `/api/contest-users/${joined.id}/`,
      headers: student.auth,
    });
    expect(hidden.statusCode).toBe(404);
    expect((await order(student, buy(joined.id, apple.id, 1))).statusCode).toBe(404);

    const again = await join(student, { contest: contest.id });
    expect(again.statusCode).toBe(201);
    const back = again.json();
    expect(back.id).toBe(joined.id);
    expect(back.cash).toBe(before.cash);
    // The pending order was cancelled on leaving and its cash given back.
    expect(back.reserved_cash).toBe(0);
    expect(back.buying_power).toBe(before.cash);
    const positionsBack = await holdings(student, joined.id);
    expect(
      positionsBack.results.map((row: { symbol: string; share: number }) => row.share),
    ).toEqual([6]);
    const historyBack = await get(student, `/api/contest-user-orders/?contest_user=${joined.id}`);
    expect(historyBack.results.map((row: { id: number }) => row.id)).toEqual(
      history.results.map((row: { id: number }) => row.id),
    );
    expect(historyBack.results[0]).toMatchObject({ id: waiting.json().id, status: 'cancelled' });
    const line = await boardLine(owner, contest.id, student.user.id);
    expect(line?.value).toBe(positionsBack.value);
    expect(line?.value).toBeLessThan(1_000_000);
    expect((await get(owner, `/api/contests/${contest.id}/`)).members_count).toBe(2);
    await expectBalancedReservations(joined.id, 1_000_000);
  });

  it('lets only the member leave; others get the right refusal, outsiders of a private contest a 404', async () => {
    const owner = await buildUser(t.deps);
    const member = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const outsider = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const joined = (await join(member, { code: contest.join_code })).json();
    await join(other, { code: contest.join_code });
    const leave = (who: Player, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/contest-users/${id}/`, headers: who.auth });
    const describe = (who: Player, id: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/contest-users/${id}/description/`,
        headers: who.auth,
        payload: { description: 'mine now' },
      });

    const byMember = await leave(other, joined.id);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ error: contestMessages.notYourContestToLeave });
    const editByMember = await describe(other, joined.id);
    expect(editByMember.statusCode).toBe(403);
    expect(editByMember.json()).toEqual({ error: contestMessages.notYourDescription });

    const missing = await leave(outsider, 999_999);
    for (const response of [
      await leave(outsider, joined.id),
      await describe(outsider, joined.id),
      await describe(outsider, 999_999),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(missing.json());
    }

    expect((await describe(member, joined.id)).statusCode).toBe(200);
    expect((await leave(member, joined.id)).statusCode).toBe(204);
  });
});

function buy(contestUser: number, securityId: number, quantity: number, limit?: number) {
  return {
    contest_user: contestUser,
    security: securityId,
    order_type: 'BUY',
    quantity,
    ...(limit === undefined ? {} : { kind: 'limit', limit_price: limit }),
  };
}

function sell(contestUser: number, securityId: number, quantity: number, limit?: number) {
  return { ...buy(contestUser, securityId, quantity, limit), order_type: 'SELL' };
}

describe('pending orders set cash and shares aside', () => {
  it('refuses a second pending buy the buying power cannot cover, and gives cash back on cancel', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { starting_cash: 100_000, commission: 100 });
    const me = contest.my_contest_user;
    const apple = await security('AAPL');
    at(marketTimes.weekend);
    const last = await priceNow('AAPL');
    const reservedPrice = Math.ceil((last * (10_000 + MARKET_ORDER_RESERVE_MARGIN_BPS)) / 10_000);
    const quantity = Math.floor((100_000 - 100) / reservedPrice / 2) + 1;
    const first = await order(owner, buy(me, apple.id, quantity));
    expect(first.json()).toMatchObject({ status: 'pending' });
    const reserved = reservedPrice * quantity + 100;
    let account = await holdings(owner, me);
    expect(account).toMatchObject({
      cash: 100_000,
      reserved_cash: reserved,
      buying_power: 100_000 - reserved,
    });
    expect(await get(owner, `/api/contest-users/${me}/`)).toMatchObject({
      reserved_cash: reserved,
      buying_power: 100_000 - reserved,
    });

    const second = await order(owner, buy(me, apple.id, quantity));
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      non_field_errors: [tradingMessages.notEnoughBuyingPower(reserved, 100_000 - reserved)],
    });
    // A limit buy sets aside its limit price, not the market margin.
    const limitPrice = Math.floor((100_000 - reserved - 100) / quantity);
    const limited = await order(owner, buy(me, apple.id, quantity, limitPrice));
    expect(limited.json()).toMatchObject({ status: 'pending' });
    account = await holdings(owner, me);
    expect(account.reserved_cash).toBe(reserved + limitPrice * quantity + 100);
    await expectBalancedReservations(me, 100_000);

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/contest-invests/${first.json().id}/`,
      headers: owner.auth,
    });
    expect(cancel.statusCode).toBe(200);
    account = await holdings(owner, me);
    expect(account.reserved_cash).toBe(limitPrice * quantity + 100);
    expect((await order(owner, buy(me, apple.id, quantity))).statusCode).toBe(201);
    await expectBalancedReservations(me, 100_000);
  });

  it('sets shares aside for pending sells, so the same shares cannot be sold twice', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const me = contest.my_contest_user;
    const apple = await security('AAPL');
    expect((await order(owner, buy(me, apple.id, 10))).statusCode).toBe(201);
    at(marketTimes.weekend);
    expect((await order(owner, sell(me, apple.id, 6))).json()).toMatchObject({
      status: 'pending',
    });
    const again = await order(owner, sell(me, apple.id, 6));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [tradingMessages.sharesReserved(6, 4)] });
    expect((await holdings(owner, me)).results[0]).toMatchObject({ share: 10, reserved_shares: 6 });
    expect((await order(owner, sell(me, apple.id, 4))).statusCode).toBe(201);
    await expectBalancedReservations(me, 1_000_000);

    at(marketTimes.nextOpen);
    await t.app.trading.run();
    const statuses = (await get(owner, `/api/contest-user-orders/?contest_user=${me}`)).results.map(
      (row: { status: string }) => row.status,
    );
    expect(statuses).toEqual(['filled', 'filled', 'filled']);
    const after = await holdings(owner, me);
    expect(after.results).toEqual([]);
    expect(after.reserved_cash).toBe(0);
    await expectBalancedReservations(me, 1_000_000);
  });

  it('checks the position-weight rule when a pending buy is placed, counting other pending buys', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { max_position_weight: 10 });
    const me = contest.my_contest_user;
    const apple = await security('AAPL');
    at(marketTimes.weekend);
    const last = await priceNow('AAPL');
    const allowed = Math.floor(100_000 / last);
    const over = await order(owner, buy(me, apple.id, allowed + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ non_field_errors: [tradingMessages.weightExceeded(10)] });
    const half = Math.floor(allowed / 2) + 1;
    expect((await order(owner, buy(me, apple.id, half))).json().status).toBe('pending');
    const together = await order(owner, buy(me, apple.id, half));
    expect(together.json()).toEqual({ non_field_errors: [tradingMessages.weightExceeded(10)] });
    expect((await order(owner, buy(me, apple.id, allowed - half))).statusCode).toBe(201);
  });

  it('gives the cash back when a pending order is rejected because the contest ended', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner, {
      ends_at: new Date(marketTimes.weekend.getTime() + DAY).toISOString(),
    });
    const me = contest.my_contest_user;
    at(marketTimes.weekend);
    const waiting = await order(owner, buy(me, (await security('MSFT')).id, 5));
    expect((await holdings(owner, me)).reserved_cash).toBeGreaterThan(0);
    at(marketTimes.nextOpen);
    await t.app.trading.run();
    const list = await get(owner, `/api/contest-user-orders/?contest_user=${me}`);
    expect(list.results[0]).toMatchObject({ id: waiting.json().id, status: 'rejected' });
    const [row] = await t.deps.db.select().from(contestUsers).where(eq(contestUsers.id, me));
    expect(row).toMatchObject({ cashCents: 1_000_000, reservedCashCents: 0 });
  });

  it('never sets aside more than the cash or the shares under 40 simultaneous pending orders', async () => {
    const owner = await buildUser(t.deps);
    const apple = await security('AAPL');
    at(marketTimes.weekend);
    const reservedPrice = Math.ceil(
      ((await priceNow('AAPL')) * (10_000 + MARKET_ORDER_RESERVE_MARGIN_BPS)) / 10_000,
    );
    const affordable = 12;
    at(marketTimes.open);
    const contest = await buildContest(t, owner, {
      starting_cash: reservedPrice * affordable + reservedPrice - 1 + apple.last_price * 15,
    });
    const me = contest.my_contest_user;
    expect((await order(owner, buy(me, apple.id, 15))).statusCode).toBe(201);
    const cash = (await holdings(owner, me)).cash;
    at(marketTimes.weekend);
    const buys = await Promise.all(
      Array.from({ length: 40 }, () => order(owner, buy(me, apple.id, 1))),
    );
    const sells = await Promise.all(
      Array.from({ length: 40 }, () => order(owner, sell(me, apple.id, 1))),
    );
    expect(buys.filter((response) => response.statusCode === 201)).toHaveLength(affordable);
    expect(buys.filter((response) => response.statusCode === 400)).toHaveLength(40 - affordable);
    expect(sells.filter((response) => response.statusCode === 201)).toHaveLength(15);
    const account = await holdings(owner, me);
    expect(account).toMatchObject({ cash, reserved_cash: reservedPrice * affordable });
    expect(account.buying_power).toBe(reservedPrice - 1);
    expect(account.results[0]).toMatchObject({ share: 15, reserved_shares: 15 });
    await expectBalancedReservations(me, contest.starting_cash);

    // Cancel half of each side at once, then fill the rest at the open: still balanced.
    const pending = (await get(owner, `/api/contest-invests/?contest_user=${me}&page_size=100`))
      .results as { id: number }[];
    await Promise.all(
      pending
        .filter((_, index) => index % 2 === 0)
        .map((row) =>
          t.app.inject({
            method: 'DELETE',
            url: `/api/contest-invests/${row.id}/`,
            headers: owner.auth,
          }),
        ),
    );
    await expectBalancedReservations(me, contest.starting_cash);
    at(marketTimes.nextOpen);
    await t.app.trading.run();
    const done = await holdings(owner, me);
    expect(done.reserved_cash).toBe(0);
    expect(done.buying_power).toBe(done.cash);
    await expectBalancedReservations(me, contest.starting_cash);
  });
});

describe('limit orders on every tick', () => {
  it('fills a limit buy waiting from before the open when the price reaches it later in the day, at the limit', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const me = contest.my_contest_user;
    // Find a stock whose price on Monday dips, after 10:00, below where it opened and stood at 9:31.
    const bell = marketTimes.nextOpenBell.getTime();
    let found: { symbol: string; limit: number; when: number } | undefined;
    for (const symbol of ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM']) {
      const points = await t.app.market.provider.intraday(symbol, bell, bell + 6 * 3_600_000, 1);
      const early = points.filter((point) => point.time <= bell + 31 * MINUTE);
      const later = points.filter((point) => point.time >= bell + 30 * MINUTE);
      if (later.length === 0 || early.length === 0) continue;
      const lowest = later.reduce((low, point) => (point.cents < low.cents ? point : low));
      const earlyLow = Math.min(...early.map((point) => point.cents));
      if (lowest.cents < earlyLow - 2) {
        found = { symbol, limit: lowest.cents + 1, when: lowest.time };
        break;
      }
    }
    expect(found).toBeDefined();
    const stock = await security(found!.symbol);
    at(marketTimes.weekend);
    const placed = await order(owner, buy(me, stock.id, 3, found!.limit));
    expect(placed.json()).toMatchObject({ status: 'pending', limit_price: found!.limit });

    const statusNow = async () =>
      (await get(owner, `/api/contest-user-orders/?contest_user=${me}`)).results[0].status;
    // The open and the first minutes stay above the limit: it waits.
    at(marketTimes.nextOpen);
    await t.app.trading.run();
    expect(await statusNow()).toBe('pending');
    at(bell + 20 * MINUTE);
    await t.app.trading.run();
    expect(await statusNow()).toBe('pending');
    // The tick where the price reaches the limit fills it, at the limit price.
    at(found!.when);
    expect(await priceNow(found!.symbol)).toBeLessThanOrEqual(found!.limit);
    await t.app.trading.run();
    const [filled] = (await get(owner, `/api/contest-user-orders/?contest_user=${me}`)).results;
    expect(filled).toMatchObject({
      id: placed.json().id,
      status: 'filled',
      fill_price: found!.limit,
      total: -3 * found!.limit,
    });
    const account = await holdings(owner, me);
    expect(account.cash).toBe(1_000_000 - 3 * found!.limit);
    expect(account.reserved_cash).toBe(0);
    // The leaderboard line equals the portfolio value at the current price, not the fill price.
    expect((await boardLine(owner, contest.id, owner.user.id))?.value).toBe(account.value);
    await expectBalancedReservations(me, 1_000_000);
  });

  it('fills a limit buy at the opening price when the market opens below the limit', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const me = contest.my_contest_user;
    const apple = await security('AAPL');
    const opening = (await t.app.market.provider.quote('AAPL', marketTimes.nextOpenBell.getTime()))!
      .lastCents;
    at(marketTimes.weekend);
    const limit = opening + 500;
    await order(owner, buy(me, apple.id, 2, limit));
    at(marketTimes.nextOpenBell.getTime() + 2 * 3_600_000);
    await t.app.trading.run();
    const [filled] = (await get(owner, `/api/contest-user-orders/?contest_user=${me}`)).results;
    expect(filled).toMatchObject({ status: 'filled', fill_price: opening });
    await expectBalancedReservations(me, 1_000_000);
  });
});

describe('Idempotency-Key', () => {
  it('refuses the same key with a different order (422) and replays the same order', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const me = contest.my_contest_user;
    const key = { 'idempotency-key': 'ticket-77' };
    const first = await order(owner, buy(me, 1, 2), key);
    expect(first.statusCode).toBe(201);
    const different = await order(owner, buy(me, 1, 3), key);
    expect(different.statusCode).toBe(422);
    expect(different.json()).toEqual({ error: tradingMessages.idempotencyMismatch });
    for (const payload of [sell(me, 1, 2), buy(me, 2, 2), buy(me, 1, 2, 100)]) {
      expect((await order(owner, payload, key)).statusCode).toBe(422);
    }
    const same = await order(owner, buy(me, 1, 2), key);
    expect(same.statusCode).toBe(200);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(same.json().id).toBe(first.json().id);
    const rows = await t.deps.db.select().from(orders).where(eq(orders.contestUserId, me));
    expect(rows).toHaveLength(1);
  });
});

describe('outsiders of a private contest', () => {
  it('get the same 404 for its portfolios as for one that does not exist; members get 403 or 200', async () => {
    const owner = await buildUser(t.deps);
    const member = await buildUser(t.deps);
    const outsider = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { visibility: 'private' });
    await join(member, { code: contest.join_code });
    const target = contest.my_contest_user;
    const probes = (id: number) => [
      { method: 'POST' as const, url: '/api/contest-user-orders/', payload: buy(id, 1, 1) },
      { method: 'GET' as const, url: `/api/contest-user-orders/?contest_user=${id}` },
      { method: 'GET' as const, url: `/api/contest-invests/?contest_user=${id}` },
      { method: 'GET' as const, url: `/api/contest-user-securities/?contest_user=${id}` },
      { method: 'GET' as const, url: `/api/contest-user-values/?contest_user=${id}` },
      { method: 'GET' as const, url: `/api/contest-users/${id}/` },
      { method: 'POST' as const, url: '/api/portfolio-stats/', payload: { contest_user: id } },
    ];
    const missing = probes(999_999);
    const real = probes(target);
    for (const [index, probe] of real.entries()) {
      const absent = await t.app.inject({ ...missing[index]!, headers: outsider.auth });
      const hidden = await t.app.inject({ ...probe, headers: outsider.auth });
      expect(hidden.statusCode, probe.url).toBe(404);
      expect(hidden.statusCode, probe.url).toBe(absent.statusCode);
      expect(hidden.json(), probe.url).toEqual(absent.json());
      const seen = await t.app.inject({ ...probe, headers: member.auth });
      expect(seen.statusCode, probe.url).toBe(
        probe.url.endsWith('orders/') && probe.method === 'POST' ? 403 : 200,
      );
    }
    const trade = await order(member, buy(target, 1, 1));
    expect(trade.json()).toEqual({ error: tradingMessages.notYourPortfolio });
    expect((await order(owner, buy(target, 1, 1))).statusCode).toBe(201);
  });
});

describe('the leaderboard follows the portfolio value', () => {
  it('equals the portfolio value right after a fill and after every price tick', async () => {
    const owner = await buildUser(t.deps);
    const rival = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const theirs = (await join(rival, { contest: contest.id })).json();
    const nvidia = await security('NVDA');
    const quantity = Math.floor(500_000 / nvidia.last_price);
    expect((await order(rival, buy(theirs.id, nvidia.id, quantity))).statusCode).toBe(201);
    const check = async () => {
      const [value, line] = await Promise.all([
        holdings(rival, theirs.id),
        boardLine(owner, contest.id, rival.user.id),
      ]);
      expect(line?.value).toBe(value.value);
      return value.value as number;
    };
    const first = await check();
    // Ticks a few seconds apart, each moving the price: each one's board equals the portfolio.
    const values = [first];
    for (const seconds of [5, 10, 15, 20, 25, 30]) {
      at(marketTimes.open.getTime() + seconds * 1000);
      await t.app.trading.run();
      values.push(await check());
    }
    expect(new Set(values).size).toBeGreaterThan(1);
  });
});
