import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contestUsers, orders, portfolioAdjustments, positions } from '../db/schema/index.ts';
import { buildContest, buildTestApp, buildUser, marketTimes, type TestApp } from '../test/app.ts';

/**
 * The real service under random sequences of market, limit, stop and stop-limit orders (good for
 * the day or till cancelled), cancels, jobs and the clock moving through open and closed hours:
 * after every step the books balance to the cent.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Step =
  | {
      kind: 'order';
      side: 'BUY' | 'SELL';
      security: number;
      quantity: number;
      limitPercent: number | null;
      stopBps: number | null;
      day: boolean;
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'wait'; minutes: number }
  | { kind: 'jobs' }
  | { kind: 'adjust'; amount: number }
  | { kind: 'reset' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      security: fc.integer({ min: 1, max: 3 }),
      quantity: fc.integer({ min: 1, max: 60 }),
      limitPercent: fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }),
      // One order in two carries a stop, up to 1.5% from the price, on either side (the
      // session refuses one the price has already crossed).
      stopBps: fc.oneof(
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.integer({ min: -150, max: 150 }) },
      ),
      day: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      minutes: fc.constantFrom(7, 90, 600, 1440, 2880),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('jobs' as const) }) },
  // A teacher's cash adjustment (docs/decisions/049-portfolio-reset-and-cash-adjustment.md),
  // sometimes more than the buying power (refused), and a reset.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      amount: fc.integer({ min: -500_000, max: 500_000 }).filter((amount) => amount !== 0),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const) }) },
);

async function checkBooks(contestUserId: number, startingCash: number, at: number) {
  const [account] = await t.deps.db
    .select()
    .from(contestUsers)
    .where(eq(contestUsers.id, contestUserId));
  const held = await t.deps.db
    .select()
    .from(positions)
    .where(eq(positions.contestUserId, contestUserId));
  const all = await t.deps.db.select().from(orders).where(eq(orders.contestUserId, contestUserId));
  // A reset starts the books again: the ledger is what came after the last one.
  const lines = await t.deps.db
    .select()
    .from(portfolioAdjustments)
    .where(eq(portfolioAdjustments.contestUserId, contestUserId))
    .orderBy(portfolioAdjustments.id);
  const lastReset = lines.filter((line) => line.kind === 'reset').at(-1);
  const adjusted = lines
    .filter((line) => line.kind === 'cash' && line.id > (lastReset?.id ?? 0))
    .reduce((sum, line) => sum + line.amountCents, 0);
  const filled = all.filter(
    (order) => order.status === 'filled' && order.id > (lastReset?.lastOrderId ?? 0),
  );
  expect(account!.cashCents).toBeGreaterThanOrEqual(0);
  expect(account!.cashCents).toBe(
    filled.reduce((sum, order) => sum + order.cashDeltaCents!, startingCash + adjusted),
  );
  expect(account!.realizedPnlCents).toBe(
    filled.reduce((sum, order) => sum + (order.realizedPnlCents ?? 0), 0),
  );
  expect(account!.commissionsCents).toBe(
    filled.reduce((sum, order) => sum + order.commissionCents, 0),
  );
  let marketValue = 0;
  let unrealized = 0;
  for (const position of held) {
    expect(position.shares).toBeGreaterThanOrEqual(0);
    const shares = filled
      .filter((order) => order.securityId === position.securityId)
      .reduce((sum, order) => sum + (order.side === 'BUY' ? order.quantity : -order.quantity), 0);
    expect(position.shares).toBe(shares);
    const price = (await t.app.market.provider.quote(position.symbol, at))!.lastCents;
    marketValue += position.shares * price;
    unrealized += position.shares * price - position.costBasisCents;
  }
  expect(account!.cashCents + marketValue).toBe(
    startingCash + adjusted + account!.realizedPnlCents + unrealized - account!.commissionsCents,
  );
  for (const order of all) {
    if (order.status === 'filled') expect(order.fillPriceCents).toBeGreaterThan(0);
    else expect(order.cashDeltaCents).toBeNull();
  }
  // Reservations: what pending orders set aside, never more than the cash or the shares.
  const pending = all.filter((order) => order.status === 'pending');
  expect(account!.reservedCashCents).toBeGreaterThanOrEqual(0);
  expect(account!.reservedCashCents).toBe(
    pending.reduce((sum, order) => sum + order.reservedCashCents, 0),
  );
  expect(account!.cashCents - account!.reservedCashCents).toBeGreaterThanOrEqual(0);
  for (const position of held) {
    expect(position.reservedShares).toBeGreaterThanOrEqual(0);
    expect(position.reservedShares).toBeLessThanOrEqual(position.shares);
    expect(position.reservedShares).toBe(
      pending
        .filter((order) => order.securityId === position.securityId)
        .reduce((sum, order) => sum + order.reservedShares, 0),
    );
  }
  return pending.length;
}

it('keeps the books balanced and reservations covered through random orders, cancels, jobs and market hours', async () => {
  const owner = await buildUser(t.deps);
  const seen = {
    filled: 0,
    queued: 0,
    filledLater: 0,
    cancelled: 0,
    refused: 0,
    /** Steps that ended with more than one order holding a reservation at once. */
    severalReserved: 0,
    adjusted: 0,
    reset: 0,
  };
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 20_000, max: 2_000_000 }),
      fc.integer({ min: 0, max: 500 }),
      fc.array(step, { minLength: 5, maxLength: 25 }),
      async (startingCash, commission, steps) => {
        // 9:40 in New York: the session is open; the waits move through the close and the night.
        let now = marketTimes.open.getTime() - 20 * 60_000;
        t.app.market.clock.now = () => new Date(now);
        const contest = await buildContest(t, owner, {
          starting_cash: startingCash,
          commission,
          starts_at: new Date(now - 86_400_000).toISOString(),
          ends_at: new Date(now + 30 * 86_400_000).toISOString(),
        });
        const pending: number[] = [];
        for (const current of steps) {
          if (current.kind === 'order') {
            const price = (await t.app.market.provider.quote(
              ['AAPL', 'MSFT', 'NVDA'][current.security - 1]!,
              now,
            ))!;
            const percentOf = (percent: number) =>
              Math.max(1, Math.round((price.lastCents * (100 + percent)) / 100));
            const limit =
              current.limitPercent === null ? undefined : percentOf(current.limitPercent);
            // A stop on the side where it waits (above for a buy, below for a sell), or at the
            // price on the other side, which the session refuses.
            const stop =
              current.stopBps === null
                ? undefined
                : Math.max(
                    1,
                    Math.round(
                      (price.lastCents *
                        (10_000 + (current.side === 'BUY' ? current.stopBps : -current.stopBps))) /
                        10_000,
                    ),
                  );
            const kind =
              stop === undefined
                ? limit === undefined
                  ? 'market'
                  : 'limit'
                : limit === undefined
                  ? 'stop'
                  : 'stop_limit';
            const response = await t.app.inject({
              method: 'POST',
              url: '/api/contest-user-orders/',
              headers: owner.auth,
              payload: {
                contest_user: contest.my_contest_user,
                security: current.security,
                order_type: current.side,
                quantity: current.quantity,
                kind,
                ...(limit === undefined ? {} : { limit_price: limit }),
                ...(stop === undefined ? {} : { stop_price: stop }),
                time_in_force: current.day ? 'day' : 'gtc',
              },
            });
            expect([201, 400]).toContain(response.statusCode);
            const status = response.json().status;
            if (status === 'pending') pending.push(response.json().id);
            if (status === 'pending') seen.queued += 1;
            else if (status === 'filled') seen.filled += 1;
            else seen.refused += 1;
          } else if (current.kind === 'cancel' && pending.length > 0) {
            const id = pending.splice(current.pick % pending.length, 1)[0]!;
            const response = await t.app.inject({
              method: 'DELETE',
              url: `/api/contest-invests/${id}/`,
              headers: owner.auth,
            });
            expect([200, 409]).toContain(response.statusCode);
            if (response.statusCode === 200) seen.cancelled += 1;
          } else if (current.kind === 'wait') {
            now += current.minutes * 60_000;
          } else if (current.kind === 'jobs') {
            seen.filledLater += (await t.app.trading.run()).filled;
          } else if (current.kind === 'adjust') {
            const response = await t.app.inject({
              method: 'POST',
              url: `/api/contests/${contest.id}/adjustments/`,
              headers: owner.auth,
              payload: {
                contest_user: contest.my_contest_user,
                amount: current.amount,
                reason: 'Books check',
              },
            });
            expect([201, 400, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) seen.adjusted += 1;
          } else if (current.kind === 'reset') {
            const response = await t.app.inject({
              method: 'POST',
              url: `/api/contests/${contest.id}/resets/`,
              headers: owner.auth,
              payload: { contest_user: contest.my_contest_user, reason: 'Books check' },
            });
            expect(response.statusCode).toBe(201);
            seen.reset += 1;
          }
          const reserving = await checkBooks(contest.my_contest_user, startingCash, now);
          if (reserving > 1) seen.severalReserved += 1;
        }
      },
    ),
    { numRuns: 30, seed: 20261205 },
  );
  // Stops triggered and filled, stop-limits triggered, day orders expired at the close.
  const all = await t.deps.db.select().from(orders);
  const mine = new Set(
    (
      await t.deps.db
        .select({ id: contestUsers.id })
        .from(contestUsers)
        .where(eq(contestUsers.userId, owner.user.id))
    ).map((row) => row.id),
  );
  const ours = all.filter((order) => mine.has(order.contestUserId));
  Object.assign(seen, {
    stopsTriggered: ours.filter(
      (order) => order.kind !== 'market' && order.kind !== 'limit' && order.triggeredAt !== null,
    ).length,
    dayOrdersExpired: ours.filter(
      (order) =>
        order.timeInForce === 'day' && order.status === 'cancelled' && order.rejectionReason,
    ).length,
  });
  // The sequences reached every path: immediate fills, queued orders filled later, cancels,
  // refusals, stops.
  for (const [path, count] of Object.entries(seen)) expect(count, path).toBeGreaterThan(0);
}, 120_000);
