import type { Config } from './config.ts';
import type { Database } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionCache } from '../auth/session-cache.ts';

/** What every domain's routes may use, decorated once on the Fastify instance. */
export type Deps = {
  config: Config;
  db: Database;
  mailer: Mailer;
  signingKey: Uint8Array;
  /** The sessions this process has checked (auth/session-cache.ts). */
  sessions: SessionCache;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
