import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  contestUsers,
  corporateActionEntries,
  orders,
  positions,
  users,
} from '../db/schema/index.ts';
import { isoDay, newYorkDay, nextTradingDay } from '../market/calendar.ts';
import type { DividendAction } from '../market/corporate-actions.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  marketTimes,
  postOrder,
  type TestApp,
} from '../test/app.ts';
import { applyCorporateActions } from './actions-service.ts';

/**
 * Dividends and splits applied by the real job to random portfolios (docs/decisions/012): the
 * books balance to the cent after every step, no share or cent is created or lost, a split
 * keeps each holding's value (to the half cent of a paid fraction), and a second run changes
 * nothing.
 */
let t: TestApp;
let staff: Awaited<ReturnType<typeof buildUser>>;
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA'] as const;
/** A forward, a reverse and a fractional split, scheduled once for every run. */
const SPLITS = [
  { symbol: 'AAPL', numerator: 3, denominator: 2 },
  { symbol: 'MSFT', numerator: 1, denominator: 4 },
  { symbol: 'NVDA', numerator: 10, denominator: 1 },
];
let splitDate: string;
let dividends: DividendAction[];
const start = marketTimes.open.getTime();
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  t.app.market.clock.now = () => new Date(start);
  staff = await buildUser(t.deps);
  await t.deps.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  const calendar = t.app.market.provider.calendar;
  splitDate = isoDay(nextTradingDay(calendar, newYorkDay(start) + 20));
  for (const split of SPLITS) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/market/splits/',
      headers: staff.auth,
      payload: { ...split, effective_date: splitDate },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  dividends = (await t.app.market.provider.corporateActions(start, start + 100 * DAY)).filter(
    (action): action is DividendAction =>
      action.kind === 'dividend' && (SYMBOLS as readonly string[]).includes(action.symbol),
  );
});
afterAll(async () => t.close());

it('finds dividends of every symbol in the window and prices a split from its effective instant', async () => {
  expect(new Set(dividends.map((dividend) => dividend.symbol))).toEqual(new Set(SYMBOLS));
  const actions = await t.app.market.provider.corporateActions(start, start + 100 * DAY);
  const split = actions.find((action) => action.kind === 'split' && action.symbol === 'NVDA');
  expect(split).toBeDefined();
  if (split?.kind !== 'split') return;
  const before = await t.app.market.provider.quote('NVDA', split.effectiveAt);
  const after = await t.app.market.provider.quote('NVDA', split.effectiveAt + 1);
  // The same close, divided by ten from the effective instant on (previous close too).
  expect(after!.lastCents).toBe(Math.round(before!.lastCents / 10));
  expect(after!.previousCloseCents).toBe(Math.round(before!.previousCloseCents / 10));
  // Never the future: nothing after `at` is listed.
  expect(
    (await t.app.market.provider.corporateActions(start, split.effectiveAt - 1)).some(
      (action) => action.key === split.key,
    ),
  ).toBe(false);
});

type Books = { cash: number; realized: number; dividends: number; shares: Map<number, number> };

/** Replays fills and action entries in time order and compares with the stored books. */
async function checkBooks(contestUserId: number, startingCash: number, at: number) {
  const db = t.deps.db;
  const [account] = await db.select().from(contestUsers).where(eq(contestUsers.id, contestUserId));
  const held = await db.select().from(positions).where(eq(positions.contestUserId, contestUserId));
  const all = await db.select().from(orders).where(eq(orders.contestUserId, contestUserId));
  const entries = await db
    .select()
    .from(corporateActionEntries)
    .where(eq(corporateActionEntries.contestUserId, contestUserId));
  const books: Books = { cash: startingCash, realized: 0, dividends: 0, shares: new Map() };
  const events = [
    ...all
      .filter((order) => order.status === 'filled')
      .map((order) => ({ at: order.closedAt!.getTime(), order, entry: null })),
    ...entries.map((entry) => ({ at: entry.effectiveAt.getTime(), order: null, entry })),
  ].sort((a, b) => a.at - b.at);
  for (const event of events) {
    if (event.order) {
      const { order } = event;
      const before = books.shares.get(order.securityId) ?? 0;
      books.shares.set(order.securityId, before + (order.side === 'BUY' ? 1 : -1) * order.quantity);
      books.cash += order.cashDeltaCents!;
      books.realized += order.realizedPnlCents ?? 0;
      continue;
    }
    const entry = event.entry!;
    const shares = books.shares.get(entry.securityId) ?? 0;
    if (entry.kind === 'dividend') {
      // Entitled: the shares held at the close before the ex-date, paid in full on the pay date.
      expect(entry.shares).toBe(shares);
      expect(entry.cashCents).toBe(entry.shares * entry.perShareCents!);
      if (entry.status === 'paid') {
        books.cash += entry.cashCents;
        books.dividends += entry.cashCents;
      }
      continue;
    }
    const { numerator, denominator } = {
      numerator: entry.numerator!,
      denominator: entry.denominator!,
    };
    expect(entry.shares).toBe(shares);
    expect(entry.sharesAfter).toBe(Math.floor((shares * numerator) / denominator));
    const price = (await t.app.market.provider.quote(entry.symbol, entry.effectiveAt.getTime()))!
      .lastCents;
    // Value kept: new shares at price ÷ ratio plus the fraction's cash = old shares × price.
    const valueTimesN = entry.sharesAfter! * price * denominator + entry.cashCents * numerator;
    expect(Math.abs(valueTimesN - shares * price * numerator)).toBeLessThanOrEqual(numerator / 2);
    books.shares.set(entry.securityId, entry.sharesAfter!);
    books.cash += entry.cashCents;
    books.realized += entry.realizedPnlCents;
  }
  expect(account!.cashCents).toBe(books.cash);
  expect(account!.realizedPnlCents).toBe(books.realized);
  let marketValue = 0;
  let unrealized = 0;
  for (const position of held) {
    expect(position.shares).toBe(books.shares.get(position.securityId) ?? 0);
    const price = (await t.app.market.provider.quote(position.symbol, at))!.lastCents;
    marketValue += position.shares * price;
    unrealized += position.shares * price - position.costBasisCents;
  }
  expect(account!.cashCents + marketValue).toBe(
    startingCash +
      account!.realizedPnlCents +
      unrealized -
      account!.commissionsCents +
      books.dividends,
  );
  const pending = all.filter((order) => order.status === 'pending');
  expect(account!.reservedCashCents).toBe(
    pending.reduce((sum, order) => sum + order.reservedCashCents, 0),
  );
  expect(account!.reservedCashCents).toBeLessThanOrEqual(account!.cashCents);
  for (const position of held) {
    expect(position.reservedShares).toBeLessThanOrEqual(position.shares);
    expect(position.reservedShares).toBe(
      pending
        .filter((order) => order.securityId === position.securityId)
        .reduce((sum, order) => sum + order.reservedShares, 0),
    );
  }
  return { entries };
}

it('keeps the books balanced to the cent through dividends and splits on random portfolios, and applies each once', async () => {
  const owner = await buildUser(t.deps);
  const seen = { dividendsPaid: 0, splits: 0, fractions: 0, ordersAdjusted: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 50_000_00, max: 5_000_000_00 }),
      fc.array(
        fc.record({
          security: fc.integer({ min: 1, max: 3 }),
          quantity: fc.integer({ min: 1, max: 40 }),
          limit: fc.option(fc.integer({ min: 50, max: 90 }), { nil: null }),
          side: fc.constantFrom('BUY' as const, 'SELL' as const),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 4 }),
      async (startingCash, placed, stops) => {
        let now = start;
        t.app.market.clock.now = () => new Date(now);
        const contest = await buildContest(t, owner, {
          starting_cash: startingCash,
          starts_at: new Date(now - DAY).toISOString(),
          ends_at: new Date(now + 120 * DAY).toISOString(),
        });
        const member = contest.my_contest_user;
        for (const order of placed) {
          const quote = await t.app.market.provider.quote(SYMBOLS[order.security - 1]!, now);
          const limit =
            order.limit === null
              ? {}
              : {
                  kind: 'limit',
                  // Limits that cannot fill yet: buys under the price, sells above it.
                  limit_price:
                    order.side === 'BUY'
                      ? Math.round((quote!.lastCents * order.limit) / 100)
                      : Math.round((quote!.lastCents * (200 - order.limit)) / 100),
                };
          const response = await postOrder(t, owner, {
            contest_user: member,
            security: order.security,
            order_type: order.side,
            quantity: order.quantity,
            ...limit,
          });
          expect([201, 400]).toContain(response.statusCode);
        }
        await checkBooks(member, startingCash, now);
        let since = now;
        for (const stop of [...stops.sort((a, b) => a - b), 119]) {
          now = start + stop * DAY;
          await applyCorporateActions(t.deps.db, t.app.market, since);
          since = now;
          await checkBooks(member, startingCash, now);
        }
        const { entries } = await checkBooks(member, startingCash, now);
        // Every due dividend was paid, and a second run from the start changes nothing.
        expect(entries.filter((entry) => entry.status === 'entitled')).toEqual([]);
        const again = await applyCorporateActions(t.deps.db, t.app.market, start - DAY);
        expect(again.entitled + again.paid + again.split).toBe(0);
        await checkBooks(member, startingCash, now);
        seen.dividendsPaid += entries.filter((entry) => entry.status === 'paid').length;
        seen.splits += entries.filter((entry) => entry.kind === 'split').length;
        seen.fractions += entries.filter((e) => e.kind === 'split' && e.cashCents > 0).length;
        const adjusted = await t.deps.db
          .select()
          .from(orders)
          .where(eq(orders.contestUserId, member));
        // Pending limit orders placed before the splits waited through them (adjusted or cancelled).
        seen.ordersAdjusted += adjusted.filter(
          (order) => order.status === 'pending' || order.rejectionReason?.includes('split'),
        ).length;
      },
    ),
    { numRuns: 10, seed: 20261123 },
  );
  for (const [path, count] of Object.entries(seen)) expect(count, path).toBeGreaterThan(0);
}, 180_000);

it('shows the dividend and split lines in the order history and dividends in the stats', async () => {
  const holder = await buildUser(t.deps);
  let now = start;
  t.app.market.clock.now = () => new Date(now);
  const contest = await buildContest(t, holder, {
    starts_at: new Date(now - DAY).toISOString(),
    ends_at: new Date(now + 120 * DAY).toISOString(),
  });
  const member = contest.my_contest_user;
  const bought = await postOrder(t, holder, {
    contest_user: member,
    security: 3,
    order_type: 'BUY',
    quantity: 7,
  });
  expect(bought.statusCode).toBe(201);
  now = start + 119 * DAY;
  await applyCorporateActions(t.deps.db, t.app.market, start);
  const history = await t.app.inject({
    method: 'GET',
    url: `/api/contest-user-orders/?contest_user=${member}`,
    headers: holder.auth,
  });
  expect(history.statusCode).toBe(200);
  const lines = history.json().results as {
    action?: { kind: string; shares_before: number };
    quantity: number;
    total: number;
  }[];
  const split = lines.find((line) => line.action?.kind === 'split');
  expect(split).toMatchObject({ quantity: 70, total: 0, action: { shares_before: 7 } });
  const paid = lines.filter((line) => line.action?.kind === 'dividend');
  expect(paid.length).toBeGreaterThan(0);
  const stats = await t.app.inject({
    method: 'POST',
    url: '/api/portfolio-stats/',
    headers: holder.auth,
    payload: { contest_user: member },
  });
  expect(stats.json().dividends).toBe(paid.reduce((sum, line) => sum + line.total, 0));
  const holdings = await t.app.inject({
    method: 'GET',
    url: `/api/contest-user-securities/?contest_user=${member}`,
    headers: holder.auth,
  });
  expect(holdings.json().results[0]).toMatchObject({ symbol: 'NVDA', share: 70 });
});
