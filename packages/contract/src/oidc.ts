import { z } from 'zod';

/**
 * School sign-in with OpenID Connect (apps/server/src/auth/oidc-service.ts): the providers the
 * login page shows as buttons, and why a sign-in came back refused.
 */

export const oidcProviderSchema = z.object({
  /** In the sign-in path: `/api/oidc/<id>/start/`. */
  id: z.string(),
  /** The provider's name for the button ("Sign in with <name>"); null: "your school account". */
  name: z.string().nullable(),
  /** Where the button goes: the start of the sign-in, a full page navigation. */
  start_url: z.string(),
});
export type OidcProvider = z.infer<typeof oidcProviderSchema>;
export const oidcProviderListSchema = z.array(oidcProviderSchema);

export const oidcProviderParams = z.object({
  provider: z.string().max(40),
});

/** What a provider sends back to the callback (RFC 6749 section 4.1.2 and 4.1.2.1). */
export const oidcCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

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
  /** Too many sign-ins from this address. */
  'throttled',
] as const;
export type OidcFailure = (typeof OIDC_FAILURES)[number];

/** The login page's query parameter that carries an OidcFailure. */
export const OIDC_FAILURE_PARAM = 'sso_error';

export function isOidcFailure(value: string | null | undefined): value is OidcFailure {
  return (OIDC_FAILURES as readonly (string | null | undefined)[]).includes(value);
}
