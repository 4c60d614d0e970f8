import { DELETION_GRACE_DAYS, type DeletionStatus } from '@bullpen/contract/users';
import { authMessages } from '@bullpen/contract/messages';
import { confirmCurrentPassword } from '../auth/service.ts';
import { deleteSessionsOf, deleteTokensOf } from '../auth/queries.ts';
import { deleteBudgetsOf } from '../budget/queries.ts';
import { deleteCertificatesOf } from '../classrooms/certificates-queries.ts';
import { forgetModerationOf } from '../classrooms/moderation-queries.ts';
import { forgetPostsOf } from '../classrooms/posts-queries.ts';
import { leaveAllClassrooms, teachesAnyClassroom } from '../classrooms/queries.ts';
import { forgetContestsOf } from '../contests/queries.ts';
import { deleteMailTo } from '../mail/mailer.ts';
import { deleteNotificationsOf } from '../notifications/queries.ts';
import { badRequest, forbidden } from '../platform/errors.ts';
import type { Deps } from '../platform/deps.ts';
import { forgetPointNotesOf } from '../points/queries.ts';
import { deleteExportsOf } from '../privacy/queries.ts';
import { deleteResumesOf } from '../resumes/queries.ts';
import { deleteTicketsOf } from '../support/queries.ts';
import { removeAvatar } from './avatars.ts';
import {
  clearDeletionRequest,
  lockUserForPurge,
  markDeletionRequested,
  tombstoneUser,
  type UserRow,
  usersDueForPurge,
} from './queries.ts';

const DAY_MS = 86_400_000;

/**
 * The owner asks to delete the account, with the password: erasure in DELETION_GRACE_DAYS,
 * every session ends now, and signing in before then keeps the account. An account a teacher
 * made has no address to undo by mail: its teacher deletes it (classrooms' students tab).
 */
export async function requestDeletion(
  deps: Deps,
  user: UserRow,
  password: string,
  now = new Date(),
): Promise<DeletionStatus> {
  if (user.createdByTeacherId !== null || user.email === null) {
    throw forbidden(authMessages.deletionNotSelf);
  }
  if (!(await confirmCurrentPassword(deps, user, password))) {
    throw badRequest({ password: authMessages.currentPasswordWrong });
  }
  // A class would be left without its teacher: the teacher deletes the classes first.
  if (user.isTeacher && (await teachesAnyClassroom(deps.db, user.id))) {
    throw badRequest(authMessages.deletionOwnsClassrooms);
  }
  const dueAt = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  await markDeletionRequested(deps.db, user.id, now, dueAt);
  deps.sessions.dropUser(user.id);
  return { deletion_due_at: dueAt.toISOString(), detail: authMessages.deletionScheduled };
}

/** Cancels a scheduled deletion that is not due yet; answers whether there was one. */
export function cancelDeletion(deps: Deps, userId: number, now = new Date()): Promise<boolean> {
  return clearDeletionRequest(deps.db, userId, now);
}

/**
 * Erases one account now (docs/decisions/033-account-deletion.md): each domain drops or blanks
 * what only this person wrote or owns, ledgers keep their amounts, and the user row becomes a
 * nameless tombstone. Answers false when the account was already erased, or when `stillDue`,
 * asked under the row lock, says the account was saved meanwhile (a sign-in).
 */
export async function purgeUser(
  deps: Deps,
  userId: number,
  now = new Date(),
  stillDue: (user: UserRow) => boolean = () => true,
): Promise<boolean> {
  const avatar = await deps.db.transaction(async (tx) => {
    const user = await lockUserForPurge(tx, userId);
    if (!user || !stillDue(user)) return undefined;
    await forgetPostsOf(tx, userId);
    await forgetModerationOf(tx, userId);
    await deleteCertificatesOf(tx, userId);
    await leaveAllClassrooms(tx, userId);
    await deleteResumesOf(tx, userId);
    await deleteBudgetsOf(tx, userId);
    await deleteTicketsOf(tx, userId, user.email);
    await deleteNotificationsOf(tx, userId);
    await deleteTokensOf(tx, userId);
    await deleteSessionsOf(tx, userId);
    await deleteExportsOf(tx, userId);
    await forgetContestsOf(tx, userId, user.email, now);
    await forgetPointNotesOf(tx, userId);
    if (user.email) await deleteMailTo(tx, user.email);
    if (user.parentEmail) await deleteMailTo(tx, user.parentEmail);
    await tombstoneUser(tx, userId, now);
    return { path: user.avatarPath };
  });
  if (!avatar) return false;
  deps.sessions.dropUser(userId);
  await removeAvatar(deps.config.dataDir, avatar.path);
  return true;
}

/** The purge job's run: erases every account whose grace period ended by `now`. */
export async function purgeDueAccounts(deps: Deps, now = new Date()): Promise<number> {
  let purged = 0;
  for (;;) {
    const ids = await usersDueForPurge(deps.db, now, 50);
    if (ids.length === 0) return purged;
    for (const id of ids) if (await purgeUser(deps, id, now)) purged += 1;
  }
}
