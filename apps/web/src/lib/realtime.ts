import { isAuthenticationClose } from '@bullpen/contract/realtime';
import type { RealtimeRefusalReason } from '@bullpen/contract/realtime';
import { api } from '@bullpen/contract/routes';
import { readToken } from './token-cookie.ts';

/**
 * A message from the server on `/ws` (docs/realtime.md). A handler also hears its channel's
 * refusals: `{ type: 'error', channel, reason }`.
 */
export interface RealtimeMessage {
  type: string;
  channel?: string;
  reason?: RealtimeRefusalReason;
  [key: string]: unknown;
}

type Handler = (message: RealtimeMessage) => void;

const MIN_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
const PING_MS = 25_000;
/** Keeps the socket a moment after the last subscriber leaves (a re-render re-subscribes). */
const IDLE_CLOSE_MS = 2_000;

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${api.websocket.build()}`;
}

/**
 * One WebSocket for the whole app. It opens on the first subscription, re-subscribes every
 * channel after a reconnect (exponential backoff with jitter, 1 s to 30 s) and closes when
 * nobody listens any more. The socket carries the session (the `token` cookie goes with the
 * upgrade); when the session changes it says so and asks again for every channel, so a
 * channel refused before login opens after it. Closed for its credentials (4401), it waits
 * for a new session instead of reconnecting in a loop.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  /** The session the socket should carry (null: anonymous). */
  private token: string | null = readToken();
  /** The session the socket opened with (the cookie sent with the upgrade). */
  private socketToken: string | null = null;
  /** Closed by the server for its credentials: no reconnect until the session changes. */
  private blocked = false;
  private readonly handlers = new Map<string, Set<Handler>>();
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;

  subscribe(channel: string, handler: Handler): () => void {
    clearTimeout(this.idleTimer);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.sendSubscribe(channel);
    }
    set.add(handler);
    this.connect();
    return () => this.remove(channel, handler);
  }

  private remove(channel: string, handler: Handler): void {
    const set = this.handlers.get(channel);
    if (!set) return;
    set.delete(handler);
    if (set.size > 0) return;
    this.handlers.delete(channel);
    this.send({ type: 'unsubscribe', channel });
    if (this.handlers.size === 0) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => this.close(), IDLE_CLOSE_MS);
    }
  }

  /**
   * The session changed (login, logout, a refused token): the socket's user follows, and
   * every channel is asked for again, judged as the new user (refusals before login included).
   */
  setSession(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    if (this.blocked) {
      this.blocked = false;
      if (this.handlers.size > 0) this.connect();
      return;
    }
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    this.authenticate();
    for (const channel of this.handlers.keys()) this.sendSubscribe(channel);
  }

  private authenticate(): void {
    this.send({ type: 'auth', token: this.token });
    this.socketToken = this.token;
  }

  private connect(): void {
    if (this.socket || this.retryTimer !== undefined || typeof WebSocket === 'undefined') return;
    if (this.blocked) return;
    this.socketToken = readToken();
    const socket = new WebSocket(socketUrl());
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      // The session changed while connecting: the cookie sent was the old one.
      if (this.socketToken !== this.token) this.authenticate();
      for (const channel of this.handlers.keys()) this.sendSubscribe(channel);
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_MS);
    });
    socket.addEventListener('message', (event) => this.dispatch(event.data));
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (isAuthenticationClose(event.code)) {
        // The same credentials would be refused again: wait for setSession.
        this.blocked = true;
        return;
      }
      if (this.handlers.size > 0) this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    const ceiling = Math.min(MAX_RETRY_MS, MIN_RETRY_MS * 2 ** this.attempts);
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.handlers.size > 0) this.connect();
    }, delay);
  }

  private close(): void {
    if (this.handlers.size > 0) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    // Closing a socket that is still connecting makes the browser log an error: wait for it.
    if (socket?.readyState === WebSocket.CONNECTING) {
      socket.addEventListener('open', () => socket.close());
    } else {
      socket?.close();
    }
  }

  private sendSubscribe(channel: string): void {
    this.send({ type: 'subscribe', channel });
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private dispatch(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: RealtimeMessage;
    try {
      message = JSON.parse(data) as RealtimeMessage;
    } catch {
      return;
    }
    if (!message.channel) return;
    for (const handler of this.handlers.get(message.channel) ?? []) handler(message);
  }
}

export const realtime = new RealtimeClient();
