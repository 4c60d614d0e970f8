import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a LISTEN on one channel reports. */
export type NotificationHandlers = {
  onMessage: (payload: string) => void;
  /** The connection dropped: messages sent from now until `onRestored` are lost. */
  onLost: () => void;
  /** Listening again after a loss. */
  onRestored: () => void;
};

export type NotificationListener = {
  /** Listening now (false between a lost connection and its return). */
  readonly listening: () => boolean;
  /**
   * Resolves once every message committed before the call has been handed to `onMessage`.
   * PostgreSQL sends a listener its pending notifications before the answer to its next query.
   */
  sync: () => Promise<void>;
  close: () => Promise<void>;
};

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * LISTEN on a dedicated PostgreSQL connection (as the realtime transport does), reconnected
 * with a growing pause when it drops. Each process gets every NOTIFY, its own included.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<NotificationListener> {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = null;
    if (listening) handlers.onLost();
    listening = false;
    failed.end().catch(() => {});
    if (closed) return;
    retryTimer = setTimeout(() => void connect().catch(() => {}), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) handlers.onMessage(message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      lost(next);
      throw error;
    }
    if (client !== next || closed) return;
    const wasLost = retryMs !== RETRY_FIRST_MS;
    listening = true;
    retryMs = RETRY_FIRST_MS;
    if (wasLost) handlers.onRestored();
  }

  try {
    await connect();
  } catch (error) {
    closed = true;
    clearTimeout(retryTimer);
    throw error;
  }
  // One round trip at a time on the connection. Each caller waits for one begun after its
  // call; callers that come before the next one begins share it.
  let last: Promise<void> = Promise.resolve();
  let next: Promise<void> | null = null;
  const roundTrip = async () => {
    next = null;
    if (listening && client) await client.query('select 1');
  };
  return {
    listening: () => listening,
    sync: () => {
      if (next) return next;
      next = last.then(roundTrip).catch(() => {});
      last = next;
      return next;
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      listening = false;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * LISTEN on the embedded database. PGlite is one connection in this process: a notification
 * is handed over before the statement that committed it returns, and it never drops.
 */
export async function listenOnPglite(
  client: PGlite,
  channel: string,
  handlers: NotificationHandlers,
): Promise<NotificationListener> {
  const unlisten = await client.listen(channel, handlers.onMessage);
  let listening = true;
  return {
    listening: () => listening,
    sync: async () => {},
    close: async () => {
      listening = false;
      if (!client.closed) await unlisten();
    },
  };
}
