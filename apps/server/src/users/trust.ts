import { authMessages } from '@bullpen/contract/messages';
import type { TeacherTrustStatus } from '@bullpen/contract/users';
import type { Executor } from '../db/connection.ts';
import type { Deps } from '../platform/deps.ts';
import { forbidden, notFound } from '../platform/errors.ts';
import { isOnTrustedDomain, isTrustedTeacher } from './policies.ts';
import type { UserRow } from './presenter.ts';
import {
  findTeacherWithTruster,
  findUserById,
  insertStaffAudit,
  markEmailProven,
  markTeacherPending,
  markTeacherTrusted,
  moveToProvenEmail,
  teacherPage,
  type TeacherWithTruster,
} from './queries.ts';

/**
 * Teachers' trust (docs/decisions/028): a teacher awards points and defines rewards only once
 * a staff member approved them or they proved an address on a domain of TEACHER_EMAIL_DOMAINS.
 * Other domains ask `requireTrustedTeacher` before such an action.
 */

/** 403, saying why, for a teacher whose account still waits for approval. */
export function requireTrustedTeacher(actor: UserRow): void {
  if (!isTrustedTeacher(actor)) throw forbidden(authMessages.teacherNotTrusted);
}

/**
 * A verified teacher on an allowed domain is trusted now (a no-op for anyone else). Called
 * whenever an address becomes proven, so the rule holds on every way of proving one.
 */
export async function trustTeacherByDomain(
  db: Executor,
  trustDomains: readonly string[],
  userId: number,
  now: Date,
): Promise<void> {
  if (trustDomains.length === 0) return;
  const user = await findUserById(db, userId);
  if (!user?.isTeacher || user.teacherTrustedAt || !user.emailVerifiedAt) return;
  if (isOnTrustedDomain(user.email, trustDomains)) {
    await markTeacherTrusted(db, userId, null, now);
  }
}

/**
 * The account's own address is proven (a link mailed to it was opened); a teacher on an
 * allowed domain is trusted with it. False when another account proved the address first.
 */
export async function proveEmail(
  db: Executor,
  trustDomains: readonly string[],
  userId: number,
  now: Date,
): Promise<boolean> {
  if (!(await markEmailProven(db, userId, now))) return false;
  await trustTeacherByDomain(db, trustDomains, userId, now);
  return true;
}

/** `moveToProvenEmail`, and the new address's domain may trust a teacher. */
export async function moveToProvenAddress(
  db: Executor,
  trustDomains: readonly string[],
  userId: number,
  email: string,
  now: Date,
  options: { endSessions: boolean },
): Promise<void> {
  await moveToProvenEmail(db, userId, email, now, options);
  await trustTeacherByDomain(db, trustDomains, userId, now);
}

export function teachersByTrust(
  db: Executor,
  status: TeacherTrustStatus,
  window: { offset: number; limit: number },
) {
  return teacherPage(db, status, window);
}

/**
 * A staff member trusts a teacher, or takes the trust back. Each change writes one row of
 * the staff audit log in the same transaction; a request that changes nothing (approving a
 * teacher already trusted) writes none, so approvals arriving together are recorded once.
 */
export async function setTeacherTrust(
  deps: Pick<Deps, 'db' | 'sessions' | 'events'>,
  staff: UserRow,
  teacherId: number,
  trusted: boolean,
  now: Date,
): Promise<TeacherWithTruster> {
  const changed = await deps.db.transaction(async (tx) => {
    const changed = trusted
      ? await markTeacherTrusted(tx, teacherId, staff.id, now)
      : await markTeacherPending(tx, teacherId, now);
    if (changed) {
      await insertStaffAudit(tx, {
        actorId: staff.id,
        action: trusted ? 'teacher.trust' : 'teacher.revoke',
        targetUserId: teacherId,
        at: now,
      });
    }
    return changed;
  });
  // This process's cached session sees the change at once; others hear it by NOTIFY.
  deps.sessions.dropUser(teacherId);
  // The teacher hears of an approval (once: approving again changes nothing).
  if (changed && trusted) await deps.events.emit('teacherTrusted', { userId: teacherId });
  const teacher = await findTeacherWithTruster(deps.db, teacherId);
  if (!teacher) throw notFound(authMessages.teacherNotFound);
  return teacher;
}
