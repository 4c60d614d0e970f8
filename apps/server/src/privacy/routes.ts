import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  downloadQuery,
  exportJobSchema,
  exportParams,
  studentExportParams,
} from '@bullpen/contract/privacy';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../auth/authenticate.ts';
import { renderExportPage } from './html.ts';
import { presentExportJob } from './presenter.ts';
import {
  downloadableExport,
  exportFor,
  requestOwnExport,
  requestStudentExport,
  type ExportRunner,
} from './service.ts';

/**
 * "Download my data": ask for an export of your own data (or, as a teacher, of a student of
 * your class), follow its progress, and download it as JSON or as a readable page for a day.
 */
export async function privacyRoutes(app: FastifyInstance, options: { runner: ExportRunner }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { runner } = options;
  const { db } = app.deps;
  const tags = ['privacy'];
  app.addHook('preValidation', requireUserHook);

  route.post(
    api.dataExports.pattern,
    { schema: { tags, response: { 202: exportJobSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      reply.status(202);
      return presentExportJob(await requestOwnExport(runner, actor));
    },
  );

  route.post(
    api.classroomStudentExport.pattern,
    { schema: { tags, params: studentExportParams, response: { 202: exportJobSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      const { id, userId } = request.params;
      reply.status(202);
      return presentExportJob(await requestStudentExport(runner, actor, id, userId));
    },
  );

  route.get(
    api.dataExport.pattern,
    { schema: { tags, params: exportParams, response: { 200: exportJobSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return presentExportJob(await exportFor(db, actor, request.params.id));
    },
  );

  route.get(
    api.dataExportDownload.pattern,
    { schema: { tags, params: exportParams, querystring: downloadQuery } },
    async (request, reply) => {
      const actor = requireUser(request);
      const { id } = request.params;
      const document = await downloadableExport(db, actor, id, runner.now());
      const format = request.query.format;
      reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="bullpen-data-${id}.${format}"`);
      if (format === 'html') {
        return reply.type('text/html; charset=utf-8').send(renderExportPage(document));
      }
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(document, null, 2));
    },
  );
}
