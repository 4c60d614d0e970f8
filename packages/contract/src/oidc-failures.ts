/**
 * School sign-in's refusals (apps/server/src/auth/oidc-service.ts), without zod: the login
 * page reads them on its first load.
 */

/**
 * Why a school sign-in was refused, as the callback tells the login page
 * (`/public/login?sso_error=<reason>`); the page shows the matching message.
 */
export const OIDC_FAILURES = [
  /** The state did not match the browser's sign-in (forged, replayed, or too old). */
  'state',
  /** The provider refused or the user cancelled. */
  'denied',
  /** The provider could not be reached. */
  'unavailable',
  /** The answer failed a check: signature, audience, expiry, nonce. */
  'invalid',
  /** The provider has not verified the address. */
  'unverified',
  /** The address is not on one of the school's domains. */
  'domain',
  /** The account is turned off or scheduled for deletion. */
  'inactive',
  /** A staff account signs in with its password only, unless already linked. */
  'staff',
] as const;
export type OidcFailure = (typeof OIDC_FAILURES)[number];

/** The login page's query parameter that carries an OidcFailure. */
export const OIDC_FAILURE_PARAM = 'sso_error';

export function isOidcFailure(value: string | null | undefined): value is OidcFailure {
  return (OIDC_FAILURES as readonly (string | null | undefined)[]).includes(value);
}
