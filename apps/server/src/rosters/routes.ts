import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROSTER_UPLOAD_MAX_BYTES,
  rosterApplySchema,
  rosterPlanSchema,
  rosterUploadSchema,
} from '@bullpen/contract/rosters';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../auth/authenticate.ts';
import { applyRoster, previewRoster } from './service.ts';

/**
 * The files travel as base64 in JSON: four characters for three bytes, and room for the
 * names. A larger body is refused before it is read (413, platform/error-handler.ts).
 */
const BODY_LIMIT = Math.ceil((ROSTER_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Preview and apply a roster upload (docs/decisions/042-rosters.md). */
export async function rosterRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const { now } = options;
  const tags = ['rosters'];
  app.addHook('preValidation', requireUserHook);

  route.post(
    api.rosterPreview.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: { tags, body: rosterUploadSchema, response: { 200: rosterPlanSchema } },
    },
    async (request) => previewRoster(db, requireUser(request), request.body, now()),
  );

  route.post(
    api.rosterApply.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: { tags, body: rosterUploadSchema, response: { 201: rosterApplySchema } },
    },
    async (request, reply) => {
      const result = await applyRoster(
        app.deps,
        app.classrooms.membership,
        requireUser(request),
        request.body,
        now(),
      );
      reply.status(201);
      return result;
    },
  );
}
