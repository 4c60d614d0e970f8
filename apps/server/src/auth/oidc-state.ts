import { createHmac } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';

/**
 * The browser's half of a school sign-in in flight (auth/oidc-service.ts): the state, nonce
 * and PKCE verifier of the request sent to the provider, sealed (encrypted and authenticated
 * with a key from the server's signing key) in a cookie that scripts never read (HttpOnly),
 * that only the sign-in paths receive (Path), and that lives ten minutes. Nothing is stored on
 * the server until the sign-in succeeds.
 */
export const OIDC_STATE_COOKIE = 'bullpen_oidc';
export const OIDC_STATE_MAX_AGE_SECONDS = 10 * 60;
const COOKIE_PATH = '/api/oidc/';
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

export function oidcStateCookie(value: string, options: { secure: boolean }): string {
  const attributes = [
    `${OIDC_STATE_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${OIDC_STATE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    // Lax: the provider's redirect back is a top-level GET from another site.
    'SameSite=Lax',
  ];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** The callback spends the cookie, whatever its outcome: a state is used once. */
export function clearedOidcStateCookie(options: { secure: boolean }): string {
  const attributes = [`${OIDC_STATE_COOKIE}=`, `Path=${COOKIE_PATH}`, 'Max-Age=0', 'HttpOnly'];
  attributes.push('SameSite=Lax');
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}
