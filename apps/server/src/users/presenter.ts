import type { User } from '@bullpen/contract/users';
import type { UserRow } from './queries.ts';

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
    language: row.language,
  };
}

/** The name others see (a classmate, a teacher): the full name, else the username. */
export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.username;
}
