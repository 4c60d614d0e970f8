import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authMessages } from '@bullpen/contract/messages';
import type { UserSession } from '@bullpen/contract/auth';
import { userSessions } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signIn(username: string, password: string, userAgent = FIREFOX) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api-token-auth/',
    headers: { 'user-agent': userAgent },
    payload: { username, password },
  });
  expect(response.statusCode).toBe(200);
  return { authorization: `JWT ${response.json().token as string}` };
}

const list = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/sessions/', headers: auth });
const end = (auth: Record<string, string>, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}/`, headers: auth });
const me = (auth: Record<string, string>, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers: auth });

describe('a user’s own sessions', () => {
  it('lists each sign-in with a short device summary and marks the current one', async () => {
    const owner = await buildUser(t.deps);
    const phone = await signIn(
      owner.user.username,
      owner.password,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    );
    const laptop = await signIn(owner.user.username, owner.password);
    const response = await list(laptop);
    expect(response.statusCode).toBe(200);
    const sessions = response.json() as UserSession[];
    // buildUser's own session, the phone, the laptop: newest first.
    expect(sessions.map((session) => [session.device, session.current])).toEqual([
      ['Firefox on Windows', true],
      ['Safari on iPhone', false],
      ['Unknown device', false],
    ]);
    expect(Object.keys(sessions[0]!).sort()).toEqual([
      'created_at',
      'current',
      'device',
      'id',
      'last_seen_at',
    ]);
    expect((await list(phone)).json()[1]).toMatchObject({
      device: 'Safari on iPhone',
      current: true,
    });
    expect((await list({})).statusCode).toBe(401);
  });

  it('ends one session at once, and refuses another user’s session as not found', async () => {
    const owner = await buildUser(t.deps);
    const other = await signIn(owner.user.username, owner.password);
    const stranger = await buildUser(t.deps);
    const [otherSession] = (await list(other)).json() as UserSession[];
    expect(otherSession?.current).toBe(true);

    // The stranger can neither see nor end it.
    expect((await list(stranger.auth)).json()).toHaveLength(1);
    const refused = await end(stranger.auth, otherSession!.id);
    expect(refused.statusCode).toBe(404);
    expect((await me(other, owner.user.id)).statusCode).toBe(200);

    const ended = await end(owner.auth, otherSession!.id);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ detail: authMessages.sessionEnded });
    expect((await me(other, owner.user.id)).statusCode).toBe(401);
    expect((await me(owner.auth, owner.user.id)).statusCode).toBe(200);
    expect((await list(owner.auth)).json()).toHaveLength(1);
    // Already ended: nothing left to end.
    expect((await end(owner.auth, otherSession!.id)).statusCode).toBe(404);
    expect((await end(owner.auth, 2 ** 40)).statusCode).toBe(400);
  });

  it('signs out every other session, once, however many ask together', async () => {
    const owner = await buildUser(t.deps);
    const others = await Promise.all(
      Array.from({ length: 4 }, () => signIn(owner.user.username, owner.password)),
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sessions/end-others/',
          headers: owner.auth,
        }),
      ),
    );
    expect(results.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const endedCounts = results.map((response) => response.json().ended as number);
    expect(endedCounts.reduce((sum, count) => sum + count, 0)).toBe(4);
    for (const auth of others) expect((await me(auth, owner.user.id)).statusCode).toBe(401);
    const left = (await list(owner.auth)).json() as UserSession[];
    expect(left.map((session) => session.current)).toEqual([true]);
  });

  it('moves "last seen" on when the session is used, at most once per window', async () => {
    const owner = await buildUser(t.deps);
    const longAgo = new Date(Date.now() - 60 * 60 * 1000);
    await t.deps.db
      .update(userSessions)
      .set({ lastSeenAt: longAgo })
      .where(eq(userSessions.userId, owner.user.id));
    t.deps.sessions.clear();
    const [seen] = (await list(owner.auth)).json() as UserSession[];
    expect(Date.parse(seen!.last_seen_at)).toBeGreaterThan(longAgo.getTime() + 50 * 60 * 1000);
    // Within the window a request writes nothing.
    const recently = new Date(Date.now() - 60 * 1000);
    await t.deps.db
      .update(userSessions)
      .set({ lastSeenAt: recently })
      .where(eq(userSessions.userId, owner.user.id));
    t.deps.sessions.clear();
    const [again] = (await list(owner.auth)).json() as UserSession[];
    expect(again!.last_seen_at).toBe(recently.toISOString());
  });

  it('forgets sessions that logout, a new password or expiry ended, and rows go with the user', async () => {
    const owner = await buildUser(t.deps);
    const second = await signIn(owner.user.username, owner.password);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: second });
    expect((await list(owner.auth)).json()).toHaveLength(1);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${owner.user.id}/`,
      headers: owner.auth,
      payload: { password: 'a brand new phrase 42', current_password: owner.password },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = { authorization: `JWT ${changed.json().token as string}` };
    expect((await list(fresh)).json()).toEqual([expect.objectContaining({ current: true })]);

    // An expired session is deleted at the next sign-in by anyone, not kept.
    await t.deps.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.userId, owner.user.id));
    const someoneElse = await buildUser(t.deps);
    expect(someoneElse.token).toBeTruthy();
    const expired = await t.deps.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, owner.user.id));
    expect(expired).toEqual([]);

    await signIn(owner.user.username, 'a brand new phrase 42');
    await t.deps.db.delete(users).where(eq(users.id, owner.user.id));
    const rows = await t.deps.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, owner.user.id));
    expect(rows).toEqual([]);
  });
});
