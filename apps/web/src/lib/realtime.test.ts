import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtimeCloseCodes } from '@bullpen/contract/realtime';
import { FakeWebSocket } from '@/test/fake-websocket.ts';
import { RealtimeClient, type RealtimeMessage } from './realtime.ts';

const subscribes = (socket: FakeWebSocket) =>
  socket.sent.filter((message) => message.type === 'subscribe');
/** What the client sent, keep-alive pings left out. */
const sentBy = (socket: FakeWebSocket) => socket.sent.filter((message) => message.type !== 'ping');

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  FakeWebSocket.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the realtime client', () => {
  it('passes a refusal to the channel, asks again only once the session changes', () => {
    const client = new RealtimeClient();
    const heard: RealtimeMessage[] = [];
    client.subscribe('user:7', (message) => heard.push(message));
    const socket = FakeWebSocket.latest();
    socket.open();
    expect(subscribes(socket)).toEqual([{ type: 'subscribe', channel: 'user:7' }]);

    const refusal = { type: 'error', channel: 'user:7', reason: 'unauthenticated', error: 'No.' };
    socket.receive(refusal);
    expect(heard).toEqual([refusal]);
    vi.advanceTimersByTime(120_000);
    expect(subscribes(socket)).toHaveLength(1);
    expect(FakeWebSocket.instances).toHaveLength(1);

    // Signing in: the socket says who it is now, then asks for its channels again, in order.
    client.setSession('fresh-token');
    expect(sentBy(socket).slice(1)).toEqual([
      { type: 'auth', token: 'fresh-token' },
      { type: 'subscribe', channel: 'user:7' },
    ]);
    socket.receive({ channel: 'user:7', type: 'points', available_points: 40 });
    expect(heard.at(-1)).toEqual({ channel: 'user:7', type: 'points', available_points: 40 });

    // Signing out tells the server too; the same session twice changes nothing.
    client.setSession(null);
    client.setSession(null);
    expect(socket.sent.filter((message) => message.type === 'auth')).toEqual([
      { type: 'auth', token: 'fresh-token' },
      { type: 'auth', token: null },
    ]);
  });

  it('does not reconnect after a 4401 close until there is a new session', () => {
    const client = new RealtimeClient();
    client.setSession('stale-token');
    client.subscribe('prices', () => {});
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().serverClose(realtimeCloseCodes.unauthenticated, 'Session expired.');
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    client.setSession(null);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().open();
    expect(subscribes(FakeWebSocket.latest())).toEqual([{ type: 'subscribe', channel: 'prices' }]);
  });

  it('reconnects with backoff after other closes, and subscribes again', () => {
    const client = new RealtimeClient();
    client.subscribe('prices', () => {});
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().serverClose(realtimeCloseCodes.tryAgainLater, 'Too slow.');
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().open();
    expect(subscribes(FakeWebSocket.latest())).toEqual([{ type: 'subscribe', channel: 'prices' }]);
  });

  it('tells the server of a session that changed while the socket was connecting', () => {
    const client = new RealtimeClient();
    client.subscribe('user:7', () => {});
    client.setSession('fresh-token');
    const socket = FakeWebSocket.latest();
    socket.open();
    expect(sentBy(socket)).toEqual([
      { type: 'auth', token: 'fresh-token' },
      { type: 'subscribe', channel: 'user:7' },
    ]);
  });
});
