import type { User } from './users.ts';

/*
 * Here rather than in users.ts: the web app's layout asks whether a user has an address on
 * every page, and importing users.ts for it took its schemas, and zod, into every first load.
 */

/** False for an account a teacher made without an address (the API sends '' as its email). */
export function hasEmail(user: Pick<User, 'email'>): boolean {
  return user.email !== '';
}

/** Only an address can be verified: an account without one is never asked to. */
export function needsEmailVerification(user: Pick<User, 'email' | 'email_verified'>): boolean {
  return hasEmail(user) && !user.email_verified;
}
