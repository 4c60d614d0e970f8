import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions } from '../db/schema/index.ts';
import { buildContest, buildTestApp, buildUser, postOrder, type TestApp } from '../test/app.ts';
import { parseBarsCsv } from './import-bars.ts';
import type { ReplayProvider } from './provider-replay.ts';
import { saveBars } from './queries.ts';
import { securityBySymbol } from './universe.ts';

/**
 * The reference date of replayed prices (docs/market.md "Replay"): the real trading day the
 * quotes come from, read through /api/market/status/ as the web app reads it. Bars for Monday
 * 9 to Wednesday 11 June 2025; MSFT's stop on the Tuesday.
 */
const BARS = `symbol,date,open,high,low,close,volume
AAPL,2025-06-09,200.00,203.50,199.10,202.00,1000
AAPL,2025-06-10,202.00,210.00,201.00,209.00,
AAPL,2025-06-11,209.00,212.00,205.00,206.50,1200
MSFT,2025-06-09,470.00,472.00,468.00,471.00,900
MSFT,2025-06-10,471.00,475.00,470.00,474.00,900
`;

let t: TestApp;
let now = 0;
beforeAll(async () => {
  t = await buildTestApp({ MARKET_PROVIDER: 'replay' });
  t.app.market.clock.now = () => new Date(now);
});
afterAll(async () => t.close());

async function statusAt(instant: string) {
  now = Date.parse(instant);
  const response = await t.app.inject({ method: 'GET', url: '/api/market/status/' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function lastPriceOf(symbol: string): Promise<number> {
  const id = securityBySymbol.get(symbol)?.id;
  const response = await t.app.inject({ method: 'GET', url: `/api/securities/${id}/` });
  return response.json().last_price;
}

describe('the reference date of replayed prices', () => {
  it('says real prices, and that none are imported yet', async () => {
    expect(await statusAt('2025-06-10T15:00:00Z')).toMatchObject({
      provider: 'replay',
      simulated: false,
      reference_date: null,
      reference_state: 'before_first_bar',
    });
  });

  it('names the trading day of the bars in use, from the first bar to the last', async () => {
    await saveBars(t.deps.db, parseBarsCsv(BARS).bars);
    await (t.app.market.provider as ReplayProvider).load();

    // Before the first bar has closed, nothing is priced yet: the first day is named.
    for (const instant of ['2025-06-08T15:00:00Z', '2025-06-09T15:00:00Z']) {
      expect(await statusAt(instant)).toMatchObject({
        reference_date: '2025-06-09',
        reference_state: 'before_first_bar',
      });
    }
    expect(await lastPriceOf('AAPL')).toBe(0);

    const replaying = (date: string) => ({ reference_date: date, reference_state: 'replaying' });
    // Monday evening: Monday's closes.
    expect(await statusAt('2025-06-09T22:00:00Z')).toMatchObject(replaying('2025-06-09'));
    expect(await lastPriceOf('AAPL')).toBe(20200);
    // Tuesday's session, live; Wednesday before the open still shows Tuesday's closes.
    expect(await statusAt('2025-06-10T15:00:00Z')).toMatchObject({
      ...replaying('2025-06-10'),
      is_open: true,
    });
    expect(await statusAt('2025-06-11T12:00:00Z')).toMatchObject(replaying('2025-06-10'));
    expect(await lastPriceOf('AAPL')).toBe(20900);
    // Wednesday is the last day of any bar; MSFT, whose bars stop on Tuesday, stays there.
    expect(await statusAt('2025-06-11T22:00:00Z')).toMatchObject(replaying('2025-06-11'));
    expect(await lastPriceOf('MSFT')).toBe(47400);
    // Thursday before the open, nothing newer is due yet.
    expect(await statusAt('2025-06-12T12:00:00Z')).toMatchObject(replaying('2025-06-11'));
  });

  it('says prices are frozen at the last bar once a newer session opens without one', async () => {
    expect(await statusAt('2025-06-12T15:00:00Z')).toMatchObject({
      is_open: true,
      reference_date: '2025-06-11',
      reference_state: 'after_last_bar',
    });
    expect(await lastPriceOf('AAPL')).toBe(20650);
    expect(await statusAt('2026-12-07T15:00:00Z')).toMatchObject({
      reference_date: '2025-06-11',
      reference_state: 'after_last_bar',
    });
    expect(await lastPriceOf('AAPL')).toBe(20650);
  });
});

describe('a running contest when the server switches to replayed prices', () => {
  it('keeps a holding without bars readable, priced at zero, and trades the others', async () => {
    now = Date.parse('2025-06-12T15:00:00Z');
    const holder = await buildUser(t.deps);
    const contest = await buildContest(t, holder);
    const member = contest.my_contest_user;
    // Bought under the simulated exchange: NVDA has no imported bar, so it is not listed now.
    await t.deps.db.insert(positions).values({
      contestUserId: member,
      securityId: securityBySymbol.get('NVDA')!.id,
      symbol: 'NVDA',
      shares: 5,
      costBasisCents: 5 * 15_000,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/securities/?search=NVDA` })).json().count,
    ).toBe(0);
    const bought = await postOrder(t, holder, {
      contest_user: member,
      security: securityBySymbol.get('AAPL')!.id,
      order_type: 'BUY',
      quantity: 10,
    });
    expect(bought.statusCode, bought.body).toBe(201);

    const holdings = await t.app.inject({
      method: 'GET',
      url: `/api/contest-user-securities/?contest_user=${member}`,
      headers: holder.auth,
    });
    expect(holdings.statusCode, holdings.body).toBe(200);
    const bySymbol = Object.fromEntries(
      (holdings.json().results as { symbol: string; last_price: number; value: number }[]).map(
        (holding) => [holding.symbol, holding],
      ),
    );
    expect(bySymbol.AAPL).toMatchObject({ last_price: 20650, value: 10 * 20650 });
    expect(bySymbol.NVDA).toMatchObject({ last_price: 0, value: 0 });
    expect(holdings.json().value).toBe(contest.starting_cash);
    const stats = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio-stats/',
      headers: holder.auth,
      payload: { contest_user: member },
    });
    expect(stats.statusCode, stats.body).toBe(200);
  });
});
