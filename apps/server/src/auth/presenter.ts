import type { UserSession } from '@bullpen/contract/auth';
import type { TokenClaims } from './jwt.ts';
import type { UserSessionRow } from './queries.ts';

/** A session as its owner sees it: never its token id, which stays on the server. */
export function presentUserSessions(rows: UserSessionRow[], current: TokenClaims): UserSession[] {
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    created_at: new Date(row.createdAt).toISOString(),
    last_seen_at: new Date(row.lastSeenAt).toISOString(),
    current: row.tokenId === current.tokenId,
  }));
}
