import type { UserRow } from '../users/queries.ts';

/**
 * Who reads which home card. A student's cards show only the reader's own data, so every
 * signed-in user may ask for them; a teacher's cards are about the classes they teach, and the
 * retention card is staff's.
 */
export function canReadTeacherHome(user: Pick<UserRow, 'isTeacher'>): boolean {
  return user.isTeacher;
}

export function canReadStaffHome(user: Pick<UserRow, 'isStaff'>): boolean {
  return user.isStaff;
}

/** A student counts as inactive when last seen before `days` days ago (the day resolution). */
export function isInactiveSince(lastActiveAt: Date, now: Date, days: number): boolean {
  return lastActiveAt.getTime() < now.getTime() - days * 86_400_000;
}
