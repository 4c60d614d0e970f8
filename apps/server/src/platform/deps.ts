import type { Config } from './config.ts';
import type { Database } from '../db/connection.ts';
import type { SessionCache } from '../auth/session-cache.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/** How a domain sends mail; the mail domain fills it (mail/mailer.ts createMailer). */
export type Mailer = {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

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
