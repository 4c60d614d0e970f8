import type { StaffTeacher, User } from '@bullpen/contract/users';
import { isTrustedTeacher } from './policies.ts';
import type { TeacherWithTruster, UserRow } from './queries.ts';

export type { UserRow };

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
