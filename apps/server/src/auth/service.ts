import { authMessages } from '@bullpen/contract/messages';
import type { SessionData } from '@bullpen/contract/auth';
import { staffMessages } from '@bullpen/contract/users';
import type { Deps } from '../platform/deps.ts';
import { isUniqueViolation } from '../db/connection.ts';
import {
  badRequest,
  invalidLink,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../platform/errors.ts';
import {
  emailChangeEmail,
  emailChangeNotice,
  resetPasswordEmail,
  verificationEmail,
} from '../mail/templates.ts';
import { presentUser, type UserRow } from '../users/presenter.ts';
import {
  clearDeletionRequest,
  endAllSessions,
  findUsersByEmail,
  findUsersByLogin,
  findVerifiedUserByEmail,
  markUserActive,
  setPasswordHash,
} from '../users/queries.ts';
import { moveToProvenAddress, proveEmail } from '../users/trust.ts';
import { signSessionToken, type TokenClaims } from './jwt.ts';
import { deviceThrottleKey, throttleKey } from './policies.ts';
import { newDeviceEntry, type DeviceEntry } from './device-cookies.ts';
import {
  addressWaitSeconds,
  clearLoginFailures,
  consumeToken,
  consumeTokenOf,
  deleteUserSessions,
  forgetUserSession,
  revokeToken,
  findTokenUser,
  issueToken,
  liveUserSessions,
  recordUserSession,
  recordAddressFailure,
  reserveLoginAttempt,
  voidTokens,
  type UserSessionRow,
} from './queries.ts';
import { deviceSummary } from './device-summary.ts';
import {
  assertPasswordAllowed,
  burnPasswordCheck,
  hashPassword,
  verifyPassword,
} from './passwords.ts';
import { userForToken } from './authenticate.ts';

/** What a new session records of the client: its user agent, summarised (device-summary.ts). */
export type SessionClient = { userAgent?: string };

export async function startSession(
  deps: Deps,
  user: UserRow,
  client: SessionClient = {},
): Promise<SessionData> {
  const { token, claims } = await signSessionToken(deps.signingKey, {
    userId: user.id,
    tokenVersion: user.tokenVersion,
  });
  await recordUserSession(
    deps.db,
    {
      userId: user.id,
      tokenId: claims.tokenId,
      tokenVersion: claims.tokenVersion,
      device: deviceSummary(client.userAgent),
      expiresAt: claims.expiresAt,
    },
    new Date(),
  );
  // A sign-in is the account's use: it restarts the retention job's count and cancels a warning.
  await markUserActive(deps.db, user.id, new Date());
  return { token, user: presentUser(user) };
}

/** The signed-in user's sessions that still work, newest first. */
export async function sessionsOf(deps: Deps, user: UserRow): Promise<UserSessionRow[]> {
  return liveUserSessions(deps.db, user, new Date());
}

/**
 * Ends one of the user's own sessions, as logout would end it: its token is refused at once
 * and open sockets drop it at their next check. Another user's session id is "not found".
 */
export async function endOwnSession(deps: Deps, user: UserRow, sessionId: number): Promise<void> {
  const ended = await deps.db.transaction((tx) =>
    deleteUserSessions(tx, user.id, { id: sessionId }),
  );
  if (ended.length === 0) throw notFound();
  deps.sessions.dropUser(user.id);
}

/** "Sign out everywhere else": every session of the user but the one asking. */
export async function endOtherSessions(deps: Deps, claims: TokenClaims): Promise<number> {
  const ended = await deps.db.transaction((tx) =>
    deleteUserSessions(tx, claims.userId, { exceptTokenId: claims.tokenId }),
  );
  if (ended.length > 0) deps.sessions.dropUser(claims.userId);
  return ended.length;
}

export type LoginGuard = {
  /** The client address, for the per-address limit on failures. */
  address: string;
  /** The valid entries of the browser's device cookie (device-cookies.ts). */
  devices: DeviceEntry[];
};

/**
 * Password login, throttled the OWASP device-cookie way. A browser with a device cookie for
 * the account is slowed by its own failures only (`device:<nonce>`). Any other client is
 * slowed by the failures of all untrusted clients at that account (`user:<id>`), and by the
 * number of accounts that failed from its address. Successful logins count nowhere, so a class
 * behind one school address signs in together, one pupil's guessing slows only untrusted
 * attempts at the account guessed at, and its owner's own browser gets in meanwhile.
 */
export async function logIn(
  deps: Deps,
  credentials: { username: string; password: string },
  guard: LoginGuard & SessionClient,
): Promise<{ session: SessionData; device: DeviceEntry }> {
  const now = new Date();
  const { failuresPerAddress, windowSeconds } = deps.config.loginLimits;
  const addressLimit = { max: failuresPerAddress, windowMs: windowSeconds * 1000 };
  const candidates = await findUsersByLogin(deps.db, credentials.username);
  const trusted = guard.devices.find((entry) =>
    candidates.some((candidate) => candidate.id === entry.userId),
  );
  const key = trusted
    ? deviceThrottleKey(trusted.nonce)
    : throttleKey(candidates[0]?.id, credentials.username);
  if (!trusted) {
    const addressWait = await addressWaitSeconds(
      deps.db,
      'login',
      guard.address,
      now,
      addressLimit,
    );
    if (addressWait > 0) throw tooManyRequests(authMessages.rateLimited(addressWait));
  }
  const attempt = await reserveLoginAttempt(deps.db, key, now, loginThrottleSettings(deps));
  if (!attempt.allowed) throw tooManyRequests(authMessages.accountThrottled(attempt.waitSeconds));
  let user: UserRow | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, credentials.password)) {
      user = candidate;
      break;
    }
  }
  if (candidates.length === 0) await burnPasswordCheck(credentials.password);
  if (!user) {
    if (!trusted) {
      await recordAddressFailure(deps.db, 'login', guard.address, key, now, addressLimit.windowMs);
    }
    throw badRequest(authMessages.badCredentials);
  }
  // An account past its deletion grace period is as good as erased (users/deletion.ts).
  if (user.deletionDueAt && user.deletionDueAt <= now)
    throw badRequest(authMessages.badCredentials);
  // A trusted browser's success forgets its own failures only: the lock other clients earned stays.
  await clearLoginFailures(deps.db, key);
  // Told only after the right password, like an account waiting for consent: a stranger
  // learns nothing. Staff turn it back on (auth/staff-accounts.ts).
  if (user.deactivatedAt) throw badRequest(staffMessages.accountDeactivated);
  // Signing in during the grace period is how an owner keeps the account.
  const cancelled = user.deletionDueAt ? await clearDeletionRequest(deps.db, user.id, now) : false;
  const session = await startSession(deps, user, guard);
  return {
    session: cancelled ? { ...session, deletion_cancelled: true } : session,
    device: newDeviceEntry(user.id),
  };
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
  const attempt = await reserveLoginAttempt(deps.db, key, new Date(), loginThrottleSettings(deps));
  if (!attempt.allowed) throw tooManyRequests(authMessages.accountThrottled(attempt.waitSeconds));
  if (!(await verifyPassword(user.passwordHash, password))) return false;
  await clearLoginFailures(deps.db, key);
  return true;
}

function loginThrottleSettings(deps: Deps) {
  const { failuresPerAccount, delaySeconds } = deps.config.loginLimits;
  return { failuresBeforeDelay: failuresPerAccount, delaySeconds };
}

function signupLimit(deps: Deps) {
  const { takenUsernamesPerAddress, windowSeconds } = deps.config.loginLimits;
  return { max: takenUsernamesPerAddress, windowMs: windowSeconds * 1000 };
}

/**
 * A sign-up form must say when a username is taken, which would confirm the usernames of
 * accounts teachers made to anyone trying names. So each address learns at most a few taken
 * names per window; past that its sign-ups wait (429), whatever the name.
 */
export async function assertSignupProbesLeft(deps: Deps, address: string): Promise<void> {
  const wait = await addressWaitSeconds(deps.db, 'signup', address, new Date(), signupLimit(deps));
  if (wait > 0) throw tooManyRequests(authMessages.rateLimited(wait));
}

export async function recordTakenUsername(
  deps: Deps,
  address: string,
  username: string,
): Promise<void> {
  const key = username.trim().toLowerCase();
  await recordAddressFailure(
    deps.db,
    'signup',
    address,
    key,
    new Date(),
    signupLimit(deps).windowMs,
  );
}

/** POST /api-token-verify/: the same token back with the current user, or 401. */
export async function verifySessionToken(deps: Deps, token: string): Promise<SessionData> {
  const found = await userForToken(deps, token);
  if (!found) throw unauthorized(authMessages.tokenInvalid);
  return { token, user: presentUser(found.user) };
}

/** Logout: this session's token stops working, wherever it was copied to; others go on. */
export async function endSession(deps: Deps, claims: TokenClaims): Promise<void> {
  const { tokenId, userId, expiresAt } = claims;
  await revokeToken(deps.db, { tokenId, userId, expiresAt }, new Date());
  await forgetUserSession(deps.db, tokenId);
  // Every process hears of it through the database (NOTIFY); this one needs no wait.
  deps.sessions.dropUser(userId);
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
    if (actor.email === null) return authMessages.noEmailToVerify;
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

/** A one-time link for a parent's consent (auth/consent.ts); older ones stop working. */
export async function issueParentConsentToken(deps: Deps, userId: number): Promise<string> {
  return issueToken(deps.db, userId, 'parent_consent');
}

/** The account a parent's consent link is for, while it still works. */
export async function findParentConsentUser(deps: Deps, token: string): Promise<number | null> {
  return findTokenUser(deps.db, token, 'parent_consent');
}

/** Uses a parent's consent link: its account, once only. */
export async function consumeParentConsentToken(deps: Deps, token: string): Promise<number | null> {
  return consumeToken(deps.db, token, 'parent_consent');
}
