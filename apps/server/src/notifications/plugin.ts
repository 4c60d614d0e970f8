import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/domain.ts';
import { notificationsRoutes } from './routes.ts';
import { deleteNotificationsOf } from './queries.ts';

/**
 * In-app notifications: other domains leave them with `notifyUsers` (service.ts) for users
 * they cannot mail; the user lists and reads their own.
 */
export async function notificationsPlugin(
  app: FastifyInstance,
  options: DomainOptions,
): Promise<void> {
  app.deps.erasure.erase('notifications', (tx, account) => deleteNotificationsOf(tx, account.id));
  await app.register(notificationsRoutes, { now: options.now ?? (() => new Date()) });
}
