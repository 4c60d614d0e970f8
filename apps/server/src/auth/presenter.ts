import type { UserSession } from '@bullpen/contract/auth';
import type { OidcProvider } from '@bullpen/contract/oidc';
import { api } from '@bullpen/contract/routes';
import type { OidcProviderConfig } from '../platform/config.ts';
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

/** The login page's buttons: never the issuer, client or domains. */
export function presentOidcProviders(providers: readonly OidcProviderConfig[]): OidcProvider[] {
  return providers.map((provider) => ({
    id: provider.id,
    name: provider.name ?? null,
    start_url: api.oidcStart.build({ provider: provider.id }),
  }));
}
