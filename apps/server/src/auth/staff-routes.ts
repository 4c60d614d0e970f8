import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { api } from '@bullpen/contract/routes';
import {
  staffAuditExportQuery,
  staffAuditPageSchema,
  staffAuditQuery,
  staffTeacherPageSchema,
  staffTeacherParams,
  staffTeacherSchema,
  staffTeachersQuery,
  staffUserPageSchema,
  staffUserParams,
  staffUserSchema,
  staffUsersQuery,
} from '@bullpen/contract/users';
import { requireUser } from './authenticate.ts';
import { toCsv } from '../platform/csv.ts';
import { forbidden } from '../platform/errors.ts';
import { pageOf, pageWindow } from '../platform/pagination.ts';
import { canManageAccounts, canManageTeacherTrust } from '../users/policies.ts';
import {
  presentStaffAuditEntry,
  presentStaffTeacher,
  presentStaffUser,
  STAFF_AUDIT_CSV_HEADER,
  staffAuditCsvRow,
} from '../users/presenter.ts';
import {
  accountsForStaff,
  exportStaffAudit,
  setAccountActive,
  staffAudit,
} from './staff-accounts.ts';
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

/**
 * The staff pages of accounts and of the audit log (docs/decisions/035-staff-accounts.md):
 * every account, turning one off and on again, and what staff did, on screen and as CSV.
 */
export async function staffAccountRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['staff'];

  route.get(
    api.staffUsers.pattern,
    {
      preValidation: requireAccountsStaffHook,
      schema: { tags, querystring: staffUsersQuery, response: { 200: staffUserPageSchema } },
    },
    async (request) => {
      requireAccountsStaff(request);
      const { search, role, status } = request.query;
      const { count, results } = await accountsForStaff(
        deps.db,
        { search, role, status },
        pageWindow(request.query),
      );
      return pageOf(
        results.map(presentStaffUser),
        count,
        request.query,
        request.url,
        deps.config.publicUrl,
      );
    },
  );

  for (const [url, active] of [
    [api.staffUserDeactivate.pattern, false],
    [api.staffUserReactivate.pattern, true],
  ] as const) {
    route.post(
      url,
      {
        preValidation: requireAccountsStaffHook,
        schema: { tags, params: staffUserParams, response: { 200: staffUserSchema } },
      },
      async (request) => {
        const staff = requireAccountsStaff(request);
        const account = await setAccountActive(deps, staff, request.params.id, active, new Date());
        // Sockets of this process drop the account's private channels now, not at the next check.
        if (!active) {
          app.realtime.recheckSessions().catch((error: unknown) => {
            app.log.error({ err: error }, 'realtime session check failed');
          });
        }
        return presentStaffUser(account);
      },
    );
  }

  route.get(
    api.staffAuditLog.pattern,
    {
      preValidation: requireAccountsStaffHook,
      schema: { tags, querystring: staffAuditQuery, response: { 200: staffAuditPageSchema } },
    },
    async (request) => {
      requireAccountsStaff(request);
      const { count, results } = await staffAudit(
        deps.db,
        request.query.action,
        pageWindow(request.query),
      );
      return pageOf(
        results.map(presentStaffAuditEntry),
        count,
        request.query,
        request.url,
        deps.config.publicUrl,
      );
    },
  );

  route.get(
    api.staffAuditLogExport.pattern,
    {
      preValidation: requireAccountsStaffHook,
      schema: { tags, querystring: staffAuditExportQuery },
    },
    async (request, reply) => {
      const staff = requireAccountsStaff(request);
      const now = new Date();
      const entries = await exportStaffAudit(deps.db, staff, request.query.action, now);
      const csv = toCsv([STAFF_AUDIT_CSV_HEADER, ...entries.map(staffAuditCsvRow)]);
      const day = now.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bullpen-audit-log-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}

async function requireAccountsStaffHook(request: FastifyRequest): Promise<void> {
  requireAccountsStaff(request);
}

function requireAccountsStaff(request: FastifyRequest) {
  const actor = requireUser(request);
  if (!canManageAccounts(actor)) throw forbidden();
  return actor;
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
