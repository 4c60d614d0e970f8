import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { realtimeClientMessage } from '@bullpen/contract/market';
import { RealtimeHub } from './hub.ts';
import { postgresTransport } from './postgres-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

const MAX_MESSAGE_BYTES = 4096;

function reply(socket: { send: (data: string) => void }, message: object): void {
  socket.send(JSON.stringify(message));
}

/**
 * WebSocket at `/ws`. Protocol (JSON text frames): the client sends
 * `{"type":"subscribe","channel":"prices"}`, `{"type":"unsubscribe",...}` or `{"type":"ping"}`;
 * the server answers `subscribed`, `unsubscribed`, `pong` or `error`, then pushes channel
 * messages `{"channel": ..., "type": ...}`. Public channels need no login.
 */
export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const { databaseUrl } = app.deps.config;
  // With PostgreSQL, several server processes share cluster-wide channels; PGlite is one process.
  const hub = new RealtimeHub(
    databaseUrl ? await postgresTransport(databaseUrl, app.log) : undefined,
  );
  app.decorate('realtime', hub);
  app.addHook('onClose', async () => hub.close());
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    const subscriber = { id: randomUUID(), send: (data: string) => socket.send(data) };
    socket.on('message', (raw: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply(socket, { type: 'error', error: 'Send JSON messages.' });
      }
      const result = realtimeClientMessage.safeParse(parsed);
      if (!result.success) {
        return reply(socket, {
          type: 'error',
          error: 'Unknown message: send subscribe, unsubscribe or ping.',
        });
      }
      const message = result.data;
      if (message.type === 'ping') return reply(socket, { type: 'pong' });
      if (!hub.hasChannel(message.channel)) {
        return reply(socket, { type: 'error', error: `No such channel: ${message.channel}` });
      }
      if (message.type === 'unsubscribe') {
        hub.unsubscribe(message.channel, subscriber);
        return reply(socket, { type: 'unsubscribed', channel: message.channel });
      }
      reply(socket, { type: 'subscribed', channel: message.channel });
      hub.subscribe(message.channel, subscriber).catch((error: unknown) => {
        app.log.error({ err: error }, 'realtime subscription failed');
      });
    });
    socket.on('close', () => hub.unsubscribeAll(subscriber));
  });
}
