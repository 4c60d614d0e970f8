import type { Config } from './config.ts';
import type { Database } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What every domain's routes may use, decorated once on the Fastify instance. */
export type Deps = {
  config: Config;
  db: Database;
  mailer: Mailer;
  signingKey: Uint8Array;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
