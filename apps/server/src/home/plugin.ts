import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/domain.ts';
import { homeRoutes } from './routes.ts';

/**
 * The signed-in home: reads only, each card asking the domains that own its facts.
 * It keeps nothing of its own, so it has no table, erasure step or retention rule.
 */
export async function homePlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  await app.register(homeRoutes, { now: options.now ?? (() => new Date()) });
}
