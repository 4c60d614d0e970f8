import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authMessages } from '@bullpen/contract/messages';
import type { DatabaseHandle } from '../db/connection.ts';
import { forbidden, unauthorized } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import type { Deps } from '../platform/deps.ts';
import { findUserAlong, markUserActive } from '../users/queries.ts';
import { readSessionToken, type TokenClaims } from './jwt.ts';
import { isRevoked, touchUserSession } from './queries.ts';
import { SESSION_CHANGES_CHANNEL, type Session } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Login, sign-up and token routes ignore a stale Authorization header. */
    ignoreAuthorization?: boolean;
    /**
     * The route's writes never change a user's row nor end a session (an order, a cancel), so
     * its answer need not wait to hear such changes (below): a round trip saved on the routes
     * called most.
     */
    changesNoSession?: boolean;
    /**
     * The route stays open to an account waiting for a parent's consent (its session, logout,
     * its consent page); every other route refuses it (auth/consent.ts).
     */
    openBeforeConsent?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. Set by the auth hook. */
    currentUser: UserRow | null;
    /** The claims of the token the request came with, when signed in. */
    session: TokenClaims | null;
  }
}

/** The token of `Authorization: JWT <token>` (the spec's form); `Bearer` is accepted too. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const match = header?.match(/^(?:JWT|Bearer)\s+(\S+)$/i);
  return match?.[1];
}

/**
 * The user a token belongs to, if it is valid: signed by us, unexpired, not ended by logout,
 * and issued since the user's last password change. A token this process checked before is
 * answered from the session cache (no query, no signature check) until anything about its
 * user changes; see session-cache.ts.
 */
export async function userForToken(deps: Deps, token: string): Promise<Session | null> {
  const cached = deps.sessions.lookup(token);
  if (cached) return cached;
  const claims = await readSessionToken(deps.signingKey, token);
  if (!claims) return null;
  const generation = deps.sessions.generation;
  const row = await findUserAlong(deps.db, claims.userId, isRevoked(claims.tokenId));
  if (!row || row.along || row.user.tokenVersion !== claims.tokenVersion) return null;
  // Deactivating raises the token version too; this holds even for a token signed after it.
  if (row.user.deactivatedAt) return null;
  const session = { user: row.user, claims };
  const now = new Date();
  // Only when the cache missed, and at most once per window (queries.ts): "last seen" for the
  // settings page costs no write on most requests.
  await touchUserSession(deps.db, claims.tokenId, now);
  // The account's use, which keeps it from the retention job's erasure: written once a day.
  if (now.getTime() - row.user.lastActiveAt.getTime() >= ACTIVITY_RESOLUTION_MS) {
    await markUserActive(deps.db, row.user.id, now);
  }
  deps.sessions.remember(token, session, generation);
  return session;
}

/** How stale `users.last_active_at` may get before a request writes it again. */
export const ACTIVITY_RESOLUTION_MS = 24 * 60 * 60 * 1000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads the Authorization header on every request. A missing header means anonymous; a
 * header with a bad, expired or revoked token is refused, so a client never silently acts
 * as nobody.
 *
 * The session cache hears every change to a user and every logout through LISTEN (each
 * process, whoever made the change; the auth and users services also drop the entry they
 * change themselves). A signed-in request that may have written waits, before its answer goes
 * out, until this process has heard everything committed so far (another domain's change to a
 * user, too: a teacher resetting a student's password).
 * Other processes hear it as soon as PostgreSQL delivers the NOTIFY, a moment after commit.
 */
export async function registerAuthentication(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'listen'>,
): Promise<void> {
  const { sessions } = app.deps;
  const listener = await database.listen(SESSION_CHANGES_CHANNEL, {
    onMessage: (payload) => sessions.dropUser(Number(payload)),
    onLost: () => {
      sessions.suspend();
      app.log.error('session changes: LISTEN connection lost, session cache off');
    },
    onRestored: () => {
      sessions.resume();
      app.log.warn('session changes: listening again, session cache on');
    },
  });
  app.addHook('onClose', async () => listener.close());
  app.addHook('onSend', async (request) => {
    // Anonymous routes that change a user (a reset link, a verification link) are the auth
    // service's, which drops what it changes itself.
    if (
      request.currentUser &&
      !SAFE_METHODS.has(request.method) &&
      !request.routeOptions.config.changesNoSession
    ) {
      await listener.sync();
    }
  });

  app.decorateRequest('currentUser', null);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || request.routeOptions.config.ignoreAuthorization) return;
    const token = tokenFromHeader(header);
    if (!token) throw unauthorized(authMessages.tokenInvalid);
    const found = await userForToken(app.deps, token);
    if (!found) throw unauthorized(authMessages.tokenInvalid);
    request.currentUser = found.user;
    request.session = found.claims;
    // One gate for every domain: an under-13 whose parent has not consented reaches nothing else.
    if (found.user.consentStatus === 'pending' && !request.routeOptions.config.openBeforeConsent) {
      throw forbidden(authMessages.consentPending);
    }
  });
}

/**
 * For routes open to anyone that show more to a signed-in user (the course catalogue with
 * progress): the user, or null when no Authorization header was sent. A header with a bad
 * token was already refused (401) by the hook above.
 */
export function optionalUser(request: FastifyRequest): UserRow | null {
  return request.currentUser;
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/** For plugins whose every route needs a user: refuses before the input is even validated. */
export async function requireUserHook(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
