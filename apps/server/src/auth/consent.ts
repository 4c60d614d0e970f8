import { authMessages } from '@bullpen/contract/messages';
import { publicPaths } from '@bullpen/contract/routes';
import {
  CONSENT_RESEND_MINUTES,
  CONSENT_WINDOW_DAYS,
  type ConsentDecision,
  type MyConsent,
} from '@bullpen/contract/users';
import {
  consumeParentConsentToken,
  findParentConsentUser,
  issueParentConsentToken,
} from './service.ts';
import { forgetMailTo } from '../mail/mailer.ts';
import { parentConsentEmail } from '../mail/templates.ts';
import type { Deps } from '../platform/deps.ts';
import { badRequest, invalidLink, tooManyRequests } from '../platform/errors.ts';
import { removeAvatar } from '../users/avatars.ts';
import type { UserRow } from '../users/presenter.ts';
import {
  claimParentMail,
  deletePendingConsentsBefore,
  deleteUserRow,
  findUserById,
  markConsentGranted,
} from '../users/queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RESEND_MS = CONSENT_RESEND_MINUTES * 60 * 1000;

/** `p•••@e•••.org`: enough for the child to recognise the address, not to read it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const suffix = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}•••@${host.slice(0, 1)}•••${suffix}`;
}

/** Mails the parent a fresh consent link (older links stop working). */
async function mailParent(deps: Deps, user: UserRow, parentEmail: string): Promise<void> {
  const token = await issueParentConsentToken(deps, user.id);
  const page = `${deps.config.publicUrl}${publicPaths.parentConsent}?token=${token}`;
  await deps.mailer.send({
    to: parentEmail,
    ...parentConsentEmail(user.language, user.firstName, {
      grant: `${page}&decision=grant`,
      refuse: `${page}&decision=refuse`,
    }),
  });
}

/** After an under-13's direct sign-up: the account waits, and the parent gets the request. */
export async function requestParentConsent(
  deps: Deps,
  user: UserRow,
  parentEmail: string,
): Promise<void> {
  await mailParent(deps, user, parentEmail);
}

/**
 * The child mails the parent again, to a corrected address if given: once an hour. The claim
 * on the hour is one conditional update, so simultaneous requests send one mail.
 */
export async function resendParentConsent(
  deps: Deps,
  user: UserRow,
  correctedEmail: string | undefined,
  now = new Date(),
): Promise<void> {
  if (user.consentStatus !== 'pending') throw badRequest(authMessages.consentNotPending);
  if (correctedEmail && correctedEmail.toLowerCase() === user.email?.toLowerCase()) {
    throw badRequest({ parent_email: authMessages.parentEmailSameAsYours });
  }
  const claimed = await claimParentMail(
    deps.db,
    user.id,
    now,
    new Date(now.getTime() - RESEND_MS),
    correctedEmail,
  );
  if (!claimed) {
    const waitSeconds = user.parentMailedAt
      ? Math.max(1, Math.ceil((user.parentMailedAt.getTime() + RESEND_MS - now.getTime()) / 1000))
      : undefined;
    throw tooManyRequests(authMessages.consentResendTooSoon, waitSeconds);
  }
  deps.sessions.dropUser(user.id);
  await mailParent(deps, claimed, claimed.parentEmail!);
}

/** The waiting child's view of their consent: the parent's address masked, never in full. */
export function myConsent(user: UserRow): MyConsent {
  const pending = user.consentStatus === 'pending';
  const resendAt = user.parentMailedAt ? user.parentMailedAt.getTime() + RESEND_MS : 0;
  return {
    awaiting_parent_consent: pending,
    parent_email_masked: pending && user.parentEmail ? maskEmail(user.parentEmail) : null,
    resend_after: pending && resendAt > Date.now() ? new Date(resendAt).toISOString() : null,
    deleted_after: pending
      ? new Date(user.createdAt.getTime() + CONSENT_WINDOW_DAYS * DAY_MS).toISOString()
      : null,
  };
}

/** Deletes an account and what it holds: its rows cascade; its avatar file goes too. */
async function deleteAccount(deps: Deps, user: Pick<UserRow, 'id' | 'avatarPath'>) {
  await deleteUserRow(deps.db, user.id);
  deps.sessions.dropUser(user.id);
  if (user.avatarPath) await removeAvatar(deps.config.dataDir, user.avatarPath);
}

/** The child's first name, for the parent's page, while the link still works. */
export async function consentRequestFor(
  deps: Deps,
  token: string,
): Promise<{ childFirstName: string }> {
  const userId = await findParentConsentUser(deps, token);
  const user = userId === null ? undefined : await findUserById(deps.db, userId);
  if (!user || user.consentStatus !== 'pending') throw invalidLink(authMessages.linkInvalid);
  return { childFirstName: user.firstName };
}

/**
 * The parent decides, once: consent opens the account and forgets the parent's address;
 * refusal deletes the account at once.
 */
export async function decideParentConsent(
  deps: Deps,
  token: string,
  decision: ConsentDecision,
): Promise<string> {
  const userId = await consumeParentConsentToken(deps, token);
  const user = userId === null ? undefined : await findUserById(deps.db, userId);
  if (!user || user.consentStatus !== 'pending') throw invalidLink(authMessages.linkInvalid);
  // The parent's address is kept only until they decide: the outbox's copies go too.
  if (user.parentEmail) await forgetMailTo(deps.db, user.parentEmail);
  if (decision === 'refuse') {
    await deleteAccount(deps, user);
    return authMessages.consentRefused;
  }
  await markConsentGranted(deps.db, user.id, new Date());
  deps.sessions.dropUser(user.id);
  return authMessages.consentGranted;
}

/**
 * Deletes the accounts whose parent did not consent within the window (COPPA: what is not
 * needed is not kept). Returns how many went.
 */
export async function deleteUnconsentedAccounts(deps: Deps, now = new Date()): Promise<number> {
  const expired = await deletePendingConsentsBefore(
    deps.db,
    new Date(now.getTime() - CONSENT_WINDOW_DAYS * DAY_MS),
  );
  for (const user of expired) {
    if (user.parentEmail) await forgetMailTo(deps.db, user.parentEmail);
    deps.sessions.dropUser(user.id);
    if (user.avatarPath) await removeAvatar(deps.config.dataDir, user.avatarPath);
  }
  return expired.length;
}
