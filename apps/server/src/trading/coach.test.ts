import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coachLessons, typicalDailyMoveCents } from '@bullpen/contract/coach';
import { contestMessages } from '@bullpen/contract/contests';
import { tradingMessages } from '@bullpen/contract/trading';
import {
  buildContest,
  buildTestApp,
  buildUser,
  joinContest,
  marketTimes,
  postOrder,
  type TestApp,
} from '../test/app.ts';
import { buildClassroom } from '../test/classrooms.ts';

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
  return page.results.find((row: { symbol: string }) => row.symbol === symbol) as {
    id: number;
    symbol: string;
    last_price: number;
    sector: { name: string };
  };
}

const facts = (who: Player, contestUser: number, securityId: number | string) =>
  t.app.inject({
    url: `/api/trade-coach/?contest_user=${contestUser}&security=${securityId}`,
    headers: who.auth,
  });

const setCoach = (who: Player, contestId: number, coach: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/contests/${contestId}/coach/`,
    headers: who.auth,
    payload: { coach },
  });

describe('GET /api/trade-coach/', () => {
  it('gives the portfolio’s owner the sectors, costs, trades and the stock’s typical day', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const apple = await security('AAPL');
    const microsoft = await security('MSFT');
    const before = await facts(owner, contest.my_contest_user, apple.id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      security: apple.id,
      sector: apple.sector.name,
      cash: 1_000_000,
      value: 1_000_000,
      past_trades: 0,
      holdings: [],
    });
    const bought = await postOrder(t, owner, {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: 10,
    });
    expect(bought.json()).toMatchObject({ status: 'filled' });
    const after = (await facts(owner, contest.my_contest_user, microsoft.id)).json();
    const fill = bought.json<{ fill_price: number }>().fill_price;
    expect(after).toMatchObject({
      security: microsoft.id,
      sector: microsoft.sector.name,
      past_trades: 1,
      cash: 1_000_000 - 10 * fill,
      holdings: [
        { security: apple.id, sector: apple.sector.name, share: 10, cost_basis: 10 * fill },
      ],
    });
    expect(after.holdings[0].value).toBe(10 * apple.last_price);
    expect(after.value).toBe(after.cash + after.holdings[0].value);
  });

  it('averages the last 20 closed days’ moves, leaving out an open session’s live price', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const apple = await security('AAPL');
    const body = (await facts(owner, contest.my_contest_user, apple.id)).json();
    const at = marketTimes.open.getTime();
    const points = await t.app.market.provider.dailyCloses('AAPL', at - 42 * 86_400_000, at);
    // The market is open at `marketTimes.open`: its last point is the live price.
    const closes = points.slice(0, -1).map((point) => point.cents);
    expect(closes.length).toBeGreaterThanOrEqual(21);
    expect(body.typical_daily_move).toBe(typicalDailyMoveCents(closes, 20));
    expect(body.typical_daily_move).toBeGreaterThan(0);
    expect(body.typical_daily_move).toBeLessThan(apple.last_price / 5);
  });

  it('answers only the portfolio’s owner: 403 for another member, 404 for an outsider', async () => {
    const owner = await buildUser(t.deps);
    const member = await buildUser(t.deps);
    const outsider = await buildUser(t.deps);
    const contest = await buildContest(t, owner, { visibility: 'private' });
    await t.app.inject({
      method: 'POST',
      url: '/api/contest-users/',
      headers: member.auth,
      payload: { code: contest.join_code },
    });
    const apple = await security('AAPL');
    const asMember = await facts(member, contest.my_contest_user, apple.id);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ error: tradingMessages.notYourPortfolio });
    expect((await facts(outsider, contest.my_contest_user, apple.id)).statusCode).toBe(404);
    expect((await facts(owner, contest.my_contest_user, 999_999)).statusCode).toBe(404);
    expect((await facts(owner, contest.my_contest_user, 'abc')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      url: `/api/trade-coach/?contest_user=${contest.my_contest_user}&security=${apple.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PATCH /api/contests/{id}/coach/', () => {
  it('is on by default, and can be started off', async () => {
    const owner = await buildUser(t.deps);
    const on = await buildContest(t, owner);
    const read = await t.app.inject({ url: `/api/contests/${on.id}/`, headers: owner.auth });
    expect(read.json()).toMatchObject({ coach: true });
    const off = await buildContest(t, owner, { coach: false });
    expect(off).toMatchObject({ coach: false });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/contests/',
      headers: owner.auth,
      payload: { name: 'Wrong coach', coach: 'yes' },
    });
    expect(wrong.json()).toMatchObject({ coach: [expect.any(String)] });
  });

  it('lets the owner turn the coach off and on, and refuses a member', async () => {
    const owner = await buildUser(t.deps);
    const member = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    await joinContest(t, member, contest.id);
    const refused = await setCoach(member, contest.id, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: contestMessages.notOwner });
    expect((await setCoach(owner, contest.id, 'off')).statusCode).toBe(400);
    const off = await setCoach(owner, contest.id, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: contest.id, coach: false });
    const seen = await t.app.inject({ url: `/api/contests/${contest.id}/`, headers: member.auth });
    expect(seen.json()).toMatchObject({ coach: false });
    expect((await setCoach(owner, contest.id, true)).json()).toMatchObject({ coach: true });
  });

  it('lets the class’s teacher switch a class contest, not its students', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const student = await buildUser(t.deps);
    const classroom = await buildClassroom(t.deps, teacher.user.id, {
      studentIds: [student.user.id],
    });
    const now = t.app.market.clock.now().getTime();
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/classrooms/classrooms/${classroom.id}/contests/`,
      headers: teacher.auth,
      payload: {
        name: 'Class market game',
        starts_at: new Date(now - 86_400_000).toISOString(),
        ends_at: new Date(now + 30 * 86_400_000).toISOString(),
        starting_cash: 1_000_000,
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect((await setCoach(student, id, false)).statusCode).toBe(403);
    // Not as the owner: the class's teacher, through the classrooms domain's rule.
    await t.deps.db.execute(sql`update contests set owner_id = null where id = ${id}`);
    const off = await setCoach(teacher, id, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ coach: false, is_owner: false });
    expect((await setCoach(student, id, true)).statusCode).toBe(403);
    const stranger = await buildUser(t.deps, { is_teacher: true });
    expect((await setCoach(stranger, id, true)).statusCode).toBe(404);
  });
});

describe('the lessons the coach links to', () => {
  it('are lessons of the curriculum', () => {
    const courses = path.resolve(import.meta.dirname, '../../../../content/courses');
    const slugs = new Set<string>();
    for (const course of readdirSync(courses)) {
      for (const file of readdirSync(path.join(courses, course))) {
        if (!file.endsWith('.md')) continue;
        const text = readFileSync(path.join(courses, course, file), 'utf8');
        const slug = /^slug:\s*(\S+)/m.exec(text)?.[1];
        if (slug) slugs.add(slug);
      }
    }
    expect(slugs.size).toBeGreaterThan(20);
    for (const lesson of Object.values(coachLessons)) expect(slugs).toContain(lesson);
  });
});
