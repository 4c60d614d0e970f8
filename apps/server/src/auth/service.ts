import { eq, lt, sql } from 'drizzle-orm';
import { authMessages } from '@bullpen/contract/messages';
import type { SessionData } from '@bullpen/contract/auth';
import { revokedTokens, users } from '../db/schema/index.ts';
import type { Deps } from '../platform/deps.ts';
import { badRequest, invalidLink, unauthorized } from '../platform/errors.ts';
import { resetPasswordEmail, verificationEmail } from '../mail/templates.ts';
import { presentUser, type UserRow } from '../users/presenter.ts';
import { findUserByEmail, findUserByLogin, findUserById } from '../users/queries.ts';
import { signSessionToken, type TokenClaims } from './jwt.ts';
import { consumeToken, issueToken } from './one-time-tokens.ts';
import {
  assertPasswordAllowed,
  burnPasswordCheck,
  hashPassword,
  verifyPassword,
} from './passwords.ts';
import { userForToken } from './authenticate.ts';

export async function startSession(deps: Deps, user: UserRow): Promise<SessionData> {
  const token = await signSessionToken(deps.signingKey, {
    userId: user.id,
    tokenVersion: user.tokenVersion,
  });
  return { token, user: presentUser(user) };
}

export async function logIn(
  deps: Deps,
  credentials: { username: string; password: string },
): Promise<SessionData> {
  const user = await findUserByLogin(deps.db, credentials.username);
  const valid = user
    ? await verifyPassword(user.passwordHash, credentials.password)
    : await burnPasswordCheck(credentials.password);
  if (!user || !valid) throw badRequest(authMessages.badCredentials);
  return startSession(deps, user);
}

/** POST /api-token-verify/: the same token back with the current user, or 401. */
export async function verifySessionToken(deps: Deps, token: string): Promise<SessionData> {
  const found = await userForToken(deps, token);
  if (!found) throw unauthorized(authMessages.tokenInvalid);
  return { token, user: presentUser(found.user) };
}

/** Logout: this session's token stops working, wherever it was copied to; others go on. */
export async function endSession(deps: Deps, claims: TokenClaims): Promise<void> {
  await deps.db
    .insert(revokedTokens)
    .values({ tokenId: claims.tokenId, userId: claims.userId, expiresAt: claims.expiresAt })
    .onConflictDoNothing();
  // Entries outlive their token by nothing: an expired token is refused anyway.
  await deps.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
}

/** Every token issued before this moment stops working (a new password ends every session). */
export async function revokeSessions(deps: Deps, userId: number): Promise<void> {
  await deps.db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function sendVerificationEmail(deps: Deps, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) return;
  const token = await issueToken(deps.db, user.id, 'verify_email');
  const url = `${deps.config.publicUrl}/public/email-verification?token=${token}`;
  await deps.mailer.send({ to: user.email, ...verificationEmail(user.firstName, url) });
}

/**
 * Sends a verification link to the signed-in user, or to the address given. The answer is
 * the same whether or not the address belongs to someone.
 */
export async function requestVerificationEmail(
  deps: Deps,
  actor: UserRow | null,
  email: string | undefined,
): Promise<string> {
  if (actor) {
    if (actor.emailVerifiedAt) return authMessages.alreadyVerified;
    await sendVerificationEmail(deps, actor);
    return authMessages.verificationSent;
  }
  if (!email) throw badRequest({ email: 'Required' });
  const user = await findUserByEmail(deps.db, email);
  if (user) await sendVerificationEmail(deps, user);
  return authMessages.verificationSent;
}

export async function verifyEmail(deps: Deps, token: string): Promise<string> {
  const userId = await consumeToken(deps.db, token, 'verify_email');
  if (userId === null) throw invalidLink(authMessages.linkInvalid);
  await deps.db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
  return authMessages.emailVerified;
}

export async function requestPasswordReset(deps: Deps, email: string): Promise<string> {
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    const token = await issueToken(deps.db, user.id, 'reset_password');
    const url = `${deps.config.publicUrl}/public/reset-password?token=${token}`;
    await deps.mailer.send({ to: user.email, ...resetPasswordEmail(user.firstName, url) });
  }
  return authMessages.resetSent;
}

export async function resetPassword(
  deps: Deps,
  input: { token: string; password: string },
): Promise<string> {
  // The password is checked before the token is spent, so a refused password keeps the link usable.
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  const userId = await consumeToken(deps.db, input.token, 'reset_password');
  if (userId === null) throw invalidLink(authMessages.linkInvalid);
  const user = await findUserById(deps.db, userId);
  await deps.db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      // Whoever holds the link can read that mailbox: the address is proven.
      emailVerifiedAt: user?.emailVerifiedAt ?? new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return authMessages.passwordReset;
}
