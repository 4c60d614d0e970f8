import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authMessages } from '@bullpen/contract/messages';
import { buildApp } from '../app.ts';
import { users } from '../db/schema/users.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  marketTimes,
  postOrder,
  testConfig,
  type TestApp,
} from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import type { UserRow } from '../users/presenter.ts';
import { SessionCache, type Session } from './session-cache.ts';

function sessionOf(userId: number, expiresAt = new Date(Date.now() + 3_600_000)): Session {
  return {
    user: { id: userId } as UserRow,
    claims: { userId, tokenVersion: 0, tokenId: `jti-${userId}`, expiresAt },
  };
}

describe('the session cache', () => {
  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = new SessionCache({ maxEntries: 3, ttlMs: 60_000 });
    for (const id of [1, 2, 3, 4]) cache.remember(`t${id}`, sessionOf(id), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.lookup('t1')).toBeUndefined();
    expect(cache.lookup('t4')?.user.id).toBe(4);
  });

  it('forgets an entry after its TTL, and a token at its own expiry', () => {
    let now = 1_000_000;
    const cache = new SessionCache({ maxEntries: 10, ttlMs: 5_000 }, () => now);
    cache.remember('long', sessionOf(1, new Date(now + 3_600_000)), cache.generation);
    cache.remember('short', sessionOf(2, new Date(now + 2_000)), cache.generation);
    now += 2_000;
    expect(cache.lookup('short')).toBeUndefined();
    expect(cache.lookup('long')).toBeDefined();
    now += 3_000;
    expect(cache.lookup('long')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops every token of a changed user, and keeps no read begun before the change', () => {
    const cache = new SessionCache();
    cache.remember('a1', sessionOf(1), cache.generation);
    cache.remember('a2', sessionOf(1), cache.generation);
    cache.remember('b', sessionOf(2), cache.generation);
    const readBegun = cache.generation;
    cache.dropUser(1);
    expect(cache.lookup('a1')).toBeUndefined();
    expect(cache.lookup('a2')).toBeUndefined();
    expect(cache.lookup('b')).toBeDefined();
    // This read may have seen the row from before the change: it is not kept.
    cache.remember('a1', sessionOf(1), readBegun);
    expect(cache.lookup('a1')).toBeUndefined();
  });

  it('keeps nothing while changes may go unheard, and starts empty again', () => {
    const cache = new SessionCache();
    cache.remember('a', sessionOf(1), cache.generation);
    cache.suspend();
    expect(cache.lookup('a')).toBeUndefined();
    cache.remember('a', sessionOf(1), cache.generation);
    expect(cache.size).toBe(0);
    cache.resume();
    cache.remember('a', sessionOf(1), cache.generation);
    expect(cache.lookup('a')).toBeDefined();
  });

  it('hands out entries nobody can change', () => {
    const cache = new SessionCache();
    cache.remember('a', sessionOf(1), cache.generation);
    const user = cache.lookup('a')!.user as { isStaff?: boolean };
    expect(() => {
      user.isStaff = true;
    }).toThrow(TypeError);
  });
});

describe('a cached session is refused or refreshed at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const me = (who: { user: { id: number }; auth: Record<string, string> }) =>
    t.app.inject({ method: 'GET', url: `/api/users/${who.user.id}/`, headers: who.auth });

  /** A first request checks the token against the database and caches the session. */
  async function cached(who: Awaited<ReturnType<typeof buildUser>>) {
    const before = t.deps.sessions.size;
    expect((await me(who)).statusCode).toBe(200);
    expect(t.deps.sessions.size).toBe(before + 1);
    expect((await me(who)).statusCode).toBe(200);
  }

  it('refuses a logged-out token', async () => {
    const alice = await buildUser(t.deps);
    await cached(alice);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: alice.auth,
    });
    expect(logout.statusCode).toBe(200);
    const after = await me(alice);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: authMessages.tokenInvalid });
  });

  it('refuses a token issued before a password change; the new one works', async () => {
    const bob = await buildUser(t.deps);
    await cached(bob);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${bob.user.id}/`,
      headers: bob.auth,
      payload: { password: 'a brand new passphrase', current_password: bob.password },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(bob)).statusCode).toBe(401);
    const fresh = { ...bob, auth: { authorization: `JWT ${change.json().token}` } };
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('refuses the token of a deleted account', async () => {
    const carol = await buildUser(t.deps);
    await cached(carol);
    await t.deps.db.delete(users).where(eq(users.id, carol.user.id));
    // A write outside any request is heard by NOTIFY: at once on PGlite, within moments on
    // PostgreSQL (the cache's TTL, 30 s, is far beyond the poll's second).
    await expect.poll(async () => (await me(carol)).statusCode).toBe(401);
  });

  it('sees a role changed straight in the database (an operator granting staff or teacher)', async () => {
    const dan = await buildUser(t.deps);
    await cached(dan);
    await t.deps.db
      .update(users)
      .set({ isStaff: true, isTeacher: true })
      .where(eq(users.id, dan.user.id));
    await expect
      .poll(async () => (await me(dan)).json())
      .toMatchObject({ is_staff: true, is_teacher: true });
  });

  it('shows a profile change in the next answer', async () => {
    const erin = await buildUser(t.deps);
    await cached(erin);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${erin.user.id}/`,
      headers: erin.auth,
      payload: { language: 'es', first_name: 'Erina' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await me(erin)).json()).toMatchObject({ language: 'es', first_name: 'Erina' });
  });
});

/**
 * A signed-in write waits, before its answer, until this process has heard the session changes
 * committed so far; an order, a cancel and a stats request change no user and end no session,
 * so they do not wait (the routes a contest calls most). Counted on the listener itself.
 */
describe('which answers wait to hear session changes', () => {
  let t: TestApp;
  let syncs = 0;

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        seeDatabase: (database) => ({
          ...database,
          listen: async (channel, handlers) => {
            const listener = await database.listen(channel, handlers);
            return {
              ...listener,
              sync: () => {
                syncs += 1;
                return listener.sync();
              },
            };
          },
        }),
      },
    );
    t.app.market.clock.now = () => marketTimes.open;
  });
  afterAll(async () => t.close());

  /** How many times the listener was synced while `request` ran, and its status. */
  async function syncsDuring(request: () => Promise<{ statusCode: number }>) {
    const before = syncs;
    const { statusCode } = await request();
    return { statusCode, syncs: syncs - before };
  }

  it('waits after a profile change, not after an order, a cancel or a stats request', async () => {
    const owner = await buildUser(t.deps);
    const contest = await buildContest(t, owner);
    const portfolio = { contest_user: contest.my_contest_user, security: 1, quantity: 1 };

    const profile = await syncsDuring(() =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${owner.user.id}/`,
        headers: owner.auth,
        payload: { first_name: 'Renamed' },
      }),
    );
    expect(profile).toEqual({ statusCode: 200, syncs: 1 });

    const bought = await syncsDuring(() =>
      postOrder(t, owner, { ...portfolio, order_type: 'BUY' }),
    );
    expect(bought).toEqual({ statusCode: 201, syncs: 0 });

    const limit = await postOrder(t, owner, {
      ...portfolio,
      order_type: 'BUY',
      kind: 'limit',
      limit_price: 1,
    });
    expect(limit.statusCode).toBe(201);
    const cancelled = await syncsDuring(() =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/contest-invests/${limit.json().id}/`,
        headers: owner.auth,
      }),
    );
    expect(cancelled).toEqual({ statusCode: 200, syncs: 0 });

    const stats = await syncsDuring(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/portfolio-stats/',
        headers: owner.auth,
        payload: { contest_user: contest.my_contest_user },
      }),
    );
    expect(stats).toEqual({ statusCode: 200, syncs: 0 });
  });
});

/**
 * Two server processes on one PostgreSQL database, each with its own cache and LISTEN
 * connection, called over HTTP like a load balancer would: what one process is told (a
 * logout, a new password) the other refuses on the very next request.
 */
describe.runIf(inject('databaseTemplate').engine === 'postgres')('across server processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  const servers: { app: FastifyInstance; url: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-sessions-'));
    const config = testConfig(dataDir, { DATABASE_URL: database.url });
    for (let index = 0; index < 2; index += 1) {
      const app = await buildApp({ config, database });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      servers.push({ app, url });
    }
  });
  afterAll(async () => {
    for (const { app } of servers) await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const call = (server: number, pathname: string, init: RequestInit = {}) =>
    fetch(`${servers[server]!.url}${pathname}`, init);

  async function signedUp() {
    const who = await buildUser(servers[0]!.app.deps);
    // Both processes have checked the token once and cached the session.
    for (const server of [0, 1]) {
      const response = await call(server, `/api/users/${who.user.id}/`, { headers: who.auth });
      expect(response.status).toBe(200);
    }
    expect(servers[1]!.app.deps.sessions.size).toBeGreaterThan(0);
    return who;
  }

  it('refuses a logged-out token on the other process at once', async () => {
    const alice = await signedUp();
    const logout = await call(0, '/api/auth/logout/', { method: 'POST', headers: alice.auth });
    expect(logout.status).toBe(200);
    const other = await call(1, `/api/users/${alice.user.id}/`, { headers: alice.auth });
    expect(other.status).toBe(401);
  });

  it('refuses a token from before a password change on the other process at once', async () => {
    const bob = await signedUp();
    const change = await call(0, `/api/users/${bob.user.id}/`, {
      method: 'PUT',
      headers: { ...bob.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        password: 'a brand new passphrase',
        current_password: bob.password,
      }),
    });
    expect(change.status).toBe(200);
    const other = await call(1, `/api/users/${bob.user.id}/`, { headers: bob.auth });
    expect(other.status).toBe(401);
    const { token } = (await change.json()) as { token: string };
    const renewed = await call(1, `/api/users/${bob.user.id}/`, {
      headers: { authorization: `JWT ${token}` },
    });
    expect(renewed.status).toBe(200);
  });

  it('sees a role granted through the other process', async () => {
    const carol = await signedUp();
    await servers[0]!.app.deps.db
      .update(users)
      .set({ isTeacher: true })
      .where(eq(users.id, carol.user.id));
    // A write outside any request: the other process hears it by NOTIFY, within moments.
    await expect
      .poll(async () => {
        const response = await call(1, `/api/users/${carol.user.id}/`, { headers: carol.auth });
        return ((await response.json()) as { is_teacher: boolean }).is_teacher;
      })
      .toBe(true);
  });
});
