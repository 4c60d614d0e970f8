import type { UserRow } from './presenter.ts';

/** The day a person born on `dateOfBirth` turns 13 (29 February: 1 March), `YYYY-MM-DD`. */
export function thirteenthBirthday(dateOfBirth: string): string {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + 13, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * What `users.under_13_until` keeps of a date of birth: the day its holder turns 13, or null
 * when they already are 13 (or gave none). The date of birth itself is never stored.
 */
export function under13UntilFor(dateOfBirth: string | undefined, now: Date): string | null {
  if (dateOfBirth === undefined) return null;
  const birthday = thirteenthBirthday(dateOfBirth);
  return birthday > now.toISOString().slice(0, 10) ? birthday : null;
}

/**
 * Whether the account plays as an under-13: its holder said so at sign-up and has not turned
 * 13 yet, or a teacher made it (no address of its own), whatever the age. Under-13s play in
 * their class contests only, never in public ones.
 */
export function isUnder13(
  user: Pick<UserRow, 'email' | 'createdByTeacherId' | 'under13Until'>,
  now: Date,
): boolean {
  if (user.email === null || user.createdByTeacherId !== null) return true;
  return user.under13Until !== null && now.toISOString().slice(0, 10) < user.under13Until;
}
