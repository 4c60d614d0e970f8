import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { heldMailPageSchema, staffOutboxQuery } from '@bullpen/contract/mail';
import { api } from '@bullpen/contract/routes';
import { requireUser } from './authenticate.ts';
import { forbidden } from '../platform/errors.ts';
import { pageOf, pageWindow } from '../platform/pagination.ts';
import { canReadHeldMail } from '../users/policies.ts';
import { readHeldMail } from './staff-accounts.ts';

/** The staff's view of mail held in the outbox when there is no SMTP_URL. */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  route.get(
    api.staffOutbox.pattern,
    {
      preValidation: requireReader,
      schema: {
        tags: ['staff'],
        querystring: staffOutboxQuery,
        response: { 200: heldMailPageSchema },
      },
    },
    async (request) => {
      const staff = requireUser(request);
      const { count, results } = await readHeldMail(
        deps.db,
        staff,
        pageWindow(request.query),
        new Date(),
      );
      return pageOf(results, count, request.query, request.url, deps.config.publicUrl);
    },
  );
}

/** Staff only: 401 without a session, 403 for anyone else, before the input is read. */
async function requireReader(request: FastifyRequest): Promise<void> {
  if (!canReadHeldMail(requireUser(request))) throw forbidden();
}
