import { DELETION_GRACE_DAYS, type DeletionStatus } from '@bullpen/contract/users';
import { authMessages } from '@bullpen/contract/messages';
import { badRequest, forbidden } from '../platform/errors.ts';
import type { Deps } from '../platform/deps.ts';
import { clearDeletionRequest, markDeletionRequested, type UserRow } from '../users/queries.ts';
import { confirmCurrentPassword } from './service.ts';

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
  // Another domain may need something done first (a teacher deletes their classes).
  const refusal = await deps.erasure.refusal(deps.db, user);
  if (refusal) throw badRequest(refusal);
  const dueAt = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  await markDeletionRequested(deps.db, user.id, now, dueAt);
  deps.sessions.dropUser(user.id);
  return { deletion_due_at: dueAt.toISOString(), detail: authMessages.deletionScheduled };
}

/** Cancels a scheduled deletion that is not due yet; answers whether there was one. */
export function cancelDeletion(deps: Deps, userId: number, now = new Date()): Promise<boolean> {
  return clearDeletionRequest(deps.db, userId, now);
}
