import type { FastifyInstance } from 'fastify';
import { supportRoutes } from './routes.ts';
import { deleteTicketsOf } from './queries.ts';

/**
 * Support and contact: tickets from the support, contact-sales and school-event forms, the
 * ALTCHA human check that guards them for visitors, and the staff inbox.
 */
export async function supportPlugin(app: FastifyInstance): Promise<void> {
  app.deps.erasure.erase('support', (tx, account) =>
    deleteTicketsOf(tx, account.id, account.email),
  );
  await app.register(supportRoutes);
}
