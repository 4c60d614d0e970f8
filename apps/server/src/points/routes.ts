import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pointsHistoryPageSchema, pointsHistoryQuery } from '@bullpen/contract/points';
import { pointsParams, pointsSchema } from '@bullpen/contract/users';
import { api } from '@bullpen/contract/routes';
import { requireUser } from '../auth/authenticate.ts';
import { forbidden } from '../platform/errors.ts';
import { pageOf, pageWindow } from '../platform/pagination.ts';
import { findUsersByIds } from '../users/queries.ts';
import { canSeePoints } from './policies.ts';
import { presentPoints, presentPointsEntry } from './presenter.ts';
import { availablePoints, countEntries, entriesOf } from './service.ts';

export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['points'];

  route.get(
    api.points.pattern,
    { schema: { tags, params: pointsParams, response: { 200: pointsSchema } } },
    async (request) => {
      const actor = requireUser(request);
      if (!canSeePoints(actor, request.params.userId)) throw forbidden();
      return presentPoints(await availablePoints(db, request.params.userId));
    },
  );

  route.get(
    api.pointsHistory.pattern,
    {
      schema: {
        tags,
        params: pointsParams,
        querystring: pointsHistoryQuery,
        response: { 200: pointsHistoryPageSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { userId } = request.params;
      if (!canSeePoints(actor, userId)) throw forbidden();
      const [count, rows] = await Promise.all([
        countEntries(db, userId),
        entriesOf(db, userId, pageWindow(request.query)),
      ]);
      const givers = await findUsersByIds(db, [
        ...new Set(rows.flatMap((row) => (row.createdBy === null ? [] : [row.createdBy]))),
      ]);
      return pageOf(
        rows.map((row) =>
          presentPointsEntry(row, row.createdBy === null ? undefined : givers.get(row.createdBy)),
        ),
        count,
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );
}
