import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannel } from '@bullpen/contract/realtime';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import { availablePoints, ledgerSum, recordPoints } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the points ledger', () => {
  it('adds entries in one go and returns the new balance of each user touched', async () => {
    const alice = await buildUser(t.deps);
    const bob = await buildUser(t.deps);
    const { balances, written } = await recordPoints(t.deps.db, [
      { userId: alice.user.id, points: 30, reason: 'module', source: 'module:1' },
      { userId: alice.user.id, points: 20, reason: 'lesson', source: 'lesson:1' },
      { userId: bob.user.id, points: 5, reason: 'module', source: 'module:1' },
    ]);
    expect(written).toHaveLength(3);
    expect(balances).toEqual(
      new Map([
        [alice.user.id, 50],
        [bob.user.id, 5],
      ]),
    );
    const after = await recordPoints(t.deps.db, [
      { userId: alice.user.id, points: -15, reason: 'redemption', source: 'redemption:1' },
    ]);
    expect(after.balances).toEqual(new Map([[alice.user.id, 35]]));
    expect(await availablePoints(t.deps.db, alice.user.id)).toBe(35);
  });

  it('pays a source once per user, however often it is written', async () => {
    const alice = await buildUser(t.deps);
    const entry = {
      userId: alice.user.id,
      points: 20,
      reason: 'module' as const,
      source: 'module:7',
    };
    expect((await recordPoints(t.deps.db, [entry])).written).toHaveLength(1);
    const again = await recordPoints(t.deps.db, [entry, { ...entry, points: 99 }]);
    expect(again.written).toEqual([]);
    expect(again.balances.get(alice.user.id)).toBe(20);
    expect(await ledgerSum(t.deps.db, alice.user.id)).toBe(20);
  });

  it('refuses a spend below 0 with how much is missing, and writes none of the batch', async () => {
    const alice = await buildUser(t.deps);
    await recordPoints(t.deps.db, [
      { userId: alice.user.id, points: 10, reason: 'module', source: 'module:1' },
    ]);
    await expect(
      recordPoints(t.deps.db, [
        { userId: alice.user.id, points: 5, reason: 'module', source: 'module:2' },
        { userId: alice.user.id, points: -40, reason: 'redemption', source: 'redemption:1' },
      ]),
    ).rejects.toMatchObject({
      statusCode: 409,
      body: { error: 'You need 25 more points for this.' },
    });
    expect(await availablePoints(t.deps.db, alice.user.id)).toBe(10);
    expect(await ledgerSum(t.deps.db, alice.user.id)).toBe(10);
  });

  it('refuses entries that are not a whole, non-zero number, and writes none of the batch', async () => {
    const alice = await buildUser(t.deps);
    for (const points of [0, 1.5, Number.NaN]) {
      await expect(
        recordPoints(t.deps.db, [
          { userId: alice.user.id, points: 10, reason: 'module', source: 'module:1' },
          { userId: alice.user.id, points, reason: 'module', source: 'module:2' },
        ]),
      ).rejects.toThrow(/whole, non-zero/);
    }
    expect(await availablePoints(t.deps.db, alice.user.id)).toBe(0);
  });

  it('keeps the balance equal to the sum of its entries and never below 0 (random sequences)', async () => {
    const step = fc.record({
      points: fc.integer({ min: -60, max: 60 }).filter((points) => points !== 0),
      // A small pool of sources, so repeats (which must not pay twice) are common.
      source: fc.integer({ min: 1, max: 12 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const user = await buildUser(t.deps);
        let expected = 0;
        const paid = new Set<number>();
        for (const { points, source } of steps) {
          const entry = {
            userId: user.user.id,
            points,
            reason: points > 0 ? ('module' as const) : ('redemption' as const),
            source: `s:${source}`,
          };
          const refused = !paid.has(source) && expected + points < 0;
          if (refused) {
            await expect(recordPoints(t.deps.db, [entry])).rejects.toMatchObject({
              statusCode: 409,
            });
          } else {
            await recordPoints(t.deps.db, [entry]);
            if (!paid.has(source)) {
              paid.add(source);
              expected += points;
            }
          }
          const balance = await availablePoints(t.deps.db, user.user.id);
          expect(balance).toBe(expected);
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(await ledgerSum(t.deps.db, user.user.id)).toBe(balance);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('lets concurrent spends through only while the balance lasts', async () => {
    const alice = await buildUser(t.deps);
    await recordPoints(t.deps.db, [
      { userId: alice.user.id, points: 100, reason: 'module', source: 'module:1' },
    ]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        recordPoints(t.deps.db, [
          { userId: alice.user.id, points: -7, reason: 'redemption', source: `r:${index}` },
        ]),
      ),
    );
    const spent = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    expect(spent).toBe(14);
    expect(await availablePoints(t.deps.db, alice.user.id)).toBe(2);
    expect(await ledgerSum(t.deps.db, alice.user.id)).toBe(2);
  });

  it("publishes each changed balance on the user's own channel, after the write", async () => {
    const alice = await buildUser(t.deps);
    const heard: unknown[] = [];
    await t.app.realtime.subscribe(userChannel(alice.user.id), {
      id: 'points-test',
      send: (data) => heard.push(JSON.parse(data)),
    });
    const entry = {
      userId: alice.user.id,
      points: 12,
      reason: 'module' as const,
      source: 'module:1',
    };
    const { balances } = await t.app.points.record([entry]);
    expect(balances.get(alice.user.id)).toBe(12);
    // A repeat pays nothing and says nothing.
    await t.app.points.record([entry]);
    expect(heard).toEqual([
      { channel: userChannel(alice.user.id), type: 'points', available_points: 12 },
    ]);
    // The balance a listener refetches on that message is already the new one.
    const response = await t.app.inject({
      url: `/api/points/points/${alice.user.id}/`,
      headers: alice.auth,
    });
    expect(response.json()).toEqual({ available_points: 12 });
  });
});

describe('GET /api/points/points/{userId}/ and its history', () => {
  it('shows the balance and the history to their owner only', async () => {
    const owner = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    await t.app.points.record([
      {
        userId: owner.user.id,
        points: 7,
        reason: 'module',
        source: 'module:3',
        note: 'Needs or wants?',
      },
      {
        userId: owner.user.id,
        points: 20,
        reason: 'award',
        source: 'award:1',
        note: 'Great question',
        createdBy: other.user.id,
      },
    ]);
    const url = `/api/points/points/${owner.user.id}/`;
    expect((await t.app.inject({ url, headers: owner.auth })).json()).toEqual({
      available_points: 27,
    });
    const history = await t.app.inject({ url: `${url}history/`, headers: owner.auth });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({
      count: 2,
      next: null,
      results: [
        { points: 20, reason: 'award', note: 'Great question', awarded_by: expect.any(String) },
        { points: 7, reason: 'module', note: 'Needs or wants?', awarded_by: null },
      ],
    });
    for (const path of [url, `${url}history/`]) {
      expect((await t.app.inject({ url: path, headers: other.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url: path })).statusCode).toBe(401);
    }
  });
});
