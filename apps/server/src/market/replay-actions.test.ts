import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketCorporateActions } from '../db/schema/index.ts';
import { buildContest, buildTestApp, buildUser, postOrder, type TestApp } from '../test/app.ts';
import { applyCorporateActions } from '../trading/actions-service.ts';
import { parseDividendsCsv, parseSplitsCsv } from './import-actions.ts';
import { parseBarsCsv } from './import-bars.ts';
import { saveBars, saveImportedActions } from './queries.ts';
import type { ReplayProvider } from './provider-replay.ts';
import { securityBySymbol } from './universe.ts';

/**
 * Dividends and splits imported from CSV (the files `npm run market:import` reads) reach the
 * replay provider and, through the trading job, a contest holding: AAPL splits 4-for-1 on
 * Wednesday 11 June 2025 (its bars trade at a quarter from then on) and pays 26¢ a share
 * with an ex-date of Thursday 12 June, paid Friday 13 June.
 */
const BARS = `symbol,date,open,high,low,close,volume
AAPL,2025-06-09,200.00,203.50,199.10,202.00,1000
AAPL,2025-06-10,202.00,209.00,201.00,208.00,
AAPL,2025-06-11,52.00,53.00,51.50,52.50,1200
AAPL,2025-06-12,52.50,53.50,52.00,53.00,1300
AAPL,2025-06-13,53.00,54.00,52.80,53.50,1100
`;
const DIVIDENDS = `symbol,ex_date,pay_date,amount
AAPL,2025-06-12,2025-06-13,0.2625
NOTREAL,2025-06-12,2025-06-13,1.00
`;
const SPLITS = `symbol,date,ratio

AAPL,2025-06-11,4:1
`;
/** Tuesday 10 June 2025, 11:00 in New York: open, before the split. */
const TUESDAY_OPEN = Date.parse('2025-06-10T15:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ MARKET_PROVIDER: 'replay' });
});
afterAll(async () => t.close());

async function importFixture(): Promise<void> {
  const dividends = parseDividendsCsv(DIVIDENDS);
  const splits = parseSplitsCsv(SPLITS);
  expect([...dividends.errors, ...splits.errors]).toEqual([]);
  expect(dividends.skippedSymbols).toEqual(['NOTREAL']);
  await saveBars(t.deps.db, parseBarsCsv(BARS).bars);
  await saveImportedActions(t.deps.db, { dividends: dividends.actions, splits: splits.actions });
  await (t.app.market.provider as ReplayProvider).load();
}

describe('dividends and splits files', () => {
  it('parses dividends (to the cent) and splits (N:D)', () => {
    expect(parseDividendsCsv(DIVIDENDS).actions).toEqual([
      { symbol: 'AAPL', exDate: '2025-06-12', payDate: '2025-06-13', cashCents: 26 },
    ]);
    expect(parseSplitsCsv(SPLITS).actions).toEqual([
      { symbol: 'AAPL', effectiveDate: '2025-06-11', numerator: 4, denominator: 1 },
    ]);
    expect(parseSplitsCsv('symbol,date,ratio\nmsft,2025-06-11,1:10\n').actions[0]).toMatchObject({
      symbol: 'MSFT',
      numerator: 1,
      denominator: 10,
    });
  });

  it('refuses bad lines with their line numbers, and a wrong header', () => {
    const dividends = parseDividendsCsv(`symbol,ex_date,pay_date,amount
AAPL,2025-06-12,2025-06-13,0.26
AAPL,12/06/2025,2025-06-13,0.26
AAPL,2025-06-12,2025-06-11,0.26

AAPL,2025-06-13,2025-02-30,0.26
AAPL,2025-06-16,2025-06-20,0.004
AAPL,2025-06-17,2025-06-20,-1
AAPL,2025-06-12,2025-06-20,0.30
AAPL,2025-06-18,2025-06-20
`);
    expect(dividends.errors).toEqual([
      'line 3: ex_date must be YYYY-MM-DD',
      'line 4: pay_date must be on or after ex_date',
      'line 6: pay_date must be YYYY-MM-DD',
      'line 7: amount must be dollars per share of at least one cent (0.24)',
      'line 8: amount must be dollars per share of at least one cent (0.24)',
      'line 9: AAPL already has a dividend on 2025-06-12 (line 2)',
      'line 10: expected 4 columns, found 3',
    ]);
    const splits = parseSplitsCsv(`symbol,date,ratio
AAPL,2025-06-11,1:1
AAPL,2025-06-12,4
AAPL,2025-06-13,0:1
AAPL,2025-06-16,1001:1
AAPL,2025-06-17,1.5:1
AAPL,June 18,2:1
`);
    expect(splits.errors.map((error) => error.slice(0, 14))).toEqual([
      'line 2: ratio ',
      'line 3: ratio ',
      'line 4: ratio ',
      'line 5: ratio ',
      'line 6: ratio ',
      'line 7: date m',
    ]);
    expect(parseSplitsCsv('symbol,date,numerator\n').errors).toEqual([
      'line 1: the header must be symbol,date,ratio',
    ]);
  });

  it('stores them once however often they are imported', async () => {
    await importFixture();
    await importFixture();
    const rows = await t.deps.db.select().from(marketCorporateActions);
    expect(rows.map(({ kind, symbol, day, source }) => ({ kind, symbol, day, source }))).toEqual(
      expect.arrayContaining([
        { kind: 'dividend', symbol: 'AAPL', day: '2025-06-12', source: 'imported' },
        { kind: 'split', symbol: 'AAPL', day: '2025-06-11', source: 'imported' },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});

describe('the replay provider and a contest holding', () => {
  it('quotes and charts the actual prices, comparing the split day with the adjusted close', async () => {
    const provider = t.app.market.provider;
    const splitEvening = Date.parse('2025-06-11T22:00:00Z');
    // The first split-adjusted day: 52.50 against 208.00 ÷ 4, a rise of 1%, not a 75% fall.
    expect(await provider.quote('AAPL', splitEvening)).toMatchObject({
      lastCents: 5250,
      previousCloseCents: 5200,
    });
    const splitMorning = await provider.quote('AAPL', Date.parse('2025-06-11T14:00:00Z'));
    expect(splitMorning).toMatchObject({ isOpen: true, previousCloseCents: 5200 });
    // The evening before, the split has not happened: the previous close is as it traded.
    expect(await provider.quote('AAPL', Date.parse('2025-06-10T22:00:00Z'))).toMatchObject({
      lastCents: 20800,
      previousCloseCents: 20200,
    });
    expect(await provider.quote('AAPL', Date.parse('2025-06-12T22:00:00Z'))).toMatchObject({
      lastCents: 5300,
      previousCloseCents: 5250,
    });
    // The chart shows the step as it traded.
    const closes = await provider.dailyCloses(
      'AAPL',
      Date.parse('2025-06-01T00:00:00Z'),
      Date.parse('2025-06-13T22:00:00Z'),
    );
    expect(closes.map((point) => point.cents)).toEqual([20200, 20800, 5250, 5300, 5350]);
    // No news of a 75% fall, and the actions are listed only once they took effect.
    expect(await provider.events({ symbol: 'AAPL' }, splitEvening)).toEqual([]);
    const actions = await provider.corporateActions(TUESDAY_OPEN, splitEvening);
    expect(actions.map((action) => action.key)).toEqual([
      'split:AAPL:2025-06-11',
      'dividend:AAPL:2025-06-12',
    ]);
    expect(
      await provider.corporateActions(TUESDAY_OPEN, Date.parse('2025-06-10T19:59:00Z')),
    ).toEqual([]);
  });

  it('splits the holding and pays the dividend on the split shares through the trading job', async () => {
    let now = TUESDAY_OPEN;
    t.app.market.clock.now = () => new Date(now);
    const holder = await buildUser(t.deps);
    const contest = await buildContest(t, holder, {
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
    });
    const member = contest.my_contest_user;
    const bought = await postOrder(t, holder, {
      contest_user: member,
      security: securityBySymbol.get('AAPL')!.id,
      order_type: 'BUY',
      quantity: 10,
    });
    expect(bought.statusCode, bought.body).toBe(201);

    // Thursday evening: split applied, dividend entitled (holders at Wednesday's close), not paid.
    now = Date.parse('2025-06-12T22:00:00Z');
    const thursday = await applyCorporateActions(t.deps.db, t.app.market, TUESDAY_OPEN);
    expect(thursday).toMatchObject({ split: 1, entitled: 1, paid: 0 });
    // Friday after the open: paid, 40 shares × 26¢.
    now = Date.parse('2025-06-13T15:00:00Z');
    const friday = await applyCorporateActions(
      t.deps.db,
      t.app.market,
      Date.parse('2025-06-12T22:00:00Z'),
    );
    expect(friday).toMatchObject({ split: 0, entitled: 0, paid: 1 });
    const again = await applyCorporateActions(t.deps.db, t.app.market, TUESDAY_OPEN);
    expect(again).toMatchObject({ split: 0, entitled: 0, paid: 0 });

    const holdings = await t.app.inject({
      method: 'GET',
      url: `/api/contest-user-securities/?contest_user=${member}`,
      headers: holder.auth,
    });
    expect(holdings.json().results[0]).toMatchObject({ symbol: 'AAPL', share: 40 });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/contest-user-orders/?contest_user=${member}`,
      headers: holder.auth,
    });
    const lines = history.json().results as {
      action?: { kind: string };
      quantity: number;
      total: number;
    }[];
    expect(lines.find((line) => line.action?.kind === 'split')).toMatchObject({
      quantity: 40,
      total: 0,
    });
    expect(lines.find((line) => line.action?.kind === 'dividend')).toMatchObject({
      quantity: 40,
      total: 40 * 26,
    });
    const stats = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio-stats/',
      headers: holder.auth,
      payload: { contest_user: member },
    });
    expect(stats.json().dividends).toBe(1040);
  });
});
