import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contestMessages, ruleMessages, RULE_PRESETS } from '@bullpen/contract/contests';
import { classrooms } from '../db/schema/classrooms.ts';
import { SECTORS } from '../market/sectors.ts';
import { MARKET_SECTOR_NAMES } from '@bullpen/contract/contest-rules';
import {
  buildContest,
  buildTestApp,
  buildUser,
  joinContest,
  marketTimes,
  postOrder,
  type TestApp,
} from '../test/app.ts';
import { callAs, createClassWithStudents } from '../test/classrooms.ts';

/**
 * Contest rule packs (docs/decisions/046-contest-rule-packs.md): each control with an order it
 * lets through and one it refuses with the student's reason, the presets, the checks of a rule
 * body, and who may change the rules.
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

async function security(symbol: string) {
  const page = (await t.app.inject({ url: `/api/securities/?search=${symbol}` })).json();
  const found = page.results.find((row: { symbol: string }) => row.symbol === symbol);
  return found as { id: number; symbol: string; last_price: number };
}

/** A teacher's public contest with `rules`, and a student who joined it. */
async function contestWith(rules: Record<string, unknown>) {
  const teacher = await buildUser(t.deps, { is_teacher: true });
  const contest = await buildContest(t, teacher, rules);
  const student = await buildUser(t.deps);
  const portfolio = await joinContest(t, student, contest.id);
  return { teacher, contest, student, portfolio };
}

function buy(who: Player, portfolio: number, securityId: number, extra = {}) {
  return postOrder(t, who, {
    contest_user: portfolio,
    security: securityId,
    order_type: 'BUY',
    quantity: 1,
    ...extra,
  });
}

function sell(who: Player, portfolio: number, securityId: number) {
  return postOrder(t, who, {
    contest_user: portfolio,
    security: securityId,
    order_type: 'SELL',
    quantity: 1,
  });
}

const refusedWith = (message: string) => ({ non_field_errors: [message] });

describe('tickers', () => {
  it('refuses a blocked ticker with its reason and lets another through', async () => {
    const { student, portfolio } = await contestWith({ blocked_symbols: ['xom'] });
    const [exxon, apple] = [await security('XOM'), await security('AAPL')];
    const refused = await buy(student, portfolio, exxon.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusedWith(ruleMessages.symbolBlocked('XOM')));
    expect(refused.json().non_field_errors[0]).toBe(
      "You cannot buy XOM in this contest: the contest's owner blocked it.",
    );
    expect((await buy(student, portfolio, apple.id)).statusCode).toBe(201);
  });

  it('refuses a blocked ticker for limit and stop orders too, at placement', async () => {
    const { student, portfolio } = await contestWith({ blocked_symbols: ['XOM'] });
    const exxon = await security('XOM');
    const limit = await buy(student, portfolio, exxon.id, {
      kind: 'limit',
      limit_price: Math.floor(exxon.last_price / 2),
    });
    expect(limit.json()).toEqual(refusedWith(ruleMessages.symbolBlocked('XOM')));
    const stop = await buy(student, portfolio, exxon.id, {
      kind: 'stop',
      stop_price: exxon.last_price * 2,
    });
    expect(stop.json()).toEqual(refusedWith(ruleMessages.symbolBlocked('XOM')));
  });

  it('lets only the listed tickers be bought', async () => {
    const { student, portfolio } = await contestWith({ allowed_symbols: ['AAPL', 'MSFT'] });
    const [exxon, apple] = [await security('XOM'), await security('AAPL')];
    expect((await buy(student, portfolio, exxon.id)).json()).toEqual(
      refusedWith(ruleMessages.symbolNotAllowed('XOM')),
    );
    expect((await buy(student, portfolio, apple.id)).statusCode).toBe(201);
  });

  it('still lets a holding be sold once its ticker is blocked', async () => {
    const { teacher, contest, student, portfolio } = await contestWith({});
    const apple = await security('AAPL');
    expect((await buy(student, portfolio, apple.id)).statusCode).toBe(201);
    const changed = await callAs(t)(teacher, 'PUT', `/api/contests/${contest.id}/rules/`, {
      blocked_symbols: ['AAPL'],
    });
    expect(changed.statusCode).toBe(200);
    // The portfolio's contest was remembered by the fast path: the change is seen all the same.
    expect((await buy(student, portfolio, apple.id)).json()).toEqual(
      refusedWith(ruleMessages.symbolBlocked('AAPL')),
    );
    expect((await sell(student, portfolio, apple.id)).statusCode).toBe(201);
  });
});

describe('sectors', () => {
  it('uses the market’s sector names', () => {
    expect(SECTORS.map((sector) => sector.name)).toEqual([...MARKET_SECTOR_NAMES]);
  });

  it('refuses a stock of a blocked sector', async () => {
    const { student, portfolio } = await contestWith({ blocked_sectors: ['Energy'] });
    const [exxon, apple] = [await security('XOM'), await security('AAPL')];
    expect((await buy(student, portfolio, exxon.id)).json()).toEqual(
      refusedWith(ruleMessages.sectorBlocked('XOM', 'Energy')),
    );
    expect((await buy(student, portfolio, apple.id)).statusCode).toBe(201);
  });

  it('lets only the allowed sectors be bought', async () => {
    const { student, portfolio } = await contestWith({
      allowed_sectors: ['Information Technology'],
    });
    const [exxon, apple] = [await security('XOM'), await security('AAPL')];
    expect((await buy(student, portfolio, exxon.id)).json()).toEqual(
      refusedWith(ruleMessages.sectorNotAllowed('XOM', 'Energy')),
    );
    expect((await buy(student, portfolio, apple.id)).statusCode).toBe(201);
  });
});

describe('the lowest share price', () => {
  it('refuses a buy under it, market or limit, and lets a dearer stock through', async () => {
    const [ford, apple] = [await security('F'), await security('AAPL')];
    expect(ford.last_price).toBeLessThan(apple.last_price);
    const min = ford.last_price + 1;
    const { student, portfolio } = await contestWith({ min_share_price: min });
    const reason = ruleMessages.priceTooLow('F', ford.last_price, min);
    expect((await buy(student, portfolio, ford.id)).json()).toEqual(refusedWith(reason));
    const limit = await buy(student, portfolio, ford.id, {
      kind: 'limit',
      limit_price: min * 2,
    });
    expect(limit.json()).toEqual(refusedWith(reason));
    expect((await buy(student, portfolio, apple.id)).statusCode).toBe(201);
  });

  it('never refuses a sell', async () => {
    const ford = await security('F');
    const { teacher, contest, student, portfolio } = await contestWith({});
    expect((await buy(student, portfolio, ford.id)).statusCode).toBe(201);
    await callAs(t)(teacher, 'PUT', `/api/contests/${contest.id}/rules/`, {
      min_share_price: ford.last_price + 1,
    });
    expect((await sell(student, portfolio, ford.id)).statusCode).toBe(201);
  });
});

describe('orders a day', () => {
  it('counts every order placed in the market day, and opens again the next day', async () => {
    const { student, portfolio } = await contestWith({ max_trades_per_day: 2 });
    const apple = await security('AAPL');
    expect((await buy(student, portfolio, apple.id)).statusCode).toBe(201);
    // A limit order that waits, then is cancelled, still counts.
    const waiting = await buy(student, portfolio, apple.id, {
      kind: 'limit',
      limit_price: Math.floor(apple.last_price / 2),
    });
    expect(waiting.json().status).toBe('pending');
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/contest-invests/${waiting.json().id}/`,
      headers: student.auth,
    });
    expect(cancelled.statusCode).toBe(200);
    const third = await sell(student, portfolio, apple.id);
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual(refusedWith(ruleMessages.tooManyTrades(2)));
    expect(third.json().non_field_errors[0]).toBe(
      'This contest allows 2 orders a day and you have placed them all today. You can trade again on the next market day.',
    );
    // The next New York day.
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 86_400_000);
    expect((await sell(student, portfolio, apple.id)).statusCode).toBe(201);
  });
});

describe('holding time', () => {
  it('refuses a sell before the time since the latest buy, and lets it through after', async () => {
    const { student, portfolio } = await contestWith({ min_holding_minutes: 1_440 });
    const apple = await security('AAPL');
    expect((await buy(student, portfolio, apple.id)).statusCode).toBe(201);
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 60 * 60_000);
    const early = await sell(student, portfolio, apple.id);
    expect(early.statusCode).toBe(400);
    expect(early.json().non_field_errors[0]).toBe(
      'This contest asks you to keep a stock at least 1 day after you buy it, and you bought AAPL less than 1 day ago.',
    );
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 86_400_000);
    expect((await sell(student, portfolio, apple.id)).statusCode).toBe(201);
  });

  it('counts from the latest buy of the stock', async () => {
    const { student, portfolio } = await contestWith({ min_holding_minutes: 90 });
    const apple = await security('AAPL');
    expect((await buy(student, portfolio, apple.id)).statusCode).toBe(201);
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 100 * 60_000);
    expect((await buy(student, portfolio, apple.id)).statusCode).toBe(201);
    const early = await sell(student, portfolio, apple.id);
    expect(early.json()).toEqual(refusedWith(ruleMessages.holdLonger('AAPL', 90)));
    t.app.market.clock.now = () => new Date(marketTimes.open.getTime() + 191 * 60_000);
    expect((await sell(student, portfolio, apple.id)).statusCode).toBe(201);
  });
});

describe('presets and the rule body', () => {
  it('fills the rules from a preset, and a preset with a changed value is custom', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const beginner = await buildContest(t, teacher, { rule_preset: 'beginner' });
    expect(beginner).toMatchObject({ rule_preset: 'beginner', ...RULE_PRESETS.beginner });
    const changed = await buildContest(t, teacher, {
      rule_preset: 'classic',
      max_trades_per_day: 5,
    });
    expect(changed).toMatchObject({
      rule_preset: 'custom',
      ...RULE_PRESETS.classic,
      max_trades_per_day: 5,
    });
    const plain = await buildContest(t, teacher);
    expect(plain).toMatchObject({
      rule_preset: 'custom',
      allowed_symbols: null,
      blocked_symbols: [],
      allowed_sectors: null,
      blocked_sectors: [],
      min_share_price: null,
      max_trades_per_day: null,
      min_holding_minutes: null,
      max_position_weight: null,
    });
  });

  it('refuses unknown tickers and sectors, and values out of range, field by field', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const contest = await buildContest(t, teacher);
    const call = callAs(t);
    const unknown = await call(teacher, 'PUT', `/api/contests/${contest.id}/rules/`, {
      blocked_symbols: ['AAPL', 'ZZZZQ'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ blocked_symbols: [ruleMessages.unknownTicker('ZZZZQ')] });
    const wrong = await call(teacher, 'PUT', `/api/contests/${contest.id}/rules/`, {
      blocked_sectors: ['Crypto'],
      max_trades_per_day: 0,
      min_share_price: -5,
      min_holding_minutes: 1.5,
    });
    expect(wrong.statusCode).toBe(400);
    // A list's item is named by its place (platform/validation.ts).
    expect(Object.keys(wrong.json()).sort()).toEqual([
      'blocked_sectors.0',
      'max_trades_per_day',
      'min_holding_minutes',
      'min_share_price',
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/contests/',
      headers: teacher.auth,
      payload: {
        name: 'Typo contest',
        visibility: 'public',
        starts_at: new Date(marketTimes.open.getTime() - 86_400_000).toISOString(),
        ends_at: new Date(marketTimes.open.getTime() + 86_400_000).toISOString(),
        starting_cash: 1_000_000,
        allowed_symbols: ['APPL'],
      },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ allowed_symbols: [ruleMessages.unknownTicker('APPL')] });
  });
});

describe('who may change the rules', () => {
  it('lets the owner change them and refuses a member (403) and an outsider (404)', async () => {
    const owner = await buildUser(t.deps, { is_teacher: true });
    const contest = await buildContest(t, owner, { visibility: 'private' });
    const call = callAs(t);
    const url = `/api/contests/${contest.id}/rules/`;
    const changed = await call(owner, 'PUT', url, { rule_preset: 'beginner' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ rule_preset: 'beginner', max_trades_per_day: 10 });

    const member = await buildUser(t.deps);
    const joined = await call(member, 'POST', '/api/contest-users/', {
      contest: contest.id,
      code: contest.join_code,
    });
    expect(joined.statusCode).toBe(201);
    const refused = await call(member, 'PUT', url, { rule_preset: 'advanced' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: contestMessages.notRulesEditor });

    const outsider = await buildUser(t.deps);
    expect((await call(outsider, 'PUT', url, { rule_preset: 'advanced' })).statusCode).toBe(404);
    const after = await call(owner, 'GET', `/api/contests/${contest.id}/`);
    expect(after.json().rule_preset).toBe('beginner');
  });

  it('lets the class’s teacher change a class contest’s rules, not its student', async () => {
    const first = await buildUser(t.deps, { is_teacher: true });
    const { classroom, student } = await createClassWithStudents(t.app, first, {
      name: 'Rules class',
    });
    const call = callAs(t);
    const started = await call(
      first,
      'POST',
      `/api/classrooms/classrooms/${classroom.id}/contests/`,
      {
        name: 'Class rules',
        starts_at: new Date(marketTimes.open.getTime() - 86_400_000).toISOString(),
        ends_at: new Date(marketTimes.open.getTime() + 30 * 86_400_000).toISOString(),
        starting_cash: 1_000_000,
        blocked_symbols: ['XOM'],
      },
    );
    expect(started.statusCode).toBe(201);
    expect(started.json().blocked_symbols).toEqual(['XOM']);
    const url = `/api/contests/${started.json().id}/rules/`;
    const refused = await call(student, 'PUT', url, { blocked_symbols: [] });
    expect(refused.statusCode).toBe(403);

    // The class changes hands: its new teacher, no member of the contest, may change the rules.
    const next = await buildUser(t.deps, { is_teacher: true });
    await t.deps.db
      .update(classrooms)
      .set({ teacherId: next.user.id })
      .where(eq(classrooms.id, classroom.id));
    const changed = await call(next, 'PUT', url, { blocked_symbols: ['XOM', 'CVX'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().blocked_symbols).toEqual(['XOM', 'CVX']);
  });
});
