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
