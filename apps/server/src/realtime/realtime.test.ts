import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICES_CHANNEL } from '@bullpen/contract/market';
import { buildContest, buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import { closeCodes, closeReasons, realtimeLimits } from './limits.ts';

/**
 * Real WebSocket clients over TCP against the real app: what one client may cost the server,
 * and who hears a private contest's live events.
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
    await client.waitFor((message) => message.type === 'snapshot');
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
    stranger.send({ type: 'subscribe', channel: 'leaderboards', token: outsider.token });
    stranger.send({ type: 'subscribe', channel, token: outsider.token });
    byToken.send({ type: 'subscribe', channel, token: member.token });
    byHeader.send({ type: 'subscribe', channel });
    byCookie.send({ type: 'subscribe', channel });
    for (const client of [anonymous, stranger, byToken, byHeader, byCookie]) await client.settle();
    await new Promise((resolve) => setTimeout(resolve, 100));

    const refusal = { type: 'error', channel, error: 'No such contest.' };
    expect(anonymous.received).toContainEqual(refusal);
    expect(stranger.received).toContainEqual(refusal);
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

  it('refuses unknown contests and malformed contest channels alike', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', channel: 'contest:999999' });
    client.send({ type: 'subscribe', channel: 'contest:99999999999' });
    client.send({ type: 'subscribe', channel: 'contest:' });
    await client.settle();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const errors = client.received.filter((message) => message.type === 'error');
    expect(errors).toHaveLength(3);
    expect(errors).toEqual(
      expect.arrayContaining([
        { type: 'error', channel: 'contest:999999', error: 'No such contest.' },
        { type: 'error', channel: 'contest:99999999999', error: 'No such contest.' },
        { type: 'error', error: 'No such channel: contest:' },
      ]),
    );
    await client.done();
  });
});
