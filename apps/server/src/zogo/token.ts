import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ZOGO_TOKEN_TTL_SECONDS } from '@bullpen/contract/zogo';

/**
 * The learn-and-earn token (`GET /api/auth/zogo-token/`, spec section 7): what the module
 * player sends back with a finished module, so points are paid only for a module played in
 * the session that fetched it, for an hour at most and never past that session's end. A JWT (HS256, `jose`) like the session's, but signed
 * with a key derived from the server's secret for this use alone and with its own audience:
 * a session token is never a learn-and-earn token, nor the other way round.
 */
const AUDIENCE = 'bullpen:zogo';
const KEY_LABEL = 'bullpen learn-and-earn token v1';

export type ZogoTokenClaims = {
  userId: number;
  /** The user's token version when it was made: a password change or logout-everywhere ends it. */
  tokenVersion: number;
  /** The id of the session that fetched it: it pays only within that session (logout ends it). */
  sessionId: string;
  expiresAt: Date;
};

/** The key learn-and-earn tokens are signed with, from the server's signing key. */
export function zogoTokenKey(signingKey: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', signingKey).update(KEY_LABEL).digest());
}

export async function signZogoToken(
  key: Uint8Array,
  claims: Pick<ZogoTokenClaims, 'userId' | 'tokenVersion' | 'sessionId'>,
  sessionExpiresAt: Date,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const sessionEnd = Math.floor(sessionExpiresAt.getTime() / 1000);
  return new SignJWT({ ver: claims.tokenVersion, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.min(issuedAt + ZOGO_TOKEN_TTL_SECONDS, sessionEnd))
    .sign(key);
}

/** The claims of a well-formed learn-and-earn token of ours, unexpired at `now`; else null. */
export async function readZogoToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<ZogoTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.ver !== 'number') return null;
    if (typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    return {
      userId,
      tokenVersion: payload.ver,
      sessionId: payload.sid,
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch {
    return null;
  }
}
