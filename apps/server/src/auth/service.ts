import { lt } from 'drizzle-orm';
import { authMessages } from '@bullpen/contract/messages';
import type { SessionData } from '@bullpen/contract/auth';
import { revokedTokens } from '../db/schema/auth.ts';
import type { Deps } from '../platform/deps.ts';
import { isUniqueViolation } from '../db/connection.ts';
import { badRequest, invalidLink, tooManyRequests, unauthorized } from '../platform/errors.ts';
import type { FailureCounter } from '../platform/rate-limit.ts';
import {
  emailChangeEmail,
  emailChangeNotice,
  resetPasswordEmail,
  verificationEmail,
} from '../mail/templates.ts';
import { presentUser, type UserRow } from '../users/presenter.ts';
import {
  endAllSessions,
  findUsersByEmail,
  findUsersByLogin,
  findVerifiedUserByEmail,
  setPasswordHash,
} from '../users/queries.ts';
import { moveToProvenAddress, proveEmail } from '../users/trust.ts';
import { signSessionToken, type TokenClaims } from './jwt.ts';
import { throttleKey } from './policies.ts';
import {
  clearLoginFailures,
  consumeToken,
  consumeTokenOf,
  issueToken,
  recordLoginFailure,
  secondsLocked,
  voidTokens,
} from './queries.ts';
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

export type LoginGuard = {
  /** The client address, for the per-address limit on failures. */
  address: string;
  addressFailures: FailureCounter;
};

/**
 * Password login. Failures count per account (after a few, each attempt waits a delay that
 * grows) and, far more loosely, per client address; successful logins count nowhere, so a
 * class behind one school address logs in together and one pupil's guessing stops only the
 * account guessed at, for a while.
 */
export async function logIn(
  deps: Deps,
  credentials: { username: string; password: string },
  guard: LoginGuard,
): Promise<SessionData> {
  const addressWait = guard.addressFailures.retryAfterSeconds(guard.address);
  if (addressWait > 0) throw tooManyRequests(authMessages.rateLimited(addressWait));
  const candidates = await findUsersByLogin(deps.db, credentials.username);
  const key = throttleKey(candidates[0]?.id, credentials.username);
  const now = new Date();
  const accountWait = await secondsLocked(deps.db, key, now);
  if (accountWait > 0) throw tooManyRequests(authMessages.accountThrottled(accountWait));
  let user: UserRow | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, credentials.password)) {
      user = candidate;
      break;
    }
  }
  if (candidates.length === 0) await burnPasswordCheck(credentials.password);
  if (!user) {
    await recordLoginFailure(deps.db, key, now, loginThrottleSettings(deps));
    guard.addressFailures.record(guard.address);
    throw badRequest(authMessages.badCredentials);
  }
  await clearLoginFailures(deps.db, key);
  return startSession(deps, user);
}

/**
 * The password of a signed-in user, asked again before a change of email or password. It
 * counts against the same per-account throttle as logins, so a stolen session token cannot
 * be used to guess the password either.
 */
export async function confirmCurrentPassword(
  deps: Deps,
  user: UserRow,
  password: string,
): Promise<boolean> {
  const key = throttleKey(user.id, user.username);
  const now = new Date();
  const wait = await secondsLocked(deps.db, key, now);
  if (wait > 0) throw tooManyRequests(authMessages.accountThrottled(wait));
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(deps.db, key, now, loginThrottleSettings(deps));
    return false;
  }
  await clearLoginFailures(deps.db, key);
  return true;
}

function loginThrottleSettings(deps: Deps) {
  const { failuresPerAccount, delaySeconds } = deps.config.loginLimits;
  return { failuresBeforeDelay: failuresPerAccount, delaySeconds };
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
  // Every process hears of it through the database (NOTIFY); this one needs no wait.
  deps.sessions.dropUser(claims.userId);
  // Entries outlive their token by nothing: an expired token is refused anyway.
  await deps.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
}

/** Every token issued before this moment stops working (a new password ends every session). */
export async function revokeSessions(deps: Deps, userId: number): Promise<void> {
  await endAllSessions(deps.db, userId, new Date());
  deps.sessions.dropUser(userId);
}

export async function sendVerificationEmail(deps: Deps, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt || user.email === null) return;
  const token = await issueToken(deps.db, user.id, 'verify_email');
  const url = `${deps.config.publicUrl}/public/email-verification?token=${token}`;
  await deps.mailer.send({
    to: user.email,
    ...verificationEmail(user.language, user.firstName, url),
  });
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
  const holders = await findUsersByEmail(deps.db, email);
  // A verified address needs no link; the unverified sign-ups naming it each get theirs.
  if (!holders[0]?.emailVerifiedAt) {
    for (const user of holders) await sendVerificationEmail(deps, user);
  }
  return authMessages.verificationSent;
}

/**
 * One link, three purposes: verify the address of a sign-up, confirm a new address (it
 * replaces the old one only now), or undo a change from the notice sent to the old address
 * (which restores it and ends every session).
 */
export async function verifyEmail(deps: Deps, token: string): Promise<string> {
  const now = new Date();
  const consumed = await consumeTokenOf(deps.db, token, [
    'verify_email',
    'change_email',
    'undo_email_change',
  ]);
  if (!consumed) throw invalidLink(authMessages.linkInvalid);
  if (consumed.purpose === 'verify_email') {
    const { teacherEmailDomains } = deps.config;
    if (!(await proveEmail(deps.db, teacherEmailDomains, consumed.userId, now))) {
      throw invalidLink(authMessages.emailBelongsToOther);
    }
    deps.sessions.dropUser(consumed.userId);
    return authMessages.emailVerified;
  }
  const undo = consumed.purpose === 'undo_email_change';
  try {
    await moveToProvenAddress(
      deps.db,
      deps.config.teacherEmailDomains,
      consumed.userId,
      consumed.email!,
      now,
      { endSessions: undo },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'users_verified_email_lower_key')) {
      throw invalidLink(authMessages.emailBelongsToOther);
    }
    throw error;
  }
  deps.sessions.dropUser(consumed.userId);
  // Links for an address the account no longer has stop working.
  await voidTokens(deps.db, consumed.userId, ['verify_email', 'change_email'], now);
  return undo ? authMessages.emailChangeUndone : authMessages.emailChanged;
}

/**
 * A signed-in user asks for a new address: it is not used until the link mailed to it is
 * opened, and the current address gets a notice with a link that cancels the change.
 */
export async function requestEmailChange(
  deps: Deps,
  user: UserRow,
  newEmail: string,
): Promise<string> {
  const holder = await findVerifiedUserByEmail(deps.db, newEmail);
  if (holder && holder.id !== user.id) throw badRequest({ email: authMessages.emailTaken });
  const confirmToken = await issueToken(deps.db, user.id, 'change_email', { email: newEmail });
  const undoToken = await issueToken(deps.db, user.id, 'undo_email_change', {
    email: user.email ?? undefined,
  });
  const link = (token: string) =>
    `${deps.config.publicUrl}/public/email-verification?token=${token}`;
  await deps.mailer.send({
    to: newEmail,
    ...emailChangeEmail(user.language, user.firstName, link(confirmToken)),
  });
  // An account a teacher made by name has no address to warn.
  if (user.email !== null) {
    await deps.mailer.send({
      to: user.email,
      ...emailChangeNotice(user.language, user.firstName, newEmail, link(undoToken)),
    });
  }
  return authMessages.emailChangeSent(newEmail);
}

export async function requestPasswordReset(deps: Deps, email: string): Promise<string> {
  const holders = await findUsersByEmail(deps.db, email);
  // When someone verified the address, only their account is reset through it.
  const accounts = holders[0]?.emailVerifiedAt ? [holders[0]] : holders;
  for (const user of accounts) {
    if (user.email === null) continue;
    const token = await issueToken(deps.db, user.id, 'reset_password');
    const url = `${deps.config.publicUrl}/public/reset-password?token=${token}`;
    await deps.mailer.send({
      to: user.email,
      ...resetPasswordEmail(user.language, user.firstName, url),
    });
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
  await setPasswordHash(deps.db, userId, passwordHash, new Date());
  // Whoever holds the link can read that mailbox: the address is proven (unless another
  // account proved it first).
  await proveEmail(deps.db, deps.config.teacherEmailDomains, userId, new Date());
  deps.sessions.dropUser(userId);
  return authMessages.passwordReset;
}
