import type { FastifyInstance } from 'fastify';
import { intervalJob } from '../platform/jobs.ts';
import { accountRoutes } from './account-routes.ts';
import { deleteUnconsentedAccounts } from './consent.ts';
import { consentRoutes } from './consent-routes.ts';
import { outboxRoutes } from './outbox-routes.ts';
import { OidcClients } from './oidc-clients.ts';
import { deleteOidcIdentitiesOf } from './oidc-queries.ts';
import { oidcRoutes } from './oidc-routes.ts';
import type { OidcMatcher } from './oidc-service.ts';
import { deleteSessionsOf, deleteTokensOf } from './queries.ts';
import { authRoutes } from './routes.ts';
import { staffAccountRoutes, staffTeacherRoutes } from './staff-routes.ts';

/** What later domains add to school sign-in (auth/oidc-service.ts). */
export type OidcHooks = {
  /**
   * Asked for each school sign-in not yet linked to an account: rosters name the account of
   * a `sourcedId` or address, or say the person is a teacher.
   */
  matchers: OidcMatcher[];
};

declare module 'fastify' {
  interface FastifyInstance {
    oidc: OidcHooks;
  }
}

/**
 * Auth: accounts and sessions. Login, logout, tokens, verification and password routes; sign-up
 * and the profile; a parent's consent for an under-13's direct sign-up (and the hourly sweep of
 * accounts left without it); the owner's deletion request; the staff pages of teachers' trust
 * and held mail; school sign-in (OpenID Connect) and its `app.oidc.matchers`. The hook that reads every request's session (`registerAuthentication`) runs
 * before any domain, from app.ts, so every domain's routes see `request.currentUser`.
 */
export async function authPlugin(app: FastifyInstance): Promise<void> {
  app.deps.erasure.erase('auth', async (tx, account) => {
    await deleteTokensOf(tx, account.id);
    await deleteSessionsOf(tx, account.id);
    await deleteOidcIdentitiesOf(tx, account.id);
  });
  const matchers: OidcMatcher[] = [];
  app.decorate('oidc', { matchers } satisfies OidcHooks);
  await app.register(oidcRoutes, {
    clients: new OidcClients(app.deps.config.oidc.providers, app.log),
    matchers,
  });
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(consentRoutes);
  await app.register(staffTeacherRoutes);
  await app.register(staffAccountRoutes);
  await app.register(outboxRoutes);
  // Accounts whose parent never consented are deleted once their window closes.
  const consentSweep = intervalJob(
    app.log,
    'consent sweep',
    () => deleteUnconsentedAccounts(app.deps),
    app.deps.jobs,
  );
  app.addHook('onReady', async () => {
    consentSweep.start(CONSENT_SWEEP_SECONDS);
  });
  app.addHook('onClose', async () => {
    consentSweep.stop();
  });
}

/** The sweep runs hourly: an account outlives its 14 days by an hour at most. */
const CONSENT_SWEEP_SECONDS = 60 * 60;
