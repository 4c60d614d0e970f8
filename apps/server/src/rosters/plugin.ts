import type { FastifyInstance } from 'fastify';
import { ROSTER_IMPORT_LOG_DAYS, ROSTER_INVITATION_DAYS } from '@bullpen/contract/rosters';
import type { DomainOptions } from '../platform/domain.ts';
import {
  deleteOldRosterRows,
  eraseRosterRowsOf,
  exportRosterRowsOf,
  linkedUsers,
} from './queries.ts';
import { rosterRoutes } from './routes.ts';

const DAY_MS = 86_400_000;

/**
 * Rosters in: OneRoster 1.2 and Google Classroom imports above users and classrooms
 * (docs/decisions/042-rosters.md). Erasing an account deletes its sourcedIds, the imports it
 * applied and the invitation records of its address; the export lists the first two; the
 * daily retention run deletes the log after ROSTER_IMPORT_LOG_DAYS and invitation records
 * after ROSTER_INVITATION_DAYS.
 */
export async function rostersPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  app.deps.erasure.erase('rosters', (tx, account) =>
    eraseRosterRowsOf(tx, account.id, account.email),
  );
  app.privacy.exportSection('rosters', exportRosterRowsOf);
  app.privacy.retain('rosters', (db, now) =>
    deleteOldRosterRows(
      db,
      new Date(now.getTime() - ROSTER_IMPORT_LOG_DAYS * DAY_MS),
      new Date(now.getTime() - ROSTER_INVITATION_DAYS * DAY_MS),
    ),
  );
  // School sign-in (auth/oidc-service.ts): the sourcedId the school's provider sends names the
  // rostered account, whatever address it signs in with.
  app.oidc.matchers.push(async (db, claims) => {
    if (!claims.sourcedId) return undefined;
    const key = `oneroster:${claims.sourcedId}`;
    const userId = (await linkedUsers(db, [key])).get(key);
    return userId === undefined ? undefined : { userId };
  });
  await app.register(rosterRoutes, { now: options.now ?? (() => new Date()) });
}
