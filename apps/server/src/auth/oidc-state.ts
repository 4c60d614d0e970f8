import { createHmac } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { api } from '@bullpen/contract/routes';

/**
 * The browser's half of a school sign-in in flight (auth/oidc-service.ts): the state, nonce
 * and PKCE verifier of the request sent to the provider, sealed (encrypted and authenticated
 * with a key from the server's signing key) in a cookie that scripts never read (HttpOnly),
 * that only the provider's callback path receives (Path), and that lives ten minutes. Nothing is stored on
 * the server until the sign-in succeeds.
 */
export const OIDC_STATE_COOKIE = 'bullpen_oidc';
export const OIDC_STATE_MAX_AGE_SECONDS = 10 * 60;
const KEY_LABEL = 'bullpen oidc state v1';

export type OidcFlowState = {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
};

export function oidcStateKey(signingKey: Uint8Array): Uint8Array {
  return createHmac('sha256', signingKey).update(KEY_LABEL).digest();
}

export async function sealOidcState(key: Uint8Array, flow: OidcFlowState): Promise<string> {
  return new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${OIDC_STATE_MAX_AGE_SECONDS}s`)
    .encrypt(key);
}

/** The sealed flow of the request's cookie; undefined when missing, forged or too old. */
export async function readOidcState(
  key: Uint8Array,
  cookieHeader: string | undefined,
): Promise<OidcFlowState | undefined> {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${OIDC_STATE_COOKIE}=([^;]*)`));
  if (!match?.[1]) return undefined;
  try {
    const { payload } = await jwtDecrypt(match[1], key);
    const { provider, state, nonce, codeVerifier } = payload;
    if ([provider, state, nonce, codeVerifier].some((value) => typeof value !== 'string')) {
      return undefined;
    }
    return { provider, state, nonce, codeVerifier } as OidcFlowState;
  } catch {
    return undefined;
  }
}

type CookieOptions = { secure: boolean; provider: string };

const cookiePath = (provider: string) => api.oidcCallback.build({ provider });

export function oidcStateCookie(value: string, options: CookieOptions): string {
  const attributes = [
    `${OIDC_STATE_COOKIE}=${value}`,
    `Path=${cookiePath(options.provider)}`,
    `Max-Age=${OIDC_STATE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    // Lax: the provider's redirect back is a top-level GET from another site.
    'SameSite=Lax',
  ];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** The callback spends the cookie, whatever its outcome: a state is used once. */
export function clearedOidcStateCookie(options: CookieOptions): string {
  const attributes = [
    `${OIDC_STATE_COOKIE}=`,
    `Path=${cookiePath(options.provider)}`,
    'Max-Age=0',
    'HttpOnly',
  ];
  attributes.push('SameSite=Lax');
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}
