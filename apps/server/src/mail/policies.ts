import type { UserRow } from '../users/presenter.ts';

/**
 * Held mail carries sign-in and reset links for anyone: only Bullpen's own staff read it,
 * never a teacher (a teacher is a school's user, not an operator).
 */
export function canReadHeldMail(actor: UserRow): boolean {
  return actor.isStaff;
}
