import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { api } from '@bullpen/contract/routes';
import {
  staffTeacherPageSchema,
  staffTeacherParams,
  staffTeacherSchema,
  staffTeachersQuery,
} from '@bullpen/contract/users';
import { requireUser } from './authenticate.ts';
import { forbidden } from '../platform/errors.ts';
import { pageOf, pageWindow } from '../platform/pagination.ts';
import { canManageTeacherTrust } from '../users/policies.ts';
import { presentStaffTeacher } from '../users/presenter.ts';
import { setTeacherTrust, teachersByTrust } from '../users/trust.ts';

/**
 * The staff page of teachers (docs/decisions/028): who waits for approval, who is trusted,
 * and the approve and revoke actions, each recorded in the staff audit log.
 */
export async function staffTeacherRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['staff'];

  route.get(
    api.staffTeachers.pattern,
    {
      preValidation: requireStaffHook,
      schema: { tags, querystring: staffTeachersQuery, response: { 200: staffTeacherPageSchema } },
    },
    async (request) => {
      requireStaff(request);
      const { count, results } = await teachersByTrust(
        deps.db,
        request.query.status,
        pageWindow(request.query),
      );
      return pageOf(
        results.map(presentStaffTeacher),
        count,
        request.query,
        request.url,
        deps.config.publicUrl,
      );
    },
  );

  for (const [method, trusted] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    route.route({
      method,
      url: api.staffTeacherTrust.pattern,
      preValidation: requireStaffHook,
      schema: { tags, params: staffTeacherParams, response: { 200: staffTeacherSchema } },
      handler: async (request) => {
        const staff = requireStaff(request);
        return presentStaffTeacher(
          await setTeacherTrust(deps, staff, request.params.id, trusted, new Date()),
        );
      },
    });
  }
}

/** Staff only: 401 without a session, 403 for anyone else, before the input is read. */
async function requireStaffHook(request: FastifyRequest): Promise<void> {
  requireStaff(request);
}

function requireStaff(request: FastifyRequest) {
  const actor = requireUser(request);
  if (!canManageTeacherTrust(actor)) throw forbidden();
  return actor;
}
