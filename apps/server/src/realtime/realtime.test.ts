import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { PRICES_CHANNEL } from '@bullpen/contract/market';
import { authMessages } from '@bullpen/contract/messages';
import { userChannel } from '@bullpen/contract/realtime';
import { buildContest, buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import { createClassWithStudents } from '../test/classrooms.ts';
import { grantStaff } from '../users/queries.ts';
import { closeCodes, closeReasons, realtimeLimits } from './limits.ts';

/**
 * Real WebSocket clients over TCP against the real app: what one client may cost the server,
 * who the socket is, and who hears the private channels (a contest, a user's points).
 */

type Message = { type: string; channel?: string; contest?: number; [key: string]: unknown };
/** The parts of the `ws` package's client used here (the package ships no types). */
type WsClient = {
  readyState: number;
  send: (data: string) => void;
  close: () => void;
  terminate: () => void;
  on: (event: string, listener: (...args: never[]) => void) => void;
  once: (event: string, listener: (...args: never[]) => void) => void;
  _socket: { pause: () => void; resume: () => void };
};
type WsServerSide = { bufferedAmount: number; readyState: number };
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string, options?: { headers?: Record<string, string> }) => WsClient;
};

const MAX_CONNECTIONS = 6;
let t: TestApp;
let url: string;
const open: WsClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ REALTIME_MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  for (const client of open) client.terminate();
  await t.close();
});
// A failed test leaves no socket behind to use up the per-address limit of the next ones.
afterEach(async () => {
  for (const client of open.splice(0)) client.terminate();
  await expect.poll(() => serverSockets().length, { timeout: 10_000 }).toBe(0);
});

/** A connected client that records what it receives and how it was closed. */
async function connect(headers: Record<string, string> = {}) {
  const client = new WebSocket(url, { headers });
  open.push(client);
  const received: Message[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    client.once('close', (code: number, reason: Buffer) =>
      resolve({ code, reason: reason.toString() }),
    ),
  );
  client.on('message', (data: Buffer) => received.push(JSON.parse(data.toString()) as Message));
  await new Promise<void>((resolve, reject) => {
    client.once('open', () => resolve());
    client.once('error', (error: Error) => reject(error));
  });
  const waitFor = async (predicate: (message: Message) => boolean, timeout = 5_000) => {
    await expect.poll(() => received.some(predicate), { timeout }).toBe(true);
    return received.find(predicate)!;
  };
  const send = (message: object) => client.send(JSON.stringify(message));
  /** A round trip: every reply to what was sent before it has arrived. */
  const settle = async () => {
    const pongs = received.filter((message) => message.type === 'pong').length;
    send({ type: 'ping' });
    await expect
      .poll(() => received.filter((message) => message.type === 'pong').length)
      .toBe(pongs + 1);
  };
  const done = async () => {
    client.close();
    await closed;
  };
  return { client, received, closed, waitFor, send, settle, done };
}

function serverSockets(): WsServerSide[] {
  return [...(t.app.websocketServer.clients as Set<WsServerSide>)];
}

describe('what one client may cost', () => {
  it('sends one price snapshot however often a client subscribes', async () => {
    const client = await connect();
    for (let i = 0; i < 10; i += 1) client.send({ type: 'subscribe', channel: PRICES_CHANNEL });
    // The app's first snapshot computes the simulated market: slow on a busy machine.
    await client.waitFor((message) => message.type === 'snapshot', 25_000);
    await client.settle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(client.received.filter((message) => message.type === 'snapshot')).toHaveLength(1);
    expect(client.received.filter((message) => message.type === 'subscribed')).toHaveLength(10);
    expect(t.app.realtime.subscriberCount(PRICES_CHANNEL)).toBe(1);
    await client.done();
  });

  it('closes a client that stops reading, and what it holds stays bounded', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', channel: PRICES_CHANNEL });
    await client.waitFor((message) => message.type === 'snapshot');
    client.client._socket.pause();

    // 64 KB messages, 20 MB in all: far more than the socket buffers on both sides.
    const prices = Array.from({ length: 640 }, (_, i) => ({ id: i, note: 'x'.repeat(90) }));
    let largest = 0;
    let published = 0;
    for (; published < 320; published += 1) {
      t.app.realtime.publish(PRICES_CHANNEL, { type: 'prices', prices });
      for (const socket of serverSockets()) largest = Math.max(largest, socket.bufferedAmount);
      if (t.app.realtime.subscriberCount(PRICES_CHANNEL) === 0) break;
      // Let the event loop move bytes to the kernel, as a live server would between ticks.
      await new Promise((resolve) => setImmediate(resolve));
    }
    process.stdout.write(
      `slow client: ${published} messages of 64 KB published before it was dropped; largest server-side buffer ${largest} bytes\n`,
    );
    expect(t.app.realtime.subscriberCount(PRICES_CHANNEL)).toBe(0);
    expect(largest).toBeLessThanOrEqual(realtimeLimits.maxBufferedBytes);

    client.client._socket.resume();
    expect(await client.closed).toEqual({
      code: closeCodes.tryAgainLater,
      reason: closeReasons.tooSlow,
    });
  });

  it('closes a client that floods the server with messages', async () => {
    const client = await connect();
    for (let i = 0; i < 500; i += 1) client.send({ type: 'ping' });
    expect(await client.closed).toEqual({
      code: closeCodes.policyViolation,
      reason: closeReasons.tooManyMessages,
    });
    const pongs = client.received.filter((message) => message.type === 'pong');
    expect(pongs.length).toBeLessThanOrEqual(realtimeLimits.maxMessagesPerWindow);
  });

  it('refuses the connection one past the limit from one address', async () => {
    const clients = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => connect()));
    const refused = await new Promise<number>((resolve, reject) => {
      const extra = new WebSocket(url);
      extra.on('error', () => {});
      extra.once('unexpected-response', (_request: unknown, response: { statusCode: number }) =>
        resolve(response.statusCode),
      );
      extra.once('open', () => reject(new Error('the connection past the limit was accepted')));
    });
    expect(refused).toBe(429);
    // A closed connection frees its place.
    await clients[0]!.done();
    const again = await connect();
    await again.settle();
    await Promise.all([again, ...clients.slice(1)].map((client) => client.done()));
  });
});

describe('private contests on the live channels', () => {
  it('tells members of a private contest, and nobody else', async () => {
    const owner = await buildUser(t.deps);
    const member = await buildUser(t.deps);
    const outsider = await buildUser(t.deps);
    const hidden = await buildContest(t, owner, { visibility: 'private' });
    const visible = await buildContest(t, owner, { visibility: 'public' });
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/contest-users/',
      headers: member.auth,
      payload: { code: hidden.join_code },
    });
    expect(joined.statusCode).toBe(201);
    const channel = `contest:${hidden.id}`;

    const anonymous = await connect();
    const stranger = await connect();
    const byToken = await connect();
    const byHeader = await connect(member.auth);
    const byCookie = await connect({ cookie: `theme=dark; token=${owner.token}` });
    anonymous.send({ type: 'subscribe', channel: 'leaderboards' });
    anonymous.send({ type: 'subscribe', channel });
    stranger.send({ type: 'auth', token: outsider.token });
    stranger.send({ type: 'subscribe', channel: 'leaderboards' });
    stranger.send({ type: 'subscribe', channel });
    byToken.send({ type: 'auth', token: member.token });
    byToken.send({ type: 'subscribe', channel });
    byHeader.send({ type: 'subscribe', channel });
    byCookie.send({ type: 'subscribe', channel });
    for (const client of [anonymous, stranger, byToken, byHeader, byCookie]) await client.settle();

    // The same sentence whether the contest is private or absent: nothing is revealed.
    const error = 'No such contest.';
    expect(anonymous.received).toContainEqual({
      type: 'error',
      channel,
      reason: 'unauthenticated',
      error,
    });
    expect(stranger.received).toContainEqual({
      type: 'error',
      channel,
      reason: 'forbidden',
      error,
    });
    expect(stranger.received).toContainEqual({ type: 'authenticated', user: outsider.user.id });
    for (const client of [byToken, byHeader, byCookie]) {
      expect(client.received).toContainEqual({ type: 'subscribed', channel });
    }

    await t.app.trading.announce([hidden.id, visible.id]);
    const frozen = await t.app.inject({
      method: 'PATCH',
      url: `/api/contests/${hidden.id}/freeze`,
      headers: owner.auth,
      payload: { frozen: true },
    });
    expect(frozen.statusCode).toBe(200);

    for (const client of [byToken, byHeader, byCookie]) {
      await client.waitFor((message) => message.channel === channel && message.type === 'contest');
      expect(client.received.filter((message) => message.contest !== undefined)).toEqual([
        { channel, type: 'leaderboard', contest: hidden.id },
        { channel, type: 'contest', contest: hidden.id },
      ]);
    }
    // The public contest is still announced to everyone, so silence below means something.
    for (const client of [anonymous, stranger]) {
      await client.waitFor((message) => message.contest === visible.id);
      await client.settle();
      expect(client.received.filter((message) => message.contest === hidden.id)).toEqual([]);
    }
    await Promise.all(
      [anonymous, stranger, byToken, byHeader, byCookie].map((client) => client.done()),
    );
  });

  it("opens a class contest's channel to the class, not to someone who learnt its code", async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const outsider = await buildUser(t.deps);
    const { classroom, student } = await createClassWithStudents(t.app, teacher, {
      name: 'Economics 9B',
    });
    const classroomId = classroom.id;
    const now = t.app.market.clock.now().getTime();
    const contest = await t.app.inject({
      method: 'POST',
      url: `/api/classrooms/classrooms/${classroomId}/contests/`,
      headers: teacher.auth,
      payload: {
        name: 'Class market game',
        starts_at: new Date(now - 86_400_000).toISOString(),
        ends_at: new Date(now + 30 * 86_400_000).toISOString(),
        starting_cash: 1_000_000,
      },
    });
    expect(contest.statusCode).toBe(201);
    const { id, join_code: contestCode } = contest.json();
    const tried = await t.app.inject({
      method: 'POST',
      url: '/api/contest-users/',
      headers: outsider.auth,
      payload: { code: contestCode },
    });
    expect(tried.statusCode).toBe(400);

    const channel = `contest:${id}`;
    const stranger = await connect(outsider.auth);
    const classmate = await connect(student.auth);
    for (const client of [stranger, classmate]) client.send({ type: 'subscribe', channel });
    for (const client of [stranger, classmate]) await client.settle();
    expect(stranger.received).toContainEqual({
      type: 'error',
      channel,
      reason: 'forbidden',
      error: 'No such contest.',
    });
    expect(classmate.received).toContainEqual({ type: 'subscribed', channel });

    // Removed from the class, the student stops hearing its contest at the next check.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/classrooms/classrooms/${classroomId}/users/${student.user.id}/`,
      headers: teacher.auth,
    });
    expect(removed.statusCode).toBe(204);
    await t.app.realtime.recheckSessions();
    await classmate.settle();
    expect(classmate.received.filter((message) => message.channel === channel).at(-1)).toEqual({
      type: 'error',
      channel,
      reason: 'forbidden',
      error: 'No such contest.',
    });
    await Promise.all([stranger, classmate].map((client) => client.done()));
  });

  it('refuses unknown contests and malformed contest channels alike', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', channel: 'contest:999999' });
    client.send({ type: 'subscribe', channel: 'contest:99999999999' });
    client.send({ type: 'subscribe', channel: 'contest:' });
    client.send({ type: 'subscribe', channel: 'contest:007' });
    await client.settle();
    const error = 'No such contest.';
    expect(client.received.filter((message) => message.type === 'error')).toEqual([
      { type: 'error', channel: 'contest:999999', reason: 'unauthenticated', error },
      { type: 'error', channel: 'contest:99999999999', reason: 'unauthenticated', error },
      {
        type: 'error',
        channel: 'contest:',
        reason: 'unknown_channel',
        error: 'No such channel: contest:',
      },
      { type: 'error', channel: 'contest:007', reason: 'unauthenticated', error },
    ]);
    await client.done();
  });
});

describe('who the socket is', () => {
  const sessionInvalid = { code: closeCodes.unauthenticated, reason: authMessages.tokenInvalid };

  it('lets anonymous sockets listen to the public channels', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', channel: PRICES_CHANNEL });
    client.send({ type: 'subscribe', channel: 'leaderboards' });
    await client.waitFor((message) => message.type === 'snapshot');
    await client.settle();
    expect(client.received.filter((message) => message.type === 'subscribed')).toEqual([
      { type: 'subscribed', channel: PRICES_CHANNEL },
      { type: 'subscribed', channel: 'leaderboards' },
    ]);
    expect(client.received.filter((message) => message.type === 'error')).toEqual([]);
    await client.done();
  });

  it('refuses unknown channels and bad messages, and keeps the socket for the rest', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', channel: 'gradebook:1' });
    client.send({ type: 'unsubscribe', channel: 'nothing' });
    client.client.send('not json');
    client.send({ type: 'subscribe', channel: PRICES_CHANNEL });
    await client.settle();
    expect(client.received.filter((message) => message.type === 'error')).toEqual([
      {
        type: 'error',
        channel: 'gradebook:1',
        reason: 'unknown_channel',
        error: 'No such channel: gradebook:1',
      },
      {
        type: 'error',
        channel: 'nothing',
        reason: 'unknown_channel',
        error: 'No such channel: nothing',
      },
      {
        type: 'error',
        reason: 'bad_message',
        error: 'Unknown message: send JSON with type auth, subscribe, unsubscribe or ping.',
      },
    ]);
    expect(client.received).toContainEqual({ type: 'subscribed', channel: PRICES_CHANNEL });
    await client.done();
  });

  it("keeps each user's channel to that user, and pushes their points as the ledger changes", async () => {
    const alice = await buildUser(t.deps);
    const bob = await buildUser(t.deps);
    const aliceSocket = await connect(alice.auth);
    const anonymous = await connect();
    aliceSocket.send({ type: 'subscribe', channel: userChannel(alice.user.id) });
    aliceSocket.send({ type: 'subscribe', channel: userChannel(bob.user.id) });
    anonymous.send({ type: 'subscribe', channel: userChannel(alice.user.id) });
    for (const client of [aliceSocket, anonymous]) await client.settle();

    const error = 'Only its own user may listen to this channel.';
    expect(aliceSocket.received).toContainEqual({
      type: 'subscribed',
      channel: userChannel(alice.user.id),
    });
    expect(aliceSocket.received).toContainEqual({
      type: 'error',
      channel: userChannel(bob.user.id),
      reason: 'forbidden',
      error,
    });
    expect(anonymous.received).toContainEqual({
      type: 'error',
      channel: userChannel(alice.user.id),
      reason: 'unauthenticated',
      error,
    });

    await t.app.points.record([
      { userId: alice.user.id, points: 30, reason: 'module', source: 'module:1' },
      { userId: bob.user.id, points: 10, reason: 'module', source: 'module:1' },
    ]);
    await t.app.points.record([
      { userId: alice.user.id, points: -5, reason: 'redemption', source: 'redemption:1' },
    ]);
    await aliceSocket.waitFor((message) => message.available_points === 25);
    expect(aliceSocket.received.filter((message) => message.type === 'points')).toEqual([
      { channel: userChannel(alice.user.id), type: 'points', available_points: 30 },
      { channel: userChannel(alice.user.id), type: 'points', available_points: 25 },
    ]);
    await anonymous.settle();
    expect(anonymous.received.filter((message) => message.type === 'points')).toEqual([]);
    await Promise.all([aliceSocket.done(), anonymous.done()]);
  });

  it('signs in and out on an open socket: private channels follow the user', async () => {
    const alice = await buildUser(t.deps);
    const client = await connect();
    const channel = userChannel(alice.user.id);
    client.send({ type: 'subscribe', channel: PRICES_CHANNEL });
    client.send({ type: 'subscribe', channel });
    client.send({ type: 'auth', token: alice.token });
    client.send({ type: 'subscribe', channel });
    await client.settle();
    expect(client.received.filter((message) => message.channel === channel)).toEqual([
      { type: 'error', channel, reason: 'unauthenticated', error: expect.any(String) },
      { type: 'subscribed', channel },
    ]);
    expect(client.received).toContainEqual({ type: 'authenticated', user: alice.user.id });

    client.send({ type: 'auth', token: null });
    await client.settle();
    expect(client.received.filter((message) => message.channel === channel).at(-1)).toEqual({
      type: 'error',
      channel,
      reason: 'unauthenticated',
      error: expect.any(String),
    });
    expect(t.app.realtime.subscriberCount(channel)).toBe(0);
    // Public channels are not the session's: they go on.
    expect(t.app.realtime.subscriberCount(PRICES_CHANNEL)).toBeGreaterThan(0);
    await client.done();
  });

  it('closes with 4401 a socket that presents a bad, expired or ended token', async () => {
    const alice = await buildUser(t.deps);
    const expired = await new SignJWT({ ver: alice.user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(alice.user.id))
      .setJti('expired-session')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(t.deps.signingKey);
    const loggedOut = await buildUser(t.deps);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: loggedOut.auth,
    });
    expect(logout.statusCode).toBeLessThan(300);

    const byHeader = await connect({ authorization: `JWT ${expired}` });
    expect(await byHeader.closed).toEqual(sessionInvalid);
    const malformedHeader = await connect({ authorization: 'Basic dXNlcjpwYXNz' });
    expect(await malformedHeader.closed).toEqual(sessionInvalid);
    for (const token of ['not-a-token', expired, loggedOut.token]) {
      const client = await connect();
      client.send({ type: 'auth', token });
      expect(await client.closed).toEqual(sessionInvalid);
    }
  });

  it('treats a stale or cross-site cookie as no session, so public channels still work', async () => {
    const alice = await buildUser(t.deps);
    const channel = userChannel(alice.user.id);
    const stale = await connect({ cookie: 'token=expired.or.forged' });
    const crossSite = await connect({
      cookie: `token=${alice.token}`,
      origin: 'https://evil.test',
    });
    const sameSite = await connect({
      cookie: `token=${alice.token}`,
      origin: new URL(url).origin.replace('ws', 'http'),
    });
    for (const client of [stale, crossSite, sameSite]) {
      client.send({ type: 'subscribe', channel: 'leaderboards' });
      client.send({ type: 'subscribe', channel });
      await client.settle();
      expect(client.received).toContainEqual({ type: 'subscribed', channel: 'leaderboards' });
    }
    for (const client of [stale, crossSite]) {
      expect(client.received).toContainEqual(
        expect.objectContaining({ type: 'error', channel, reason: 'unauthenticated' }),
      );
    }
    expect(sameSite.received).toContainEqual({ type: 'subscribed', channel });
    await Promise.all([stale, crossSite, sameSite].map((client) => client.done()));
  });

  it('ends private subscriptions at once when staff deactivate the account', async () => {
    const alice = await buildUser(t.deps);
    const staff = await buildUser(t.deps);
    await grantStaff(t.deps.db, staff.user.id);
    const client = await connect(alice.auth);
    const channel = userChannel(alice.user.id);
    client.send({ type: 'subscribe', channel });
    await client.settle();
    expect(client.received).toContainEqual({ type: 'subscribed', channel });

    const deactivated = await t.app.inject({
      method: 'POST',
      url: `/api/staff/users/${alice.user.id}/deactivate/`,
      headers: staff.auth,
    });
    expect(deactivated.statusCode).toBe(200);
    // No call to recheckSessions here: the deactivation asks the sockets itself.
    await client.waitFor((message) => message.type === 'error' && message.channel === channel);
    expect(client.received.at(-1)).toEqual(
      expect.objectContaining({ type: 'error', channel, reason: 'unauthenticated' }),
    );
    expect(t.app.realtime.subscriberCount(channel)).toBe(0);
    await client.done();
  });

  it('ends private subscriptions once the session is logged out', async () => {
    const alice = await buildUser(t.deps);
    const client = await connect(alice.auth);
    const channel = userChannel(alice.user.id);
    client.send({ type: 'subscribe', channel });
    client.send({ type: 'subscribe', channel: 'leaderboards' });
    await client.settle();
    expect(client.received).toContainEqual({ type: 'subscribed', channel });

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: alice.auth,
    });
    expect(logout.statusCode).toBeLessThan(300);
    // The server checks every minute; the test does not wait for the timer.
    await t.app.realtime.recheckSessions();
    await client.waitFor((message) => message.type === 'error' && message.channel === channel);
    expect(client.received.at(-1)).toEqual({
      type: 'error',
      channel,
      reason: 'unauthenticated',
      error: expect.any(String),
    });
    expect(t.app.realtime.subscriberCount(channel)).toBe(0);
    // Subscribing again checks the session first: still refused; public channels stay.
    client.send({ type: 'subscribe', channel });
    await client.settle();
    expect(client.received.filter((message) => message.channel === channel).at(-1)).toEqual(
      expect.objectContaining({ type: 'error', reason: 'unauthenticated' }),
    );
    expect(client.received).toContainEqual({ type: 'subscribed', channel: 'leaderboards' });
    await client.done();
  });

  it('ends private subscriptions of a session its owner signed out from settings', async () => {
    const alice = await buildUser(t.deps);
    const client = await connect(alice.auth);
    const channel = userChannel(alice.user.id);
    client.send({ type: 'subscribe', channel });
    await client.settle();
    expect(client.received).toContainEqual({ type: 'subscribed', channel });

    // Alice, signed in elsewhere, ends the session this socket holds.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      payload: { username: alice.user.username, password: alice.password },
    });
    const elsewhere = { authorization: `JWT ${login.json().token as string}` };
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/end-others/',
      headers: elsewhere,
    });
    expect(ended.json()).toMatchObject({ ended: 1 });
    await t.app.realtime.recheckSessions();
    await client.waitFor((message) => message.type === 'error' && message.channel === channel);
    expect(t.app.realtime.subscriberCount(channel)).toBe(0);
    await client.done();
  });

  it('checks the session on each private subscription, without waiting for the timer', async () => {
    const alice = await buildUser(t.deps);
    const client = await connect(alice.auth);
    await client.settle();
    // A new password ends every session of the account.
    const { revokeSessions } = await import('../auth/service.ts');
    await revokeSessions(t.deps, alice.user.id);
    client.send({ type: 'subscribe', channel: userChannel(alice.user.id) });
    await client.settle();
    expect(client.received).toContainEqual(
      expect.objectContaining({
        type: 'error',
        channel: userChannel(alice.user.id),
        reason: 'unauthenticated',
      }),
    );
    await client.done();
  });
});
