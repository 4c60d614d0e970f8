import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';

export type SocketMessage = { type: string; channel?: string; [key: string]: unknown };
type WsClient = {
  send: (data: string) => void;
  terminate: () => void;
  on: (event: string, listener: (...args: never[]) => void) => void;
  once: (event: string, listener: (...args: never[]) => void) => void;
};
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string, options?: { headers?: Record<string, string> }) => WsClient;
};

/** Starts `app` on a free loopback port; the URL of its live channel. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}

/**
 * `connect(headers)` opens a client to `url()` that records every message it receives; each
 * test's clients are closed after it.
 */
export function socketClients(url: () => string) {
  const sockets: WsClient[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  return async function connect(headers: Record<string, string> = {}) {
    const client = new WebSocket(url(), { headers });
    sockets.push(client);
    const received: SocketMessage[] = [];
    client.on('message', (data: Buffer) =>
      received.push(JSON.parse(data.toString()) as SocketMessage),
    );
    await new Promise<void>((resolve, reject) => {
      client.once('open', () => resolve());
      client.once('error', (error: Error) => reject(error));
    });
    const send = (message: object) => client.send(JSON.stringify(message));
    return { received, send };
  };
}
