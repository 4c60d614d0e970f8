import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_CHANNEL_PREFIX } from '@bullpen/contract/realtime';
import { api } from '@bullpen/contract/routes';
import { tooManyRequests } from '../platform/errors.ts';
import { Connection, type Identify } from './connection.ts';
import { RealtimeHub } from './hub.ts';
import { closeCodes, closeReasons, realtimeLimits as limits } from './limits.ts';
import { postgresTransport } from './postgres-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

export type RealtimeOptions = { identify: Identify };

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
  await app.register(websocket, {
    options: { maxPayload: limits.maxMessageBytes },
    // On close (a shutdown, a rolling restart), every socket is told 1001 "going away" so its
    // client reconnects, to another process when there are several; one that does not answer
    // the close is cut off after the grace.
    preClose(done) {
      const server = app.websocketServer;
      for (const client of server.clients) {
        client.close(closeCodes.goingAway, closeReasons.goingAway);
        setTimeout(() => client.terminate(), limits.closeGraceMs).unref();
      }
      server.close(() => done());
    },
  });

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
      new Connection(socket, request, hub, options.identify, app.log, () => {
        const left = (connections.get(address) ?? 1) - 1;
        if (left > 0) connections.set(address, left);
        else connections.delete(address);
      });
    },
  );
}
