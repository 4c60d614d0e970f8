import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_TTL_SECONDS } from '@bullpen/contract/constants';
import { idField } from '@bullpen/contract/input';
import type { Database } from '../db/connection.ts';
import { settingOrInitial } from '../platform/settings.ts';

const SECRET_KEY = 'jwt_secret';

/**
 * JWT_SECRET when configured; otherwise one random secret generated once and kept in the
 * database, so tokens survive restarts and every server process agrees on it.
 */
export async function loadSigningKey(db: Database, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const secret = await settingOrInitial(db, SECRET_KEY, randomBytes(48).toString('base64url'));
  return new TextEncoder().encode(secret);
}

export type TokenClaims = {
  userId: number;
  tokenVersion: number;
  /** The session's own id, so logout can end this session and no other. */
  tokenId: string;
  expiresAt: Date;
};

export async function signSessionToken(
  key: Uint8Array,
  claims: Pick<TokenClaims, 'userId' | 'tokenVersion'>,
): Promise<{ token: string; claims: TokenClaims }> {
  const tokenId = randomUUID();
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ ver: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setJti(tokenId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, claims: { ...claims, tokenId, expiresAt: new Date(expiresAt * 1000) } };
}

/** The claims of a well-formed, unexpired token signed by us; null for anything else. */
export async function readSessionToken(
  key: Uint8Array,
  token: string,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    // The id rule of every request (a PostgreSQL `integer`), so no subject reaches a query.
    const subject = idField.safeParse(payload.sub);
    const tokenVersion = payload.ver;
    if (!subject.success || typeof tokenVersion !== 'number') return null;
    const userId = subject.data;
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    return { userId, tokenVersion, tokenId: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}
