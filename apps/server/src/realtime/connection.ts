import { randomUUID } from 'node:crypto';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { realtimeClientMessage, type RealtimeClientMessage } from '@bullpen/contract/realtime';
import type { ChannelSubscriber, RealtimeHub, Refusal, Subscriber } from './hub.ts';
import { closeCodes, closeReasons, realtimeLimits as limits } from './limits.ts';

/** The user of a session token, or null when it is invalid, expired, logged out or superseded. */
export type Identify = (token: string) => Promise<number | null>;

type Session = { token: string; userId: number };

const OPEN = 1;

/** The `token` cookie the web app keeps its session in (spec section 4). */
function tokenFromCookie(header: string | undefined): string | undefined {
  const match = header?.match(/(?:^|;\s*)token=([^;]+)/);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/**
 * A cookie is sent by the browser whoever opened the socket, so it counts only for a page of
 * our own origin (or a client that sends no Origin: not a browser). This closes cross-site
 * WebSocket hijacking even where a browser would send the cookie cross-site.
 */
function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * The credentials a socket opened with: `Authorization: JWT <token>` (or Bearer) for other
 * programs, else the web app's `token` cookie. Never the URL: URLs end up in logs. A header
 * that is not a token is `{ token: null }`: refused like a bad token.
 */
function credentialsOf(
  request: FastifyRequest,
): { source: 'header' | 'cookie'; token: string | null } | null {
  const header = request.headers.authorization;
  if (header) {
    return { source: 'header', token: header.match(/^(?:JWT|Bearer)\s+(\S+)$/i)?.[1] ?? null };
  }
  const cookie = tokenFromCookie(request.headers.cookie);
  return cookie && isSameOrigin(request) ? { source: 'cookie', token: cookie } : null;
}

/**
 * One open socket (realtime/plugin.ts accepts it): who it is, what it listens to, and the
 * limits of realtime/limits.ts on what it sends and how much waits for it. Messages are
 * handled one after another, so a subscribe sent right after `auth` is judged as the new user;
 * the message limit bounds how much can wait in the queue.
 */
export class Connection {
  private closing = false;
  private readonly subscriptions = new Set<string>();
  private windowStart = Date.now();
  private messagesInWindow = 0;
  private session: Session | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly subscriber: Subscriber;
  private readonly untrack: () => void;

  constructor(
    private readonly socket: WebSocket,
    request: FastifyRequest,
    private readonly hub: RealtimeHub,
    private readonly identify: Identify,
    private readonly log: FastifyBaseLogger,
    onClosed: () => void,
  ) {
    this.subscriber = { id: randomUUID(), send: (data) => this.send(data) };
    // The credentials of the upgrade come first: a bad header closes the socket (4401); a
    // stale cookie is ignored (it is ambient: the page may only want public channels).
    const credentials = credentialsOf(request);
    if (credentials) void this.enqueue(() => this.openWith(credentials));
    this.untrack = hub.track({
      recheckSession: () =>
        this.enqueue(async () => {
          if ([...this.subscriptions].some((channel) => hub.isPrivate(channel))) {
            await this.recheckSession();
            // The facts change too (a student removed from a class): ask each policy again.
            await this.reauthorize();
          }
        }),
      listensTo: (channel) => this.subscriptions.has(channel),
    });
    socket.on('message', (raw: Buffer) => this.receive(raw));
    socket.on('close', () => {
      this.closing = true;
      this.untrack();
      hub.unsubscribeAll(this.subscriber);
      onClosed();
    });
  }

  private close(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    this.hub.unsubscribeAll(this.subscriber);
    this.socket.close(code, reason);
    // A client that does not read will not read the close frame either: cut it off.
    const timer = setTimeout(() => this.socket.terminate(), limits.closeGraceMs);
    timer.unref();
    this.socket.once('close', () => clearTimeout(timer));
  }

  /** Every message to the client goes through here, so nothing piles up unbounded. */
  private send(data: string): void {
    if (this.closing || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount + Buffer.byteLength(data) > limits.maxBufferedBytes) {
      return this.close(closeCodes.tryAgainLater, closeReasons.tooSlow);
    }
    this.socket.send(data);
  }

  private reply(message: object): void {
    this.send(JSON.stringify(message));
  }

  private refuse(channel: string, refusal: Refusal): void {
    this.reply({ type: 'error', channel, ...refusal });
  }

  private identity(): ChannelSubscriber {
    return { userId: this.session?.userId ?? null };
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(async () => {
      if (this.closing) return;
      try {
        await task();
      } catch (error) {
        // A failed database read, not the client's fault: it reconnects and tries again.
        this.log.error({ err: error }, 'realtime message failed');
        this.close(closeCodes.internalError, closeReasons.internalError);
      }
    });
    return this.queue;
  }

  private async openWith(credentials: { source: 'header' | 'cookie'; token: string | null }) {
    const { token } = credentials;
    const userId = token ? await this.identify(token) : null;
    if (token && userId !== null) return this.become({ token, userId });
    if (credentials.source === 'header') {
      this.close(closeCodes.unauthenticated, closeReasons.sessionInvalid);
    }
  }

  /** Ends the private subscriptions the socket's current user may not hear. */
  private async reauthorize(): Promise<void> {
    for (const channel of [...this.subscriptions]) {
      if (!this.hub.isPrivate(channel)) continue;
      const refusal = await this.hub.authorize(channel, this.identity());
      if (this.closing) return;
      if (!refusal) continue;
      this.subscriptions.delete(channel);
      this.hub.unsubscribe(channel, this.subscriber);
      this.refuse(channel, refusal);
    }
  }

  /** Who the socket is from now on; a changed user re-asks every private channel. */
  private async become(next: Session | null): Promise<void> {
    const previousUserId = this.session?.userId ?? null;
    this.session = next;
    if ((next?.userId ?? null) !== previousUserId) await this.reauthorize();
  }

  /**
   * A session ends by expiry, logout or a new password: ask again (on each private
   * subscription, and every `sessionRecheckMs` while the socket holds one).
   */
  private async recheckSession(): Promise<void> {
    const current = this.session;
    if (!current) return;
    const still = await this.identify(current.token);
    if (still === null && this.session === current && !this.closing) await this.become(null);
  }

  private async authenticate(token: string | null): Promise<void> {
    const userId = token === null ? null : await this.identify(token);
    if (this.closing) return;
    if (token !== null && userId === null) {
      return this.close(closeCodes.unauthenticated, closeReasons.sessionInvalid);
    }
    await this.become(token !== null && userId !== null ? { token, userId } : null);
    this.reply({ type: 'authenticated', user: this.session?.userId ?? null });
  }

  private async subscribe(channel: string): Promise<void> {
    if (this.subscriptions.has(channel)) return this.reply({ type: 'subscribed', channel });
    if (this.subscriptions.size >= limits.maxSubscriptions) {
      return this.close(closeCodes.policyViolation, closeReasons.tooManySubscriptions);
    }
    if (this.hub.isPrivate(channel)) await this.recheckSession();
    const refusal = await this.hub.authorize(channel, this.identity());
    if (this.closing) return;
    if (refusal) return this.refuse(channel, refusal);
    this.subscriptions.add(channel);
    this.reply({ type: 'subscribed', channel });
    await this.hub.subscribe(channel, this.subscriber);
  }

  private unsubscribe(channel: string): void {
    if (!this.hub.hasChannel(channel)) {
      return this.refuse(channel, {
        reason: 'unknown_channel',
        error: `No such channel: ${channel}`,
      });
    }
    this.subscriptions.delete(channel);
    this.hub.unsubscribe(channel, this.subscriber);
    this.reply({ type: 'unsubscribed', channel });
  }

  private async handle(message: RealtimeClientMessage): Promise<void> {
    switch (message.type) {
      case 'ping':
        return this.reply({ type: 'pong' });
      case 'auth':
        return this.authenticate(message.token);
      case 'unsubscribe':
        return this.unsubscribe(message.channel);
      case 'subscribe':
        return this.subscribe(message.channel);
    }
  }

  private receive(raw: Buffer): void {
    if (this.closing) return;
    const now = Date.now();
    if (now - this.windowStart >= limits.windowMs) {
      this.windowStart = now;
      this.messagesInWindow = 0;
    }
    this.messagesInWindow += 1;
    if (this.messagesInWindow > limits.maxMessagesPerWindow) {
      return this.close(closeCodes.policyViolation, closeReasons.tooManyMessages);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    const result = realtimeClientMessage.safeParse(parsed);
    void this.enqueue(async () => {
      if (result.success) return this.handle(result.data);
      this.reply({
        type: 'error',
        reason: 'bad_message',
        error: 'Unknown message: send JSON with type auth, subscribe, unsubscribe or ping.',
      });
    });
  }
}
