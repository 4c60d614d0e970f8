import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { realtimeClientMessage } from '@bullpen/contract/market';
import { tooManyRequests } from '../platform/errors.ts';
import { RealtimeHub, type Subscriber } from './hub.ts';
import { closeCodes, closeReasons, realtimeLimits as limits } from './limits.ts';
import { postgresTransport } from './postgres-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

export type RealtimeOptions = {
  /** The user id a session token belongs to, or null: channels that need a member ask. */
  identify: (token: string) => Promise<number | null>;
};

type Socket = {
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  terminate: () => void;
  readonly bufferedAmount: number;
  readonly readyState: number;
  on: (event: string, listener: (...args: never[]) => void) => void;
  once: (event: string, listener: (...args: never[]) => void) => void;
};

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
 * WebSocket at `/ws`. Protocol (JSON text frames): the client sends
 * `{"type":"subscribe","channel":"prices"}` (with `"token"` for a channel that needs a
 * member), `{"type":"unsubscribe",...}` or `{"type":"ping"}`; the server answers `subscribed`,
 * `unsubscribed`, `pong` or `error`, then pushes channel messages `{"channel": ..., "type": ...}`.
 * Public channels need no login. The limits of `limits.ts` bound what one client may cost.
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
  app.addHook('onClose', async () => hub.close());
  await app.register(websocket, { options: { maxPayload: limits.maxMessageBytes } });

  const connections = new Map<string, number>();
  async function refuseCrowdedAddress(request: FastifyRequest): Promise<void> {
    if ((connections.get(request.ip) ?? 0) >= realtimeMaxConnectionsPerAddress) {
      throw tooManyRequests(closeReasons.tooManyConnections);
    }
  }

  app.get(
    '/ws',
    { websocket: true, schema: { hide: true }, preValidation: refuseCrowdedAddress },
    (socket: Socket, request) => {
      const address = request.ip;
      connections.set(address, (connections.get(address) ?? 0) + 1);
      let closing = false;
      const subscriptions = new Set<string>();
      let windowStart = Date.now();
      let messagesInWindow = 0;

      // Who opened the socket: its Authorization header, or the web app's cookie.
      let connectUser: Promise<number | null> | undefined;
      const connectUserId = () => {
        connectUser ??= request.currentUser
          ? Promise.resolve(request.currentUser.id)
          : (async () => {
              const token = tokenFromCookie(request.headers.cookie);
              return token ? options.identify(token) : null;
            })();
        return connectUser;
      };

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
      const subscriber: Subscriber = { id: randomUUID(), send };

      async function subscribe(channel: string, token: string | undefined): Promise<void> {
        if (subscriptions.has(channel)) return reply({ type: 'subscribed', channel });
        if (subscriptions.size >= limits.maxSubscriptions) {
          return close(closeCodes.policyViolation, closeReasons.tooManySubscriptions);
        }
        const userId = token ? await options.identify(token) : await connectUserId();
        const refusal = await hub.authorize({ channel, userId });
        if (closing) return;
        if (refusal) return reply({ type: 'error', channel, error: refusal });
        if (subscriptions.has(channel)) return reply({ type: 'subscribed', channel });
        subscriptions.add(channel);
        reply({ type: 'subscribed', channel });
        await hub.subscribe(channel, subscriber);
      }

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
          return reply({ type: 'error', error: 'Send JSON messages.' });
        }
        const result = realtimeClientMessage.safeParse(parsed);
        if (!result.success) {
          return reply({
            type: 'error',
            error: 'Unknown message: send subscribe, unsubscribe or ping.',
          });
        }
        const message = result.data;
        if (message.type === 'ping') return reply({ type: 'pong' });
        if (!hub.hasChannel(message.channel)) {
          return reply({ type: 'error', error: `No such channel: ${message.channel}` });
        }
        if (message.type === 'unsubscribe') {
          subscriptions.delete(message.channel);
          hub.unsubscribe(message.channel, subscriber);
          return reply({ type: 'unsubscribed', channel: message.channel });
        }
        subscribe(message.channel, message.token).catch((error: unknown) => {
          app.log.error({ err: error }, 'realtime subscription failed');
        });
      });
      socket.on('close', () => {
        closing = true;
        hub.unsubscribeAll(subscriber);
        const left = (connections.get(address) ?? 1) - 1;
        if (left > 0) connections.set(address, left);
        else connections.delete(address);
      });
    },
  );
}
