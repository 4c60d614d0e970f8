import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject, it, expect } from 'vitest';
import { userChannel } from '@bullpen/contract/realtime';
import { buildApp } from '../app.ts';
import { buildUser, testConfig } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';

/**
 * Two server processes on one PostgreSQL database (two app instances, each with its own
 * LISTEN connection): a leaderboard announced, or a points balance changed, by one reaches the
 * clients of the other.
 */
it.runIf(inject('databaseTemplate').engine === 'postgres')(
  'fans cluster-wide channels out across server processes through NOTIFY/LISTEN',
  async () => {
    const database = await createTestDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-fanout-'));
    const config = testConfig(dataDir, { DATABASE_URL: database.url });
    const first = await buildApp({ config, database });
    const second = await buildApp({ config, database });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const heardBySecond: unknown[] = [];
      const heardByFirst: unknown[] = [];
      // A contest's own channel (hub.subscribe is below the membership check of `/ws`).
      await second.realtime.subscribe('contest:42', {
        id: 'b',
        send: (data) => heardBySecond.push(JSON.parse(data)),
      });
      await first.realtime.subscribe('contest:42', {
        id: 'a',
        send: (data) => heardByFirst.push(JSON.parse(data)),
      });
      await first.trading.announce([42]);
      // Each process hears the NOTIFY on its own connection, in its own time.
      const announced = [{ channel: 'contest:42', type: 'leaderboard', contest: 42 }];
      await expect.poll(() => heardBySecond, { timeout: 5_000 }).toEqual(announced);
      await expect.poll(() => heardByFirst, { timeout: 5_000 }).toEqual(announced);
      // A user's points, written through one process, reach their socket on the other.
      const alice = await buildUser(first.deps);
      const heardByAlice: unknown[] = [];
      await second.realtime.subscribe(userChannel(alice.user.id), {
        id: 'alice',
        send: (data) => heardByAlice.push(JSON.parse(data)),
      });
      await first.points.record([
        { userId: alice.user.id, points: 40, reason: 'module', source: 'module:1' },
      ]);
      await expect
        .poll(() => heardByAlice, { timeout: 5_000 })
        .toEqual([{ channel: userChannel(alice.user.id), type: 'points', available_points: 40 }]);
      // Live prices stay local: every process computes them the same.
      expect(second.realtime.subscriberCount('prices')).toBe(0);
    } finally {
      await first.close();
      await second.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  },
);
