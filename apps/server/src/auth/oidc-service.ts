import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { SessionData } from '@bullpen/contract/auth';
import type { Language } from '@bullpen/contract/languages';
import type { OidcFailure } from '@bullpen/contract/oidc-failures';
import { api } from '@bullpen/contract/routes';
import { isUniqueViolation, type Executor } from '../db/connection.ts';
import type { OidcProviderConfig } from '../platform/config.ts';
import type { Deps } from '../platform/deps.ts';
import { newStudentUsername } from '../users/credentials-service.ts';
import { isOnTrustedDomain } from '../users/policies.ts';
import type { UserRow } from '../users/presenter.ts';
import { findUserById, findVerifiedUserByEmail, insertUser } from '../users/queries.ts';
import { trustTeacherByDomain } from '../users/trust.ts';
import { ProviderUnavailable, type OidcClients } from './oidc-clients.ts';
import { findLinkedUserId, linkIdentity } from './oidc-queries.ts';
import type { OidcFlowState } from './oidc-state.ts';
import { hashPassword } from './passwords.ts';
import { startSession, type SessionClient } from './service.ts';

/**
 * School sign-in with OpenID Connect (docs/decisions/043-school-sign-in.md): the authorization
 * code flow with PKCE, state and nonce, through openid-client; then the account is found or
 * made and signed in exactly as a password login signs in (service.ts startSession).
 */

/** A sign-in refused for a reason the login page names (`/public/login?sso_error=`). */
export class OidcRefused extends Error {
  constructor(readonly reason: OidcFailure) {
    super(`school sign-in refused: ${reason}`);
  }
}

/** What a verified ID token says about the person, as the account matching reads it. */
export type OidcClaims = {
  provider: string;
  issuer: string;
  subject: string;
  email: string;
  givenName?: string;
  familyName?: string;
  /** The roster id (OneRoster `sourcedId`) from the claim OIDC_SOURCED_ID_CLAIM names. */
  sourcedId?: string;
  locale?: string;
};

/**
 * What a roster knows of a signing-in person: their account, or that they are a teacher.
 * `role` only shapes an account made now; an existing account keeps its role.
 */
export type OidcMatch = { userId?: number; role?: 'student' | 'teacher' };

/**
 * Asked in registration order, after the (issuer, subject) link and before the verified
 * address; the first answer with a `userId`, or the first `role`, wins. A later domain (rosters)
 * registers one in its plugin (`app.oidc.matchers.push`), as contests' membership hooks work.
 */
export type OidcMatcher = (
  db: Executor,
  claims: OidcClaims,
) => Promise<OidcMatch | undefined> | OidcMatch | undefined;

export type OidcStart = { url: URL; flow: OidcFlowState };

/** The provider's authorization URL for a new sign-in, and what the browser keeps of it. */
export async function beginOidcSignIn(
  clients: OidcClients,
  provider: OidcProviderConfig,
  publicUrl: string,
): Promise<OidcStart> {
  const configuration = await clients.configurationOf(provider);
  const codeVerifier = client.randomPKCECodeVerifier();
  const flow: OidcFlowState = {
    provider: provider.id,
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(publicUrl, provider),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url, flow };
}

export function callbackUrl(publicUrl: string, provider: OidcProviderConfig): string {
  return `${publicUrl}${api.oidcCallback.build({ provider: provider.id })}`;
}

/**
 * The provider's redirect back: the state must be the browser's own (a forged or replayed one
 * ends here, before the provider is asked anything); the code is exchanged with the PKCE
 * verifier; the ID token's signature (the issuer's keys), issuer, audience, expiry and nonce
 * are checked by openid-client; then the address must be verified and on the school's domains.
 */
export async function finishOidcSignIn(
  deps: Deps,
  clients: OidcClients,
  provider: OidcProviderConfig,
  request: { query: Record<string, string | undefined>; flow: OidcFlowState | undefined },
  matchers: readonly OidcMatcher[],
  sessionClient: SessionClient,
): Promise<SessionData> {
  const { query, flow } = request;
  if (!flow || flow.provider !== provider.id || !query.state || query.state !== flow.state) {
    throw new OidcRefused('state');
  }
  if (query.error) throw new OidcRefused('denied');
  const configuration = await clients.configurationOf(provider).catch(() => {
    throw new OidcRefused('unavailable');
  });
  const current = new URL(callbackUrl(deps.config.publicUrl, provider));
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) current.searchParams.set(name, value);
  }
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw new OidcRefused(failureOf(error));
  }
  if (!claims) throw new OidcRefused('invalid');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  // Microsoft Entra ID says it with its optional `xms_edov` claim (the domain owner verified it).
  const verified = claims.email_verified === true || claims.xms_edov === true;
  if (!email.includes('@') || !verified) throw new OidcRefused('unverified');
  if (!isOnTrustedDomain(email, provider.allowedDomains)) throw new OidcRefused('domain');
  const sourcedIdClaim = deps.config.oidc.sourcedIdClaim;
  const sourcedId = sourcedIdClaim ? claims[sourcedIdClaim] : undefined;
  const user = await accountFor(
    deps,
    {
      provider: provider.id,
      issuer: claims.iss,
      subject: claims.sub,
      email,
      givenName: textClaim(claims.given_name),
      familyName: textClaim(claims.family_name),
      sourcedId:
        typeof sourcedId === 'string' || typeof sourcedId === 'number' ? `${sourcedId}` : undefined,
      locale: textClaim(claims.locale),
    },
    matchers,
  );
  return startSession(deps, user, sessionClient);
}

/** The refusal an openid-client error means: a check failed, or the provider did not answer. */
function failureOf(error: unknown): OidcFailure {
  if (error instanceof ProviderUnavailable) return 'unavailable';
  if (error instanceof client.AuthorizationResponseError) return 'denied';
  if (error instanceof client.ResponseBodyError) return 'invalid';
  if (error instanceof client.ClientError) {
    // Network failures and timeouts reach us as the library's error with the cause inside.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof TypeError || (cause instanceof Error && cause.name === 'TimeoutError')) {
      return 'unavailable';
    }
    return 'invalid';
  }
  return error instanceof TypeError ? 'unavailable' : 'invalid';
}

function textClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 150) : undefined;
}

/**
 * The account a school sign-in reaches: the one linked to this issuer and subject; else the
 * one a roster names; else the one that verified this address; else a new school account
 * (a student, or a teacher when a roster says so). Staff accounts are reached only through a
 * link their owner already has; turned-off and deletion-scheduled accounts are refused.
 */
export async function accountFor(
  deps: Deps,
  claims: OidcClaims,
  matchers: readonly OidcMatcher[],
): Promise<UserRow> {
  const now = new Date();
  const linkedId = await findLinkedUserId(deps.db, claims.issuer, claims.subject);
  if (linkedId !== undefined) {
    const linked = await findUserById(deps.db, linkedId);
    if (linked) return usable(linked, { linked: true });
  }
  let role: OidcMatch['role'];
  let matched: UserRow | undefined;
  for (const matcher of matchers) {
    const answer = await matcher(deps.db, claims);
    role ??= answer?.role;
    if (answer?.userId !== undefined) {
      matched = await findUserById(deps.db, answer.userId);
      if (matched) break;
    }
  }
  matched ??= await findVerifiedUserByEmail(deps.db, claims.email);
  if (matched) {
    usable(matched, { linked: false });
    await linkIdentity(deps.db, { ...claims, userId: matched.id }, now);
    return matched;
  }
  let created: UserRow;
  try {
    created = await deps.db.transaction(async (tx) => {
      const user = await insertSchoolAccount(tx, claims, role ?? 'student', now);
      await linkIdentity(tx, { ...claims, userId: user.id }, now);
      return user;
    });
  } catch (error) {
    // Another sign-in of the same person made the account a moment ago: use theirs.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findLinkedUserId(deps.db, claims.issuer, claims.subject);
    const user = raced === undefined ? undefined : await findUserById(deps.db, raced);
    if (!user) throw error;
    return usable(user, { linked: true });
  }
  if (!created.isTeacher) return created;
  // A rostered teacher on a domain the operator trusts may award points at once (decision 028).
  await trustTeacherByDomain(deps.db, deps.config.teacherEmailDomains, created.id, now);
  return (await findUserById(deps.db, created.id)) ?? created;
}

function usable(user: UserRow, { linked }: { linked: boolean }): UserRow {
  if (user.purgedAt || user.deactivatedAt || user.deletionDueAt) throw new OidcRefused('inactive');
  if (user.isStaff && !linked) throw new OidcRefused('staff');
  return user;
}

/**
 * A school account: the address proven by the provider, no usable password (a random one,
 * never shown; "Forgot password" can set one), and the school's consent for a student, as
 * for the accounts a teacher makes (accounts.ts createAccountWithoutEmail).
 */
async function insertSchoolAccount(
  db: Executor,
  claims: OidcClaims,
  role: 'student' | 'teacher',
  now: Date,
): Promise<UserRow> {
  const firstName = claims.givenName ?? claims.email.slice(0, claims.email.indexOf('@'));
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const language: Language = claims.locale?.toLowerCase().startsWith('es') ? 'es' : 'en';
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction((savepoint) =>
        insertUser(savepoint, {
          username: newStudentUsername(firstName, attempt),
          email: claims.email,
          emailVerifiedAt: now,
          passwordHash,
          firstName: firstName.slice(0, 150),
          lastName: claims.familyName ?? '',
          isTeacher: role === 'teacher',
          language,
          consentStatus: role === 'student' ? 'school' : null,
        }),
      );
    } catch (error) {
      if (attempt < 20 && isUniqueViolation(error, 'users_username_lower_key')) continue;
      throw error;
    }
  }
}
