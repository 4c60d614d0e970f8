import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { riskBoardMessages } from '@bullpen/contract/risk-board';
import { contestRiskLines, contestUsers } from '../db/schema/contests.ts';
import { newYorkDay } from '../market/calendar.ts';
import { buildContest, buildUser, marketTimes, postOrder, testAppForFile } from '../test/app.ts';
import { buildClassroom, callAs, signedOut } from '../test/classrooms.ts';
import { recordRiskLines } from '../contests/risk-board-queries.ts';
import { riskLineAfterClose, type RiskLine } from './stats.ts';

/**
 * The risk-adjusted board (docs/decisions/050-risk-adjusted-board.md): the figures the close
 * snapshot carries forward, equal to the hand-checked ones of stats.ts; the setting and who may
 * change it; the board, its order and who may read it.
 */

const t = testAppForFile();
const call = callAs(t);
const START = 1_000_000;

/** A portfolio worth `cents` in cash alone, as a close would find it. */
async function setValue(contestUserId: number, cents: number) {
  await t.deps.db
    .update(contestUsers)
    .set({ cashCents: cents, valueCents: cents })
    .where(eq(contestUsers.id, contestUserId));
}

async function lineOf(contestUserId: number) {
  const [row] = await t.deps.db
    .select()
    .from(contestRiskLines)
    .where(eq(contestRiskLines.contestUserId, contestUserId));
  return row;
}

/**
 * A contest of `owner`'s with members whose closes are `series` (one list per member). A shorter
 * list is a member who joined later: just before the close of its first figure.
 */
async function contestWithCloses(series: number[][], overrides: Record<string, unknown> = {}) {
  t.app.market.clock.now = () => marketTimes.open;
  const owner = await buildUser(t.deps, { is_teacher: true });
  const contest = await buildContest(t, owner, overrides);
  const days = Math.max(...series.map((closes) => closes.length));
  const members: { user: Awaited<ReturnType<typeof buildUser>>; portfolio: number }[] = [];
  for (let index = 0; index < series.length; index += 1) {
    members.push({ user: await buildUser(t.deps), portfolio: 0 });
  }
  for (let day = 0; day < days; day += 1) {
    for (const [index, closes] of series.entries()) {
      const member = members[index]!;
      if (day === days - closes.length) {
        const joined = await call(member.user, 'POST', '/api/contest-users/', {
          contest: contest.id,
          code: contest.join_code,
        });
        member.portfolio = joined.json<{ id: number }>().id;
      }
      const close = closes[day - (days - closes.length)];
      if (close !== undefined) await setValue(member.portfolio, close);
    }
    await recordRiskLines(t.deps.db, contest.id, 20_000 + day);
  }
  return { owner, contest, members };
}

describe('the figures carried at each close', () => {
  it('equal the hand-checked sums of stats.ts, and a second run of a close changes nothing', async () => {
    const series = [
      [1_010_000, 995_000, 1_032_000, 970_000, 1_040_000, 1_045_000],
      [1_100_000, 990_000, 1_089_000],
      [1_000_000, 1_000_000],
    ];
    const { contest, members } = await contestWithCloses(series);
    for (const [index, closes] of series.entries()) {
      const expected = closes.reduce<RiskLine | null>(
        (line, close) => riskLineAfterClose(line, close, START),
        null,
      )!;
      const stored = (await lineOf(members[index]!.portfolio))!;
      expect(stored.tradingDays).toBe(expected.tradingDays);
      expect(stored.lastCloseCents).toBe(expected.lastCloseCents);
      expect(stored.peakCents).toBe(expected.peakCents);
      expect(stored.maxDrawdownBps).toBe(expected.maxDrawdownBps);
      expect(stored.meanReturn).toBeCloseTo(expected.meanReturn, 12);
      if (expected.sharpe === null) expect(stored.sharpe).toBeNull();
      else expect(stored.sharpe).toBeCloseTo(expected.sharpe, 9);
    }
    // Worked by hand in stats.test.ts: +10 %, −10 %, +10 % is a Sharpe ratio of 4.582 576.
    expect((await lineOf(members[1]!.portfolio))!.sharpe).toBeCloseTo(4.582576, 5);
    const before = await lineOf(members[0]!.portfolio);
    await setValue(members[0]!.portfolio, 500_000);
    await recordRiskLines(t.deps.db, contest.id, 20_005);
    expect(await lineOf(members[0]!.portfolio)).toEqual(before);
  });

  it('are written by the close snapshot of the trading job, once a close', async () => {
    t.app.market.clock.now = () => marketTimes.open;
    const owner = await buildUser(t.deps, { is_teacher: true });
    const contest = await buildContest(t, owner);
    const security = (await t.app.inject({ url: '/api/securities/?search=AAPL' })).json()
      .results[0] as { id: number };
    const bought = await postOrder(t, owner, {
      contest_user: contest.my_contest_user,
      security: security.id,
      order_type: 'BUY',
      quantity: 10,
    });
    expect(bought.statusCode).toBe(201);
    // 16:30 in New York, after the close of Wednesday 18 November 2026.
    const afterClose = new Date('2026-11-18T21:30:00Z');
    t.app.market.clock.now = () => afterClose;
    expect((await t.app.trading.run()).snapshot).toBe(true);
    const [member] = await t.deps.db
      .select()
      .from(contestUsers)
      .where(eq(contestUsers.id, contest.my_contest_user));
    const line = (await lineOf(contest.my_contest_user))!;
    expect(line).toMatchObject({
      contestId: contest.id,
      tradingDays: 1,
      lastCloseCents: member!.valueCents,
      lastCloseDay: newYorkDay(afterClose.getTime()),
      sharpe: null,
    });
    expect((await t.app.trading.run()).snapshot).toBe(false);
    expect(await lineOf(contest.my_contest_user)).toEqual(line);
  });
});

describe('a teacher’s cash and resets', () => {
  it('count an adjustment as money put in, not a return, and start a reset portfolio afresh', async () => {
    // Two members with the same closes; the teacher adds $100 to the second before the third.
    const { owner, contest, members } = await contestWithCloses([
      [1_010_000, 990_000],
      [1_010_000, 990_000],
    ]);
    const [steady, topped] = members as [(typeof members)[0], (typeof members)[0]];
    const added = await call(owner, 'POST', `/api/contests/${contest.id}/adjustments/`, {
      contest_user: topped.portfolio,
      amount: 10_000,
      reason: 'Quiz prize',
    });
    expect(added.statusCode, added.body).toBe(201);
    // The third close: each portfolio rose 1 % on the day, the second on top of its $100.
    await setValue(steady.portfolio, 999_900);
    await setValue(topped.portfolio, 1_010_000);
    await recordRiskLines(t.deps.db, contest.id, 20_002);
    const [plain, adjusted] = [await lineOf(steady.portfolio), await lineOf(topped.portfolio)];
    expect(adjusted!.tradingDays).toBe(3);
    expect(adjusted!.meanReturn).toBeCloseTo(plain!.meanReturn, 12);
    expect(adjusted!.sharpe).toBeCloseTo(plain!.sharpe!, 9);
    expect(adjusted!.maxDrawdownBps).toBe(plain!.maxDrawdownBps);

    // Before any close, money put in is the base of the first return.
    const late = await buildUser(t.deps);
    const joined = await call(late, 'POST', '/api/contest-users/', {
      contest: contest.id,
      code: contest.join_code,
    });
    const latePortfolio = joined.json<{ id: number }>().id;
    expect(
      (
        await call(owner, 'POST', `/api/contests/${contest.id}/adjustments/`, {
          contest_user: latePortfolio,
          amount: -200_000,
          reason: 'Handicap',
        })
      ).statusCode,
    ).toBe(201);
    expect(await lineOf(latePortfolio)).toMatchObject({
      tradingDays: 0,
      lastCloseCents: START - 200_000,
      peakCents: START - 200_000,
    });
    await recordRiskLines(t.deps.db, contest.id, 20_003);
    expect((await lineOf(latePortfolio))!.meanReturn).toBe(0);

    const reset = await call(owner, 'POST', `/api/contests/${contest.id}/resets/`, {
      contest_user: topped.portfolio,
      reason: 'New term',
    });
    expect(reset.statusCode, reset.body).toBe(201);
    expect(await lineOf(topped.portfolio)).toBeUndefined();
    expect(await lineOf(steady.portfolio)).toBeDefined();
  });
});

describe('the setting', () => {
  const url = (id: number) => `/api/contests/${id}/risk-board/`;

  it('is the owner’s: a member gets 403, an outsider 404, the signed out 401', async () => {
    t.app.market.clock.now = () => marketTimes.open;
    const owner = await buildUser(t.deps, { is_teacher: true });
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const fresh = await call(owner, 'GET', `/api/contests/${contest.id}/`);
    expect(fresh.json().risk_board).toEqual({
      mode: 'off',
      min_trading_days: 5,
      max_drawdown_bps: 2000,
    });
    const set = await call(owner, 'PATCH', url(contest.id), {
      mode: 'sharpe',
      min_trading_days: 3,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().risk_board).toEqual({
      mode: 'sharpe',
      min_trading_days: 3,
      max_drawdown_bps: 2000,
    });
    const member = await buildUser(t.deps);
    const joined = await call(member, 'POST', '/api/contest-users/', {
      contest: contest.id,
      code: contest.join_code,
    });
    expect(joined.statusCode).toBe(201);
    const refused = await call(member, 'PATCH', url(contest.id), { mode: 'off' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: riskBoardMessages.notEditor });
    const outsider = await buildUser(t.deps);
    expect((await call(outsider, 'PATCH', url(contest.id), { mode: 'off' })).statusCode).toBe(404);
    expect((await call(signedOut, 'PATCH', url(contest.id), { mode: 'off' })).statusCode).toBe(401);
    const after = await call(owner, 'GET', `/api/contests/${contest.id}/`);
    expect(after.json().risk_board.mode).toBe('sharpe');
  });

  it('is the class teacher’s for a class contest, not its student’s', async () => {
    t.app.market.clock.now = () => marketTimes.open;
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const student = await buildUser(t.deps);
    const classroom = await buildClassroom(t.deps, teacher.user.id, {
      studentIds: [student.user.id],
    });
    const now = marketTimes.open.getTime();
    const created = await call(
      teacher,
      'POST',
      `/api/classrooms/classrooms/${classroom.id}/contests/`,
      {
        name: 'Class market game',
        starts_at: new Date(now - 86_400_000).toISOString(),
        ends_at: new Date(now + 30 * 86_400_000).toISOString(),
        starting_cash: START,
      },
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect((await call(student, 'PATCH', url(id), { mode: 'drawdown' })).statusCode).toBe(403);
    // Not as the owner: the class's teacher, through the classrooms domain's rule.
    await t.deps.db.execute(sql`update contests set owner_id = null where id = ${id}`);
    const set = await call(teacher, 'PATCH', url(id), {
      mode: 'drawdown',
      max_drawdown_bps: 1500,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().risk_board).toMatchObject({ mode: 'drawdown', max_drawdown_bps: 1500 });
  });

  it('refuses bad figures with 400 and an ended contest with 409', async () => {
    t.app.market.clock.now = () => marketTimes.open;
    const owner = await buildUser(t.deps, { is_teacher: true });
    const contest = await buildContest(t, owner);
    const bad = await call(owner, 'PATCH', url(contest.id), {
      mode: 'luck',
      min_trading_days: 0,
      max_drawdown_bps: 9001,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      mode: [riskBoardMessages.mode],
      min_trading_days: [riskBoardMessages.minTradingDays],
      max_drawdown_bps: [riskBoardMessages.maxDrawdown],
    });
    expect((await call(owner, 'PATCH', url(contest.id), { mode: 'sharpe', x: 1 })).statusCode).toBe(
      400,
    );
    expect((await call(owner, 'PATCH', url(contest.id), {})).statusCode).toBe(400);
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 31 * 86_400_000);
    const ended = await call(owner, 'PATCH', url(contest.id), { mode: 'sharpe' });
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toEqual({ error: riskBoardMessages.ended });
  });
});

describe('the board', () => {
  const url = (id: number, query = '') => `/api/contests/${id}/risk-board/${query}`;
  type Line = { contest_user: number; rank: number | null; status: string };

  it('ranks by Sharpe ratio from the trading days asked, then lists the others', async () => {
    const { owner, contest, members } = await contestWithCloses([
      // Steady gains: +1 %, +2 %, +1 %.
      [1_010_000, 1_030_000, 1_041_000],
      // A lucky jump: more money, much more up-and-down.
      [1_300_000, 1_100_000, 1_400_000],
      // Two closes only.
      [1_050_000, 1_060_000],
    ]);
    const before = await call(owner, 'GET', url(contest.id));
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ error: riskBoardMessages.off });
    await call(owner, 'PATCH', `/api/contests/${contest.id}/risk-board/`, {
      mode: 'sharpe',
      min_trading_days: 3,
    });
    const board = await call(owner, 'GET', url(contest.id));
    expect(board.statusCode).toBe(200);
    const body = board.json();
    expect(body.setting).toEqual({ mode: 'sharpe', min_trading_days: 3, max_drawdown_bps: 2000 });
    expect(body.count).toBe(4);
    const [steady, lucky, short] = members.map((member) => member.portfolio);
    expect(body.results.map((line: Line) => [line.contest_user, line.rank, line.status])).toEqual([
      [steady, 1, 'ranked'],
      [lucky, 2, 'ranked'],
      // Not ranked yet, by value: two closes; then the owner, who has only the starting cash.
      [short, null, 'needs_days'],
      [contest.my_contest_user, null, 'needs_days'],
    ]);
    expect(body.results[0]).toMatchObject({
      value: 1_041_000,
      trading_days: 3,
      max_drawdown_bps: 0,
    });
    expect(body.results[1].sharpe_ratio).toBeLessThan(body.results[0].sharpe_ratio);
    expect(body.results[1].max_drawdown_bps).toBe(1538);
    const second = await call(owner, 'GET', url(contest.id, '?page=2&page_size=3'));
    expect(second.json().results.map((line: Line) => line.contest_user)).toEqual([
      contest.my_contest_user,
    ]);
    expect((await call(owner, 'GET', url(contest.id, '?page=3&page_size=3'))).statusCode).toBe(404);
    expect((await call(owner, 'GET', url(contest.id, '?page=zero'))).statusCode).toBe(400);
  });

  it('ranks by return within the drawdown limit, those past it after', async () => {
    const { owner, contest, members } = await contestWithCloses([
      // Up 40 % after a 30 % fall: past a 20 % limit.
      [700_000, 1_400_000],
      // Up 10 % with a 5 % fall.
      [1_050_000, 997_500, 1_100_000],
      // Up 5 %, never falling.
      [1_020_000, 1_050_000],
    ]);
    await call(owner, 'PATCH', `/api/contests/${contest.id}/risk-board/`, { mode: 'drawdown' });
    const body = (await call(owner, 'GET', url(contest.id))).json();
    const [bold, careful, steady] = members.map((member) => member.portfolio);
    expect(body.results.map((line: Line) => [line.contest_user, line.rank, line.status])).toEqual([
      [careful, 1, 'ranked'],
      [steady, 2, 'ranked'],
      [contest.my_contest_user, 3, 'ranked'],
      [bold, null, 'past_limit'],
    ]);
    expect(body.results[3]).toMatchObject({ max_drawdown_bps: 3000, return_ratio: 0.4 });
    expect(body.results[0].return_ratio).toBeCloseTo(0.1, 10);
  });

  it('is seen by whoever sees the value ranking', async () => {
    const { owner, contest, members } = await contestWithCloses([[1_010_000]], {
      visibility: 'private',
    });
    await call(owner, 'PATCH', `/api/contests/${contest.id}/risk-board/`, { mode: 'sharpe' });
    expect((await call(members[0]!.user, 'GET', url(contest.id))).statusCode).toBe(200);
    const outsider = await buildUser(t.deps);
    expect((await call(outsider, 'GET', url(contest.id))).statusCode).toBe(404);
    expect((await call(signedOut, 'GET', url(contest.id))).statusCode).toBe(401);
    const open = await contestWithCloses([[1_010_000]]);
    await call(open.owner, 'PATCH', `/api/contests/${open.contest.id}/risk-board/`, {
      mode: 'sharpe',
    });
    expect((await call(outsider, 'GET', url(open.contest.id))).statusCode).toBe(200);
  });
});
