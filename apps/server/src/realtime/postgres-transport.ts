import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeTransport } from './hub.ts';

const NOTIFY_CHANNEL = 'bullpen_realtime';
/** PostgreSQL refuses NOTIFY payloads from 8,000 bytes; cluster-wide messages are small. */
const MAX_PAYLOAD_BYTES = 7_900;

/**
 * Fan-out across server processes: publishing sends NOTIFY on one PostgreSQL channel, and a
 * dedicated connection per process LISTENs and hands every message to the local hub (its own
 * included, so one path delivers everywhere).
 */
export async function postgresTransport(
  connectionString: string,
  log: FastifyBaseLogger,
): Promise<RealtimeTransport> {
  const listener = new pg.Client({ connectionString });
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on('error', () => {});
  let deliver: (channel: string, data: string) => void = () => {};
  listener.on('notification', (notification) => {
    if (notification.channel !== NOTIFY_CHANNEL || !notification.payload) return;
    const separator = notification.payload.indexOf('\n');
    if (separator < 0) return;
    deliver(notification.payload.slice(0, separator), notification.payload.slice(separator + 1));
  });
  listener.on('error', (error) => log.error({ err: error }, 'realtime listener failed'));
  await listener.connect();
  await listener.query(`listen ${NOTIFY_CHANNEL}`);
  return {
    publish: (channel, data) => {
      const payload = `${channel}\n${data}`;
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        log.error({ channel }, 'realtime message too large for NOTIFY: dropped');
        return;
      }
      publisher
        .query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, payload])
        .catch((error: unknown) => log.error({ err: error }, 'realtime NOTIFY failed'));
    },
    listen: (handler) => {
      deliver = handler;
    },
    close: async () => {
      await listener.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
