import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  candidatesQuery,
  candidatesSchema,
  certificateListSchema,
  certificateParams,
  certificateVerificationSchema,
  grantCertificatesBody,
  grantResultSchema,
  recipientsPageSchema,
  recipientsQuery,
} from '@bullpen/contract/certificates';
import { classroomParams } from '@bullpen/contract/classrooms';
import { api } from '@bullpen/contract/routes';
import { requireUser } from '../../auth/authenticate.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import {
  presentCandidates,
  presentCertificate,
  presentGrant,
  presentVerification,
} from './presenter.ts';
import {
  certificateCandidates,
  certificateDocument,
  certificateRecipients,
  classroomCertificates,
  grantCertificates,
  verifyCertificate,
} from './service.ts';

/** Public checks of a code, per client address: enough for a class, not for guessing. */
const VERIFY_LIMIT = { max: 60, timeWindow: 60_000 };

/**
 * Course certificates of a class: grant (its teacher), get (its members), the recipients list
 * (its teacher), the public check of a code, and the PDF (its holder and the class's teacher).
 */
export async function certificateRoutes(app: FastifyInstance, options: { now: () => Date }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['certificates'];

  route.get(
    api.certificateCandidates.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        querystring: candidatesQuery,
        response: { 200: candidatesSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return presentCandidates(
        await certificateCandidates(db, actor, request.params.id, request.query.course),
      );
    },
  );

  route.post(
    api.grantCertificates.pattern,
    {
      schema: {
        tags,
        params: classroomParams,
        body: grantCertificatesBody,
        response: { 200: grantResultSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const outcome = await grantCertificates(
        db,
        actor,
        request.params.id,
        request.body,
        options.now(),
      );
      // Only the newly granted hear it: a re-grant tells nobody again.
      const first = outcome.granted[0];
      if (first) {
        await app.deps.events.emit('certificateGranted', {
          userIds: outcome.granted.map((row) => row.userId),
          classroom: first.classroomName,
          course: first.courseTitle,
        });
      }
      return presentGrant(outcome, config.publicUrl);
    },
  );

  route.post(
    api.getCertificates.pattern,
    { schema: { tags, params: classroomParams, response: { 200: certificateListSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const rows = await classroomCertificates(db, actor, request.params.id);
      return { results: rows.map((row) => presentCertificate(row, config.publicUrl)) };
    },
  );

  route.get(
    api.certificateRecipients.pattern,
    { schema: { tags, querystring: recipientsQuery, response: { 200: recipientsPageSchema } } },
    async (request) => {
      const actor = requireUser(request);
      const { count, results } = await certificateRecipients(
        db,
        actor,
        request.query.classroom,
        pageWindow(request.query),
      );
      return pageOf(
        results.map((row) => presentCertificate(row, config.publicUrl)),
        count,
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );

  route.get(
    api.certificate.pattern,
    {
      schema: {
        tags,
        params: certificateParams,
        response: { 200: certificateVerificationSchema },
      },
      config: { rateLimit: VERIFY_LIMIT },
    },
    async (request) => presentVerification(await verifyCertificate(db, request.params.code)),
  );

  route.get(
    api.certificatePdf.pattern,
    { schema: { tags, params: certificateParams } },
    async (request, reply) => {
      const actor = requireUser(request);
      const { pdf, fileName } = await certificateDocument(
        db,
        actor,
        request.params.code,
        config.publicUrl,
        actor.language,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
}
