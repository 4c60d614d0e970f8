import type { TokenClaims } from '../auth/jwt.ts';
import type { UserRow } from '../users/presenter.ts';
import type { ZogoTokenClaims } from './token.ts';

/**
 * Who may do what in learn-and-earn. The catalogue is every signed-in user's; a finished
 * module pays only with a learn-and-earn token of the same user, still valid, made since their
 * last password change (the token version moves with it), and fetched by the very session
 * that sends it: the request's session is checked against logout by the auth hook, so a
 * token outlives neither its session's logout nor a sign-in elsewhere.
 */
export function canCompleteWith(
  actor: UserRow,
  session: TokenClaims | null,
  token: ZogoTokenClaims | null,
): boolean {
  return (
    token !== null &&
    session !== null &&
    token.userId === actor.id &&
    token.tokenVersion === actor.tokenVersion &&
    token.sessionId === session.tokenId
  );
}
