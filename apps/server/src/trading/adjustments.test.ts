import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adjustmentMessages } from '@bullpen/contract/portfolio-adjustments';
import { contestMessages } from '@bullpen/contract/contests';
import { contestUsers } from '../db/schema/contests.ts';
import { orders, positions } from '../db/schema/trading.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  joinContest,
  marketTimes,
  postOrder,
  type TestApp,
} from '../test/app.ts';
import { callAs, createClassWithStudents, signedOut } from '../test/classrooms.ts';

/**
 * Cash adjustments and resets by a contest's managers
 * (docs/decisions/049-portfolio-reset-and-cash-adjustment.md): who may make them, the refused
 * bodies, what they do to the books and the board, the history they write, and a race with
 * orders that must neither create nor destroy a cent.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.app.market.clock.now = () => marketTimes.open;
});
afterAll(async () => t.close());

type Player = Awaited<ReturnType<typeof buildUser>>;
const call = callAs({
  get app() {
    return t.app;
  },
});

async function security(symbol: string) {
  const page = (await t.app.inject({ url: `/api/securities/?search=${symbol}` })).json();
  return page.results.find((row: { symbol: string }) => row.symbol === symbol) as {
    id: number;
    symbol: string;
    last_price: number;
  };
}

async function account(contestUserId: number) {
  const [row] = await t.deps.db
    .select()
    .from(contestUsers)
    .where(eq(contestUsers.id, contestUserId));
  return row!;
}

/** A teacher's contest and `students` members, each with their portfolio. */
async function contestWithStudents(students = 1, overrides: Record<string, unknown> = {}) {
  const teacher = await buildUser(t.deps, { is_teacher: true });
  const contest = await buildContest(t, teacher, overrides);
  const members: { player: Player; portfolio: number }[] = [];
  for (let index = 0; index < students; index += 1) {
    const player = await buildUser(t.deps);
    const portfolio =
      overrides.visibility === 'private'
        ? (
            await call(player, 'POST', '/api/contest-users/', {
              contest: contest.id,
              code: contest.join_code,
            })
          ).json().id
        : await joinContest(t, player, contest.id);
    members.push({ player, portfolio });
  }
  return { teacher, contest, members };
}

const adjust = (who: Player, contestId: number, body: Record<string, unknown>) =>
  call(who, 'POST', `/api/contests/${contestId}/adjustments/`, body);
const reset = (who: Player, contestId: number, body: Record<string, unknown>) =>
  call(who, 'POST', `/api/contests/${contestId}/resets/`, body);

describe('who may adjust and reset', () => {
  it('lets the owner, refuses a member (403), an outsider (404), the signed out (401)', async () => {
    const { teacher, contest, members } = await contestWithStudents(2, { visibility: 'private' });
    const [first, second] = members;
    const body = { contest_user: first!.portfolio, amount: 5_000, reason: 'Quiz prize' };
    const done = await adjust(teacher, contest.id, body);
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      contest_user: first!.portfolio,
      kind: 'cash',
      amount: 5_000,
      reason: 'Quiz prize',
      actor: { username: teacher.user.username },
    });
    const member = await adjust(second!.player, contest.id, body);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: adjustmentMessages.notManager });
    const memberReset = await reset(second!.player, contest.id, { all: true, reason: 'x' });
    expect(memberReset.statusCode).toBe(403);
    const outsider = await buildUser(t.deps);
    expect((await adjust(outsider, contest.id, body)).statusCode).toBe(404);
    expect((await reset(outsider, contest.id, { all: true, reason: 'x' })).statusCode).toBe(404);
    expect((await adjust(signedOut as Player, contest.id, body)).statusCode).toBe(401);
    expect(
      (await reset(signedOut as Player, contest.id, { all: true, reason: 'x' })).statusCode,
    ).toBe(401);
    expect((await account(first!.portfolio)).cashCents).toBe(contest.starting_cash + 5_000);

    // The history: a member reads their own lines, never another's.
    const url = `/api/contests/${contest.id}/adjustments/`;
    expect((await call(first!.player, 'GET', url)).json().results).toHaveLength(1);
    expect((await call(second!.player, 'GET', url)).json().results).toEqual([]);
    const nosy = await call(second!.player, 'GET', `${url}?contest_user=${first!.portfolio}`);
    expect(nosy.statusCode).toBe(403);
    expect((await call(outsider, 'GET', url)).statusCode).toBe(404);
    expect((await call(signedOut, 'GET', url)).statusCode).toBe(401);
    expect((await call(teacher, 'GET', url)).json().results).toHaveLength(1);
  });

  it('lets the class’s teacher adjust and reset a class contest, not its student', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const { classroom, student } = await createClassWithStudents(t.app, teacher, {
      name: 'Adjust class',
    });
    const started = await call(
      teacher,
      'POST',
      `/api/classrooms/classrooms/${classroom.id}/contests/`,
      {
        name: 'Class adjustments',
        starts_at: new Date(marketTimes.open.getTime() - 86_400_000).toISOString(),
        ends_at: new Date(marketTimes.open.getTime() + 30 * 86_400_000).toISOString(),
        starting_cash: 1_000_000,
      },
    );
    expect(started.statusCode).toBe(201);
    const contestId = started.json().id as number;
    const [line] = await t.deps.db
      .select()
      .from(contestUsers)
      .where(and(eq(contestUsers.contestId, contestId), eq(contestUsers.userId, student.user.id)));
    const body = { contest_user: line!.id, amount: -2_500, reason: 'Late homework' };
    expect((await adjust(student, contestId, body)).statusCode).toBe(403);
    expect((await adjust(teacher, contestId, body)).statusCode).toBe(201);
    const resetOne = await reset(teacher, contestId, { contest_user: line!.id, reason: 'Restart' });
    expect(resetOne.statusCode).toBe(201);
    expect(resetOne.json().results).toHaveLength(1);
  });

  it('refuses an ended contest with 409', async () => {
    const { teacher, contest, members } = await contestWithStudents(1);
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 31 * 86_400_000);
    const body = { contest_user: members[0]!.portfolio, amount: 100, reason: 'Late' };
    const ended = await adjust(teacher, contest.id, body);
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toEqual({ error: contestMessages.ended });
    expect((await reset(teacher, contest.id, { all: true, reason: 'Late' })).statusCode).toBe(409);
  });
});

describe('bad bodies', () => {
  it('answers 400 field by field, never 500', async () => {
    const { teacher, contest, members } = await contestWithStudents(1);
    const portfolio = members[0]!.portfolio;
    const cases: [Record<string, unknown>, string][] = [
      [{ contest_user: portfolio, amount: 100 }, 'reason'],
      [{ contest_user: portfolio, amount: 100, reason: '   ' }, 'reason'],
      [{ contest_user: portfolio, amount: 100, reason: 'x'.repeat(201) }, 'reason'],
      [{ contest_user: portfolio, amount: 0, reason: 'Zero' }, 'amount'],
      [{ contest_user: portfolio, amount: 1.5, reason: 'Half' }, 'amount'],
      [{ contest_user: portfolio, amount: '100', reason: 'Text' }, 'amount'],
      [{ contest_user: portfolio, amount: 1e300, reason: 'Huge' }, 'amount'],
      [{ contest_user: portfolio, amount: 10_000_001, reason: 'Over ten times' }, 'amount'],
      [{ contest_user: 'me', amount: 100, reason: 'Who' }, 'contest_user'],
      [{ contest_user: portfolio, amount: 100, reason: 'Extra', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const refused = await adjust(teacher, contest.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json()), JSON.stringify(body)).toContain(field);
    }
    const both = await reset(teacher, contest.id, {
      contest_user: portfolio,
      all: true,
      reason: 'r',
    });
    expect(both.statusCode).toBe(400);
    expect((await reset(teacher, contest.id, { reason: 'Neither' })).statusCode).toBe(400);
    expect((await reset(teacher, contest.id, { all: false, reason: 'False' })).statusCode).toBe(
      400,
    );
    // A portfolio of another contest is no student of this one.
    const other = await contestWithStudents(1);
    const elsewhere = { contest_user: other.members[0]!.portfolio, amount: 100, reason: 'Other' };
    const missing = await adjust(teacher, contest.id, elsewhere);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: adjustmentMessages.notMember });
    const missingReset = await reset(teacher, contest.id, { ...elsewhere, amount: undefined });
    expect(missingReset.statusCode).toBe(404);
    expect((await account(portfolio)).cashCents).toBe(contest.starting_cash);
  });

  it('never takes cash below what pending orders set aside (409)', async () => {
    const { teacher, contest, members } = await contestWithStudents(1);
    const { player, portfolio } = members[0]!;
    const stock = await security('AAPL');
    // A limit far under the price waits, with its cash set aside.
    const waiting = await postOrder(t, player, {
      contest_user: portfolio,
      security: stock.id,
      order_type: 'BUY',
      quantity: 10,
      kind: 'limit',
      limit_price: Math.floor(stock.last_price / 2),
    });
    expect(waiting.json().status).toBe('pending');
    const before = await account(portfolio);
    const power = before.cashCents - before.reservedCashCents;
    const tooMuch = await adjust(teacher, contest.id, {
      contest_user: portfolio,
      amount: -(power + 1),
      reason: 'Too much',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ error: adjustmentMessages.belowReserved(power) });
    const exact = await adjust(teacher, contest.id, {
      contest_user: portfolio,
      amount: -power,
      reason: 'All the free cash',
    });
    expect(exact.statusCode).toBe(201);
    const after = await account(portfolio);
    expect(after.cashCents).toBe(before.reservedCashCents);
    expect(after.valueCents).toBe(before.valueCents - power);
  });
});

describe('a reset', () => {
  it('cancels pending orders, removes holdings and keeps the history marked', async () => {
    const { teacher, contest, members } = await contestWithStudents(1);
    const { player, portfolio } = members[0]!;
    const stock = await security('MSFT');
    const bought = await postOrder(t, player, {
      contest_user: portfolio,
      security: stock.id,
      order_type: 'BUY',
      quantity: 3,
    });
    expect(bought.json().status).toBe('filled');
    const waiting = await postOrder(t, player, {
      contest_user: portfolio,
      security: stock.id,
      order_type: 'SELL',
      quantity: 2,
      kind: 'limit',
      limit_price: stock.last_price * 2,
    });
    expect(waiting.json().status).toBe('pending');
    await adjust(teacher, contest.id, { contest_user: portfolio, amount: 700, reason: 'Bonus' });

    const done = await reset(teacher, contest.id, {
      contest_user: portfolio,
      reason: 'Fresh start',
    });
    expect(done.statusCode).toBe(201);
    const [line] = done.json().results;
    expect(line).toMatchObject({
      kind: 'reset',
      last_order: waiting.json().id,
      reason: 'Fresh start',
    });
    const after = await account(portfolio);
    expect(after).toMatchObject({
      cashCents: contest.starting_cash,
      valueCents: contest.starting_cash,
      reservedCashCents: 0,
      realizedPnlCents: 0,
      commissionsCents: 0,
    });
    expect(
      await t.deps.db.select().from(positions).where(eq(positions.contestUserId, portfolio)),
    ).toEqual([]);
    const kept = await t.deps.db.select().from(orders).where(eq(orders.contestUserId, portfolio));
    expect(kept.map((order) => order.status).sort()).toEqual(['cancelled', 'filled']);

    // The student reads their own lines; the teacher reads the contest's.
    const own = await call(player, 'GET', `/api/contests/${contest.id}/adjustments/`);
    expect(own.statusCode).toBe(200);
    expect(own.json().results.map((row: { kind: string }) => row.kind)).toEqual(['reset', 'cash']);
    const all = await call(teacher, 'GET', `/api/contests/${contest.id}/adjustments/`);
    expect(all.json().results).toHaveLength(2);

    // Trading goes on from the starting cash.
    const again = await postOrder(t, player, {
      contest_user: portfolio,
      security: stock.id,
      order_type: 'BUY',
      quantity: 1,
    });
    expect(again.json().status).toBe('filled');
    expect(again.json().id).toBeGreaterThan(line.last_order);
  });

  it('resets every member in one request and the board ranks them again', async () => {
    const { teacher, contest, members } = await contestWithStudents(4);
    const [a, b, c] = members;
    await adjust(teacher, contest.id, {
      contest_user: b!.portfolio,
      amount: 9_000,
      reason: 'Prize',
    });
    await adjust(teacher, contest.id, {
      contest_user: c!.portfolio,
      amount: -4_000,
      reason: 'Fine',
    });
    await adjust(teacher, contest.id, {
      contest_user: a!.portfolio,
      amount: 3_000,
      reason: 'Prize',
    });
    const board = async () =>
      (await call(teacher, 'GET', `/api/contest-users/leaderboard/?contest=${contest.id}`)).json()
        .results as { contest_user: number; rank: number; value: number }[];
    const ranked = await board();
    expect(ranked.map((line) => line.contest_user).slice(0, 2)).toEqual([
      b!.portfolio,
      a!.portfolio,
    ]);
    expect(ranked.at(-1)!.contest_user).toBe(c!.portfolio);

    const done = await reset(teacher, contest.id, { all: true, reason: 'New term' });
    expect(done.statusCode).toBe(201);
    // The owner joined their own contest too.
    expect(done.json().results.length).toBe(members.length + 1);
    const after = await board();
    expect(after.every((line) => line.value === contest.starting_cash && line.rank === 1)).toBe(
      true,
    );
    // Equal values: the board's order is the member id's.
    const ids = after.map((line) => line.contest_user);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });
});

describe('a big class', () => {
  it('resets forty portfolios in one request, holdings and pending orders included', async () => {
    const { teacher, contest, members } = await contestWithStudents(40);
    const stock = await security('PG');
    await Promise.all(
      members.slice(0, 10).map(({ player, portfolio }, index) =>
        postOrder(t, player, {
          contest_user: portfolio,
          security: stock.id,
          order_type: 'BUY',
          quantity: 2,
          ...(index % 2 === 0
            ? { kind: 'limit', limit_price: Math.floor(stock.last_price / 2) }
            : {}),
        }),
      ),
    );
    const done = await reset(teacher, contest.id, { all: true, reason: 'Second half' });
    expect(done.statusCode).toBe(201);
    expect(done.json().results).toHaveLength(41);
    const ids = members.map((member) => member.portfolio);
    const lines = await t.deps.db
      .select()
      .from(contestUsers)
      .where(eq(contestUsers.contestId, contest.id));
    for (const line of lines) {
      expect(line).toMatchObject({ cashCents: contest.starting_cash, reservedCashCents: 0 });
    }
    const left = await t.deps.db.select().from(orders).where(eq(orders.status, 'pending'));
    expect(left.filter((order) => ids.includes(order.contestUserId))).toEqual([]);
    const held = await t.deps.db.select().from(positions);
    expect(held.filter((position) => ids.includes(position.contestUserId))).toEqual([]);
  });
});

describe('the review after adjustments and a reset', () => {
  /** The review once the contest has ended, as the student reads it. */
  async function reviewOf(player: Player, portfolio: number) {
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 31 * 86_400_000);
    const response = await call(player, 'GET', `/api/contest-users/${portfolio}/review/`);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      starting_cash: number;
      final_value: number;
      adjustments: number;
      reset_at: string | null;
      trades: number;
      best: { profit: number }[];
      worst: { profit: number }[];
    };
  }
  const decided = (review: { best: { profit: number }[]; worst: { profit: number }[] }) =>
    [...review.best, ...review.worst].reduce((sum, line) => sum + line.profit, 0);

  async function trade(player: Player, portfolio: number, symbol: string, side: 'BUY' | 'SELL') {
    const stock = await security(symbol);
    const response = await postOrder(t, player, {
      contest_user: portfolio,
      security: stock.id,
      order_type: side,
      quantity: 4,
    });
    expect(response.json().status).toBe('filled');
  }

  it('adds up to the final value with an adjustment', async () => {
    const { teacher, contest, members } = await contestWithStudents(1);
    const { player, portfolio } = members[0]!;
    await trade(player, portfolio, 'AAPL', 'BUY');
    await adjust(teacher, contest.id, { contest_user: portfolio, amount: 12_345, reason: 'Prize' });
    await trade(player, portfolio, 'KO', 'BUY');
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 3_600_000);
    await trade(player, portfolio, 'AAPL', 'SELL');
    const review = await reviewOf(player, portfolio);
    expect(review.adjustments).toBe(12_345);
    expect(review.reset_at).toBeNull();
    expect(review.trades).toBe(3);
    expect(review.starting_cash + decided(review) + review.adjustments).toBe(review.final_value);
  });

  it('counts from the last reset and still adds up', async () => {
    const { teacher, contest, members } = await contestWithStudents(1);
    const { player, portfolio } = members[0]!;
    await trade(player, portfolio, 'MSFT', 'BUY');
    await adjust(teacher, contest.id, {
      contest_user: portfolio,
      amount: 50_000,
      reason: 'Before',
    });
    await reset(teacher, contest.id, { contest_user: portfolio, reason: 'Start again' });
    await adjust(teacher, contest.id, { contest_user: portfolio, amount: -3_000, reason: 'After' });
    await trade(player, portfolio, 'KO', 'BUY');
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 3_600_000);
    await trade(player, portfolio, 'KO', 'SELL');
    await trade(player, portfolio, 'AAPL', 'BUY');
    const review = await reviewOf(player, portfolio);
    expect(review.reset_at).not.toBeNull();
    expect(review.adjustments).toBe(-3_000);
    expect(review.trades).toBe(3);
    expect(review.starting_cash + decided(review) + review.adjustments).toBe(review.final_value);
  });
});

describe('a race', () => {
  it('neither creates nor destroys money among parallel adjustments and orders', async () => {
    const { teacher, contest, members } = await contestWithStudents(1);
    const { player, portfolio } = members[0]!;
    const stock = await security('KO');
    const amounts = Array.from({ length: 20 }, (_, index) => (index % 3 === 0 ? -9_000 : 4_000));
    const results = await Promise.all([
      ...amounts.map((amount, index) =>
        adjust(teacher, contest.id, { contest_user: portfolio, amount, reason: `Race ${index}` }),
      ),
      ...Array.from({ length: 10 }, (_, index) =>
        postOrder(t, player, {
          contest_user: portfolio,
          security: stock.id,
          order_type: index % 4 === 3 ? 'SELL' : 'BUY',
          quantity: 5,
        }),
      ),
      reset(teacher, contest.id, { contest_user: portfolio, reason: 'Mid-race reset' }),
    ]);
    for (const response of results) expect([200, 201, 400, 409]).toContain(response.statusCode);
    // The race had both sides: adjustments written and orders filled.
    const codes = results.map((response) => response.statusCode);
    expect(codes.slice(0, amounts.length)).toContain(201);
    expect(codes.slice(amounts.length, -1)).toContain(201);
    const lines = (
      await call(
        teacher,
        'GET',
        `/api/contests/${contest.id}/adjustments/?contest_user=${portfolio}`,
      )
    ).json().results as { id: number; kind: string; amount: number; last_order: number }[];
    const lastReset = lines.find((line) => line.kind === 'reset')!;
    const since = lines.filter((line) => line.kind === 'cash' && line.id > lastReset.id);
    const filled = (
      await t.deps.db.select().from(orders).where(eq(orders.contestUserId, portfolio))
    ).filter((order) => order.status === 'filled' && order.id > lastReset.last_order);
    const after = await account(portfolio);
    expect(after.cashCents).toBe(
      contest.starting_cash +
        since.reduce((sum, line) => sum + line.amount, 0) +
        filled.reduce((sum, order) => sum + order.cashDeltaCents!, 0),
    );
    const held = await t.deps.db
      .select()
      .from(positions)
      .where(eq(positions.contestUserId, portfolio));
    const shares = filled.reduce(
      (sum, order) => sum + (order.side === 'BUY' ? order.quantity : -order.quantity),
      0,
    );
    expect(held.reduce((sum, position) => sum + position.shares, 0)).toBe(shares);
    expect(after.cashCents).toBeGreaterThanOrEqual(after.reservedCashCents);
  });
});
