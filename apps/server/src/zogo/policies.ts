import type { UserRow } from '../users/presenter.ts';
import type { ZogoTokenClaims } from './token.ts';

/**
 * Who may do what in learn-and-earn. The catalogue is every signed-in user's; a finished
 * module pays only with a learn-and-earn token of the same user, still valid, made since their
 * last password change (the token version moves with it).
 */
export function canCompleteWith(actor: UserRow, token: ZogoTokenClaims | null): boolean {
  return token !== null && token.userId === actor.id && token.tokenVersion === actor.tokenVersion;
}
