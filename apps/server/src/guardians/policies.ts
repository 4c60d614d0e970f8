import { GUARDIAN_INVITATIONS_PER_DAY, GUARDIANS_PER_CHILD } from '@bullpen/contract/guardians';
import { isUnder13 } from '../users/age.ts';
import type { UserRow } from '../users/presenter.ts';

/**
 * Who may do what in the parent view, as pure functions of facts. A guardian reaches a child
 * only through a link that names both (queries.ts `findLink`); a teacher reaches a student's
 * guardians only through a class they teach (classrooms/core/access.ts).
 */

type Person = Pick<
  UserRow,
  'id' | 'email' | 'createdByTeacherId' | 'under13Until' | 'isTeacher' | 'isStaff' | 'isGuardian'
>;

/** A student account: not a teacher's, staff's or a parent's. */
export function isStudentAccount(user: Pick<Person, 'isTeacher' | 'isStaff' | 'isGuardian'>) {
  return !user.isTeacher && !user.isStaff && !user.isGuardian;
}

/**
 * A student invites a parent for their own account from 13; a younger one (or an account a
 * teacher made, whatever the age) asks their teacher. Answers why not, or null.
 */
export function ownInvitationRefusal(user: Person, now: Date): 'studentsOnly' | 'tooYoung' | null {
  if (!isStudentAccount(user)) return 'studentsOnly';
  if (isUnder13(user, now)) return 'tooYoung';
  return null;
}

/** Whether one more invitation may name the child: the per-day limit and the guardians' limit. */
export function invitationRefusal(facts: {
  sentToday: number;
  guardians: number;
}): 'tooManyInvitations' | 'tooManyGuardians' | null {
  if (facts.guardians >= GUARDIANS_PER_CHILD) return 'tooManyGuardians';
  if (facts.sentToday >= GUARDIAN_INVITATIONS_PER_DAY) return 'tooManyInvitations';
  return null;
}

export function sameAddress(a: string | null, b: string): boolean {
  return a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Whether a signed-in account may take the invitation: its own verified address is the one
 * invited (so an invitation sent to one address cannot be taken by another account), it is
 * not the child, and it is not an under-13's.
 */
export function acceptRefusal(
  account: Person & Pick<UserRow, 'emailVerifiedAt'>,
  invitation: { childId: number; email: string },
  now: Date,
): 'notYourself' | 'emailMismatch' | 'tooYoung' | null {
  if (account.id === invitation.childId) return 'notYourself';
  if (account.emailVerifiedAt === null || !sameAddress(account.email, invitation.email)) {
    return 'emailMismatch';
  }
  if (isUnder13(account, now)) return 'tooYoung';
  return null;
}

/**
 * How a guardian's request to delete the child's account goes: scheduled at once, like the
 * owner's own request (auth/deletion-requests.ts), for an account with its own address; sent to
 * the school for an account a teacher made (the school consented for it: consent 'school').
 */
export function deletionRoute(
  child: Pick<UserRow, 'email' | 'createdByTeacherId' | 'consentStatus'>,
): 'scheduled' | 'awaiting_school' {
  if (child.email === null || child.createdByTeacherId !== null) return 'awaiting_school';
  return child.consentStatus === 'school' ? 'awaiting_school' : 'scheduled';
}
