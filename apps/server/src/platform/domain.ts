import type { FastifyInstance } from 'fastify';

/** What app.ts hands every domain plugin. */
export type DomainOptions = {
  /** The market's clock (tests pin it); defaults to the system clock. */
  now?: () => Date;
};

/**
 * A domain's `plugin.ts` exports one of these: it registers the domain's routes, jobs and
 * realtime channels, and decorates the app with what other domains may call. app.ts registers
 * each without encapsulation, so those decorators are visible to the domains after it.
 */
export type DomainPlugin = (app: FastifyInstance, options: DomainOptions) => Promise<void>;
