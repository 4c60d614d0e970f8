import type { Audience } from '@bullpen/contract/support';
import type { UserRow } from '../users/presenter.ts';

/**
 * Who may do what with support tickets. Anyone may send one: a visitor fills in name and
 * email and passes the human check, a signed-in user does neither (spec section 6). Only
 * Bullpen's staff read the inbox and answer.
 */
export function ticketAudience(actor: UserRow | null): Audience {
  return actor ? 'member' : 'guest';
}

export function canReadSupportInbox(actor: UserRow): boolean {
  return actor.isStaff;
}
