import type { UserRow } from './queries.ts';

/** An account is read and changed by its owner only (a teacher's view of students comes with classrooms). */
export function canManageAccount(actor: UserRow, accountId: number): boolean {
  return actor.id === accountId;
}

/**
 * A teacher may award points and define rewards only once trusted: a staff member approved
 * them, or they verified an address on a domain of TEACHER_EMAIL_DOMAINS (docs/decisions/028).
 */
export function isTrustedTeacher(user: Pick<UserRow, 'isTeacher' | 'teacherTrustedAt'>): boolean {
  return user.isTeacher && user.teacherTrustedAt !== null;
}

/** The address's domain is one of `domains`, or a subdomain of one (case does not matter). */
export function isOnTrustedDomain(email: string | null, domains: readonly string[]): boolean {
  const domain = email?.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!domain || !email?.includes('@')) return false;
  return domains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
}

/** Only Bullpen's staff approve teachers or take their trust back. */
export function canManageTeacherTrust(actor: UserRow): boolean {
  return actor.isStaff;
}

/**
 * Held mail carries sign-in and reset links for anyone: only Bullpen's own staff read it,
 * never a teacher (a teacher is a school's user, not an operator).
 */
export function canReadHeldMail(actor: UserRow): boolean {
  return actor.isStaff;
}

/**
 * Only Bullpen's staff list accounts, turn them off and on, and read the audit log
 * (docs/decisions/035-staff-accounts.md).
 */
export function canManageAccounts(actor: UserRow): boolean {
  return actor.isStaff;
}

/**
 * A parent's account (`users.is_guardian`, made from a guardian invitation) reads its
 * children's progress and takes part in nothing itself: no class, contest or board.
 */
export function takesPart(user: Pick<UserRow, 'isGuardian'>): boolean {
  return !user.isGuardian;
}
