import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authMessages } from '@bullpen/contract/messages';
import { unauthorized } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import type { Deps } from '../platform/deps.ts';
import { findUserAlong } from '../users/queries.ts';
import { readSessionToken, type TokenClaims } from './jwt.ts';
import { isRevoked } from './queries.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Login, sign-up and token routes ignore a stale Authorization header. */
    ignoreAuthorization?: boolean;
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
 * and issued since the user's last password change.
 */
export async function userForToken(
  deps: Deps,
  token: string,
): Promise<{ user: UserRow; claims: TokenClaims } | null> {
  const claims = await readSessionToken(deps.signingKey, token);
  if (!claims) return null;
  const row = await findUserAlong(deps.db, claims.userId, isRevoked(claims.tokenId));
  if (!row || row.along || row.user.tokenVersion !== claims.tokenVersion) return null;
  return { user: row.user, claims };
}

/**
 * Reads the Authorization header on every request. A missing header means anonymous; a
 * header with a bad, expired or revoked token is refused, so a client never silently acts
 * as nobody.
 */
export function registerAuthentication(app: FastifyInstance): void {
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
