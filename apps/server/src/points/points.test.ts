import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannel } from '@bullpen/contract/realtime';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import { availablePoints, recordPoints } from './service.ts';

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
    const balances = await recordPoints(t.deps.db, [
      { userId: alice.user.id, points: 30, reason: 'module' },
      { userId: alice.user.id, points: 20, reason: 'quiz' },
      { userId: bob.user.id, points: 5, reason: 'module' },
    ]);
    expect(balances).toEqual(
      new Map([
        [alice.user.id, 50],
        [bob.user.id, 5],
      ]),
    );
    const after = await recordPoints(t.deps.db, [
      { userId: alice.user.id, points: -15, reason: 'redeem' },
    ]);
    expect(after).toEqual(new Map([[alice.user.id, 35]]));
    expect(await availablePoints(t.deps.db, alice.user.id)).toBe(35);
  });

  it('refuses entries that are not a whole, non-zero number, and writes none of the batch', async () => {
    const alice = await buildUser(t.deps);
    for (const points of [0, 1.5, Number.NaN]) {
      await expect(
        recordPoints(t.deps.db, [
          { userId: alice.user.id, points: 10, reason: 'module' },
          { userId: alice.user.id, points, reason: 'module' },
        ]),
      ).rejects.toThrow(/whole, non-zero/);
    }
    expect(await availablePoints(t.deps.db, alice.user.id)).toBe(0);
  });

  it("publishes each changed balance on the user's own channel, after the write", async () => {
    const alice = await buildUser(t.deps);
    const heard: unknown[] = [];
    await t.app.realtime.subscribe(userChannel(alice.user.id), {
      id: 'points-test',
      send: (data) => heard.push(JSON.parse(data)),
    });
    const balances = await t.app.points.record([
      { userId: alice.user.id, points: 12, reason: 'module' },
    ]);
    expect(balances.get(alice.user.id)).toBe(12);
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

describe('GET /api/points/points/{userId}/', () => {
  it('shows the balance to its owner only', async () => {
    const owner = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    await t.app.points.record([{ userId: owner.user.id, points: 7, reason: 'module' }]);
    const url = `/api/points/points/${owner.user.id}/`;
    expect((await t.app.inject({ url, headers: owner.auth })).json()).toEqual({
      available_points: 7,
    });
    const refused = await t.app.inject({ url, headers: other.auth });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
