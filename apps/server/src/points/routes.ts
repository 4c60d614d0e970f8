import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pointsParams, pointsSchema } from '@bullpen/contract/users';
import { requireUser } from '../auth/authenticate.ts';
import { forbidden } from '../platform/errors.ts';
import { canManageAccount } from '../users/policies.ts';
import { availablePoints } from './service.ts';

export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/points/points/:userId/',
      { schema: { tags: ['points'], params: pointsParams, response: { 200: pointsSchema } } },
      async (request) => {
        const actor = requireUser(request);
        if (!canManageAccount(actor, request.params.userId)) throw forbidden();
        return { available_points: await availablePoints(app.deps.db, request.params.userId) };
      },
    );
}
