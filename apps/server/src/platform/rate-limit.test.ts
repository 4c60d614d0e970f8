import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '@bullpen/contract/routes';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { rateLimitWindows } from '../db/schema/attempts.ts';
import { buildTestApp, testConfig, type TestApp } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { databaseRateLimitStore } from './rate-limit.ts';

/**
 * @fastify/rate-limit counts in the database (platform/rate-limit.ts): one count per route and
 * client address whatever process answers, windows that reset when over, and no hit lost or
 * counted twice when many come at once.
 */

type Count = { current: number; ttl: number };

function incr(store: FastifyRateLimitStore, key: string, timeWindow: number): Promise<Count> {
  return new Promise((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), timeWindow, 5),
  );
}

/** A route's store, as the plugin makes one for each limited route. */
function routeStore(database: DatabaseHandle, url: string): FastifyRateLimitStore {
  const Store = databaseRateLimitStore(database.db);
  return new Store({}).child({ routeInfo: { method: 'GET', url } } as never);
}

let unique = 0;
const keyOf = () => `203.0.113.${(unique += 1)}-${process.pid}-${Date.now()}`;

describe('the database rate-limit store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => t?.close());

  it('counts each hit of a key and says how long its window has left', async () => {
    const store = routeStore(t.database, '/counted/');
    const key = keyOf();
    const counts = [];
    for (let hit = 0; hit < 3; hit += 1) counts.push(await incr(store, key, 60_000));
    expect(counts.map((count) => count.current)).toEqual([1, 2, 3]);
    for (const { ttl } of counts) {
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    // Another address, and the same address on another route, count on their own.
    expect((await incr(store, keyOf(), 60_000)).current).toBe(1);
    expect((await incr(routeStore(t.database, '/other/'), key, 60_000)).current).toBe(1);
    // A second store on the same database (another process's) continues the count.
    expect((await incr(routeStore(t.database, '/counted/'), key, 60_000)).current).toBe(4);
  });

  it('starts a new window once the last one is over', async () => {
    const store = routeStore(t.database, '/window/');
    const key = keyOf();
    expect((await incr(store, key, 300)).current).toBe(1);
    expect((await incr(store, key, 300)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 450));
    const fresh = await incr(store, key, 300);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(100);
  });

  it('counts hits that come at once exactly, each seeing its own count', async () => {
    const store = routeStore(t.database, '/at-once/');
    const key = keyOf();
    const counts = await Promise.all(Array.from({ length: 40 }, () => incr(store, key, 60_000)));
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  it('deletes windows that are over as it goes', async () => {
    const ended = `rate:GET /ended/:${keyOf()}`;
    await t.deps.db
      .insert(rateLimitWindows)
      .values({ key: ended, hits: 9, windowEndsAt: new Date(Date.now() - 60_000) });
    // A new store (a process starting) sweeps on its first hit.
    await incr(routeStore(t.database, '/sweeper/'), keyOf(), 60_000);
    const left = await t.deps.db
      .select()
      .from(rateLimitWindows)
      .where(sql`${rateLimitWindows.key} = ${ended}`);
    expect(left).toEqual([]);
  });

  it('refuses the app route past its limit with 429, `{error}` and Retry-After', async () => {
    const url = '/api/auth/send-reset-password-email/';
    const payload = { email: 'limit@school.test' };
    const address = '198.51.100.7';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await t.app.inject({ method: 'POST', url, payload, remoteAddress: address });
      expect(response.statusCode).not.toBe(429);
    }
    const blocked = await t.app.inject({ method: 'POST', url, payload, remoteAddress: address });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(50);
    // Another address is not refused.
    const other = await t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).not.toBe(429);
    const [row] = await t.deps.db
      .select({ hits: rateLimitWindows.hits })
      .from(rateLimitWindows)
      .where(sql`${rateLimitWindows.key} = ${`rate:POST ${url}:${address}`}`);
    expect(row?.hits).toBe(4);
  });
});

/**
 * Two server processes (two app instances, each with its own pool) on one PostgreSQL database:
 * requests split over both reach one limit.
 */
it.runIf(inject('databaseTemplate').engine === 'postgres')(
  'holds one limit across two app instances on the same database',
  async () => {
    const database = await createTestDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-rate-'));
    const config = testConfig(dataDir, {
      DATABASE_URL: database.url,
      AUTH_RATE_LIMIT_MAX: '4',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    const first = await buildApp({ config, database });
    const second = await buildApp({ config, database });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const url = '/api/auth/send-reset-password-email/';
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const app = attempt % 2 === 0 ? first : second;
        const response = await app.inject({
          method: 'POST',
          url,
          payload: { email: 'shared@school.test' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 4)).not.toContain(429);
      expect(statuses.slice(4)).toEqual([429, 429]);
      // The human check's challenges (30 a minute), 15 through each, then refused on both.
      const challenge = api.humanChallenge.pattern;
      const answered = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          (index % 2 === 0 ? first : second).inject({ method: 'GET', url: challenge }),
        ),
      );
      expect(answered.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
      for (const app of [first, second]) {
        expect((await app.inject({ method: 'GET', url: challenge })).statusCode).toBe(429);
      }
    } finally {
      await first.close();
      await second.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  },
);
