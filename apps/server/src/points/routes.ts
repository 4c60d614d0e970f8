import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pointsParams, pointsSchema } from '@bullpen/contract/users';
import { api } from '@bullpen/contract/routes';
import { requireUser } from '../auth/authenticate.ts';
import { forbidden } from '../platform/errors.ts';
import { canSeePoints } from './policies.ts';
import { presentPoints } from './presenter.ts';
import { availablePoints } from './service.ts';

export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      api.points.pattern,
      { schema: { tags: ['points'], params: pointsParams, response: { 200: pointsSchema } } },
      async (request) => {
        const actor = requireUser(request);
        if (!canSeePoints(actor, request.params.userId)) throw forbidden();
        return presentPoints(await availablePoints(app.deps.db, request.params.userId));
      },
    );
}
