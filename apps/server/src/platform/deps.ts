import type { Config } from './config.ts';
import type { Database } from '../db/connection.ts';
import type { Erasure } from './erasure.ts';
import type { DomainEventBus } from './events.ts';
import type { JobRegistry } from './jobs.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The account the mail names, when it goes to someone else (a teacher told about a student):
   * its outbox copy goes when that account is erased (mail/plugin.ts).
   */
  about?: number;
};

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
  /** The sessions this process has checked; the auth domain fills it (auth/session-cache.ts). */
  sessions: Sessions;
  /** What each domain erases when an account is deleted (platform/erasure.ts). */
  erasure: Erasure;
  /** What happened in one domain, for the domains later in the map (platform/events.ts). */
  events: DomainEventBus;
  /** The clock jobs this process runs, for its readiness (platform/jobs.ts). */
  jobs: JobRegistry;
};

/**
 * What any domain may do with the sessions this process has checked: forget a user's, after
 * changing something a session carries. The auth domain widens it with what only it uses
 * (auth/session-cache.ts), so the platform names no domain.
 */
export interface Sessions {
  dropUser(userId: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
