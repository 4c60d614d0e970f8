import { randomUUID } from 'node:crypto';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { realtimeClientMessage, USER_CHANNEL_PREFIX } from '@bullpen/contract/realtime';
import type { RealtimeClientMessage } from '@bullpen/contract/realtime';
import { api } from '@bullpen/contract/routes';
import { tooManyRequests } from '../platform/errors.ts';
import { RealtimeHub, type ChannelSubscriber, type Refusal, type Subscriber } from './hub.ts';
import { closeCodes, closeReasons, realtimeLimits as limits } from './limits.ts';
import { postgresTransport } from './postgres-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

export type RealtimeOptions = {
  /** The user of a session token, or null when it is invalid, expired, logged out or superseded. */
  identify: (token: string) => Promise<number | null>;
};

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
 * WebSocket at `/ws`; the protocol is in docs/realtime.md and the contract's `realtime`
 * module. A socket carries its user (from its credentials or an `auth` message); each
 * subscription is checked against the channel's policy, refused ones answered with a reason.
 * The limits of `limits.ts` bound what one client may cost.
 */
export async function registerRealtime(
  app: FastifyInstance,
  options: RealtimeOptions,
): Promise<void> {
  const { databaseUrl, realtimeMaxConnectionsPerAddress } = app.deps.config;
  // With PostgreSQL, several server processes share cluster-wide channels; PGlite is one process.
  const hub = new RealtimeHub(
    databaseUrl ? await postgresTransport(databaseUrl, app.log) : undefined,
  );
  app.decorate('realtime', hub);
  const recheck = setInterval(() => {
    hub.recheckSessions().catch((error: unknown) => {
      app.log.error({ err: error }, 'realtime session check failed');
    });
  }, limits.sessionRecheckMs);
  recheck.unref();
  app.addHook('onClose', async () => {
    clearInterval(recheck);
    await hub.close();
  });
  await app.register(websocket, { options: { maxPayload: limits.maxMessageBytes } });

  // Each user's own channel: only that user hears it (points today, notifications later).
  hub.defineChannel(`${USER_CHANNEL_PREFIX}{id}`, {
    clusterWide: true,
    authorize: (subscriber, { id }) =>
      subscriber.userId !== null && String(subscriber.userId) === id,
    refusal: 'Only its own user may listen to this channel.',
  });

  const connections = new Map<string, number>();
  async function refuseCrowdedAddress(request: FastifyRequest): Promise<void> {
    if ((connections.get(request.ip) ?? 0) >= realtimeMaxConnectionsPerAddress) {
      throw tooManyRequests(closeReasons.tooManyConnections);
    }
  }

  app.get(
    api.websocket.pattern,
    {
      websocket: true,
      schema: { hide: true },
      // The socket checks its own credentials, so a bad one is a close code the client reads.
      config: { ignoreAuthorization: true },
      preValidation: refuseCrowdedAddress,
    },
    (socket: WebSocket, request) => {
      const address = request.ip;
      connections.set(address, (connections.get(address) ?? 0) + 1);
      let closing = false;
      const subscriptions = new Set<string>();
      let windowStart = Date.now();
      let messagesInWindow = 0;
      let session: Session | null = null;
      // Messages are handled one after another, so a subscribe sent right after `auth` is
      // judged as the new user. The message limit bounds how much can wait here.
      let queue: Promise<void> = Promise.resolve();

      const close = (code: number, reason: string) => {
        if (closing) return;
        closing = true;
        hub.unsubscribeAll(subscriber);
        socket.close(code, reason);
        // A client that does not read will not read the close frame either: cut it off.
        const timer = setTimeout(() => socket.terminate(), limits.closeGraceMs);
        timer.unref();
        socket.once('close', () => clearTimeout(timer));
      };

      /** Every message to the client goes through here, so nothing piles up unbounded. */
      const send = (data: string) => {
        if (closing || socket.readyState !== OPEN) return;
        if (socket.bufferedAmount + Buffer.byteLength(data) > limits.maxBufferedBytes) {
          return close(closeCodes.tryAgainLater, closeReasons.tooSlow);
        }
        socket.send(data);
      };
      const reply = (message: object) => send(JSON.stringify(message));
      const refuse = (channel: string, refusal: Refusal) =>
        reply({ type: 'error', channel, ...refusal });
      const subscriber: Subscriber = { id: randomUUID(), send };
      const identity = (): ChannelSubscriber => ({ userId: session?.userId ?? null });

      const enqueue = (task: () => Promise<void>): Promise<void> => {
        queue = queue.then(async () => {
          if (closing) return;
          try {
            await task();
          } catch (error) {
            // A failed database read, not the client's fault: it reconnects and tries again.
            app.log.error({ err: error }, 'realtime message failed');
            close(closeCodes.internalError, closeReasons.internalError);
          }
        });
        return queue;
      };

      /** Ends the private subscriptions the socket's current user may not hear. */
      async function reauthorize(): Promise<void> {
        for (const channel of [...subscriptions]) {
          if (!hub.isPrivate(channel)) continue;
          const refusal = await hub.authorize(channel, identity());
          if (closing) return;
          if (!refusal) continue;
          subscriptions.delete(channel);
          hub.unsubscribe(channel, subscriber);
          refuse(channel, refusal);
        }
      }

      /** Who the socket is from now on; a changed user re-asks every private channel. */
      async function become(next: Session | null): Promise<void> {
        const previousUserId = session?.userId ?? null;
        session = next;
        if ((next?.userId ?? null) !== previousUserId) await reauthorize();
      }

      /**
       * A session ends by expiry, logout or a new password: ask again (on each private
       * subscription, and every `sessionRecheckMs` while the socket holds one).
       */
      async function recheckSession(): Promise<void> {
        const current = session;
        if (!current) return;
        const still = await options.identify(current.token);
        if (still === null && session === current && !closing) await become(null);
      }

      async function authenticate(token: string | null): Promise<void> {
        const userId = token === null ? null : await options.identify(token);
        if (closing) return;
        if (token !== null && userId === null) {
          return close(closeCodes.unauthenticated, closeReasons.sessionInvalid);
        }
        await become(token !== null && userId !== null ? { token, userId } : null);
        reply({ type: 'authenticated', user: session?.userId ?? null });
      }

      async function subscribe(channel: string): Promise<void> {
        if (subscriptions.has(channel)) return reply({ type: 'subscribed', channel });
        if (subscriptions.size >= limits.maxSubscriptions) {
          return close(closeCodes.policyViolation, closeReasons.tooManySubscriptions);
        }
        if (hub.isPrivate(channel)) await recheckSession();
        const refusal = await hub.authorize(channel, identity());
        if (closing) return;
        if (refusal) return refuse(channel, refusal);
        subscriptions.add(channel);
        reply({ type: 'subscribed', channel });
        await hub.subscribe(channel, subscriber);
      }

      async function handle(message: RealtimeClientMessage): Promise<void> {
        switch (message.type) {
          case 'ping':
            return reply({ type: 'pong' });
          case 'auth':
            return authenticate(message.token);
          case 'unsubscribe':
            if (!hub.hasChannel(message.channel)) {
              return refuse(message.channel, {
                reason: 'unknown_channel',
                error: `No such channel: ${message.channel}`,
              });
            }
            subscriptions.delete(message.channel);
            hub.unsubscribe(message.channel, subscriber);
            return reply({ type: 'unsubscribed', channel: message.channel });
          case 'subscribe':
            return subscribe(message.channel);
        }
      }

      // The credentials of the upgrade come first: a bad header closes the socket (4401); a
      // stale cookie is ignored (it is ambient: the page may only want public channels).
      const credentials = credentialsOf(request);
      if (credentials) {
        void enqueue(async () => {
          const { token } = credentials;
          const userId = token ? await options.identify(token) : null;
          if (token && userId !== null) return become({ token, userId });
          if (credentials.source === 'header') {
            close(closeCodes.unauthenticated, closeReasons.sessionInvalid);
          }
        });
      }

      const untrack = hub.track({
        recheckSession: () =>
          enqueue(async () => {
            if ([...subscriptions].some((channel) => hub.isPrivate(channel))) {
              await recheckSession();
              // The facts change too (a student removed from a class): ask each policy again.
              await reauthorize();
            }
          }),
      });

      socket.on('message', (raw: Buffer) => {
        if (closing) return;
        const now = Date.now();
        if (now - windowStart >= limits.windowMs) {
          windowStart = now;
          messagesInWindow = 0;
        }
        messagesInWindow += 1;
        if (messagesInWindow > limits.maxMessagesPerWindow) {
          return close(closeCodes.policyViolation, closeReasons.tooManyMessages);
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          parsed = undefined;
        }
        const result = realtimeClientMessage.safeParse(parsed);
        void enqueue(async () => {
          if (result.success) return handle(result.data);
          reply({
            type: 'error',
            reason: 'bad_message',
            error: 'Unknown message: send JSON with type auth, subscribe, unsubscribe or ping.',
          });
        });
      });
      socket.on('close', () => {
        closing = true;
        untrack();
        hub.unsubscribeAll(subscriber);
        const left = (connections.get(address) ?? 1) - 1;
        if (left > 0) connections.set(address, left);
        else connections.delete(address);
      });
    },
  );
}
