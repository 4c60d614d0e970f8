import type { ClassroomPerson } from '@bullpen/contract/classrooms';
import {
  staffActionHasTarget,
  type StaffAuditEntry,
  type StaffTeacher,
  type StaffUser,
  type StaffUserRole,
  type StaffUserStatus,
  type User,
} from '@bullpen/contract/users';
import { isTrustedTeacher } from './policies.ts';
import type { TeacherWithTruster, UserRow } from './queries.ts';
import type { AccountWithDeactivator, StaffAuditWithNames } from './staff-queries.ts';

export type { UserRow };

/** An account as the staff's page lists it (auth/staff-accounts.ts). */
export type StaffAccount = AccountWithDeactivator;

export function staffStatusOf(
  user: Pick<UserRow, 'deactivatedAt' | 'deletionDueAt' | 'consentStatus'>,
): StaffUserStatus {
  if (user.deactivatedAt) return 'deactivated';
  if (user.deletionDueAt) return 'deletion_pending';
  if (user.consentStatus === 'pending') return 'consent_pending';
  return 'active';
}

export function staffRoleOf(user: Pick<UserRow, 'isStaff' | 'isTeacher'>): StaffUserRole {
  if (user.isStaff) return 'staff';
  return user.isTeacher ? 'teacher' : 'student';
}

export const AVATAR_URL_PREFIX = '/media/avatars/';

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    // A student a teacher added by name has no address.
    email: row.email ?? '',
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    avatar: row.avatarPath ? `${AVATAR_URL_PREFIX}${row.avatarPath}` : null,
    is_teacher: row.isTeacher,
    is_staff: row.isStaff,
    email_verified: row.emailVerifiedAt !== null,
    teacher_trusted: isTrustedTeacher(row),
    language: row.language,
    awaiting_parent_consent: row.consentStatus === 'pending',
    is_guardian: row.isGuardian,
  };
}

/**
 * A person as another member of their class sees them (a class's teacher and students, a
 * résumé's author and commenters): names, no address.
 */
export function presentPerson(user: UserRow): ClassroomPerson {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
  };
}

/** A teacher on the staff page (staff only: it carries the address). */
export function presentStaffTeacher({
  teacher,
  trustedByUsername,
}: TeacherWithTruster): StaffTeacher {
  return {
    id: teacher.id,
    username: teacher.username,
    first_name: teacher.firstName,
    last_name: teacher.lastName,
    email: teacher.email ?? '',
    email_verified: teacher.emailVerifiedAt !== null,
    joined_at: teacher.createdAt.toISOString(),
    trusted_at: teacher.teacherTrustedAt ? teacher.teacherTrustedAt.toISOString() : null,
    trusted_by: teacher.teacherTrustedAt ? trustedByUsername : null,
  };
}

/** The name others see (a classmate, a teacher): the full name, else the username. */
export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.username;
}

/** An account on the staff page (staff only: it carries the address, see the contract). */
export function presentStaffUser({ account, deactivatedByUsername }: StaffAccount): StaffUser {
  return {
    id: account.id,
    username: account.username,
    first_name: account.firstName,
    last_name: account.lastName,
    email: account.email ?? '',
    role: staffRoleOf(account),
    status: staffStatusOf(account),
    joined_at: account.createdAt.toISOString(),
    last_seen_at: account.lastActiveAt.toISOString(),
    deactivated_at: account.deactivatedAt ? account.deactivatedAt.toISOString() : null,
    deactivated_by: account.deactivatedAt ? deactivatedByUsername : null,
  };
}

/** One row of the audit log; an account erased or deleted since shows as null (a former user). */
export function presentStaffAuditEntry(entry: StaffAuditWithNames): StaffAuditEntry {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    action: entry.action,
    actor_id: entry.actorUsername === null ? null : entry.actorId,
    actor_username: entry.actorUsername,
    target_id: entry.targetUsername === null ? null : entry.targetUserId,
    target_username: entry.targetUsername,
  };
}

/** The audit log as CSV columns; a former user's cells are empty but for the word. */
export const STAFF_AUDIT_CSV_HEADER = [
  'time_utc',
  'action',
  'staff_id',
  'staff_username',
  'account_id',
  'account_username',
] as const;

export function staffAuditCsvRow(entry: StaffAuditWithNames): (string | number | null)[] {
  const row = presentStaffAuditEntry(entry);
  const name = (username: string | null) => username ?? FORMER_USER;
  return [
    row.at,
    row.action,
    row.actor_id,
    name(row.actor_username),
    row.target_id,
    staffActionHasTarget(row.action) ? name(row.target_username) : null,
  ];
}

/** How the CSV names an account erased or deleted since (the web page says it in ES too). */
const FORMER_USER = 'former user';
