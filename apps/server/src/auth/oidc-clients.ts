import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { OidcProviderConfig } from '../platform/config.ts';

/** How long a provider has to answer discovery, keys and the token exchange. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export class ProviderUnavailable extends Error {}

/**
 * The school's OpenID providers, each discovered on its first use (the server starts while
 * an issuer is down) and kept. A failed discovery is logged and forgotten, so the next
 * sign-in tries again. openid-client verifies every ID token against the issuer's published
 * keys (its JWKS, fetched and cached by the library), audience, expiry and nonce.
 */
export class OidcClients {
  private readonly discovered = new Map<string, Promise<client.Configuration>>();

  constructor(
    readonly providers: readonly OidcProviderConfig[],
    private readonly log: FastifyBaseLogger,
  ) {}

  find(id: string): OidcProviderConfig | undefined {
    return this.providers.find((provider) => provider.id === id);
  }

  async configurationOf(provider: OidcProviderConfig): Promise<client.Configuration> {
    let pending = this.discovered.get(provider.id);
    if (!pending) {
      pending = discover(provider);
      this.discovered.set(provider.id, pending);
      pending.catch((error: unknown) => {
        this.discovered.delete(provider.id);
        this.log.error(
          { provider: provider.id, issuer: provider.issuer, err: error },
          'OpenID provider unreachable: school sign-in with it fails until it answers',
        );
      });
    }
    try {
      return await pending;
    } catch {
      throw new ProviderUnavailable(provider.id);
    }
  }
}

async function discover(provider: OidcProviderConfig): Promise<client.Configuration> {
  const configuration = await client.discovery(
    new URL(provider.issuer),
    provider.clientId,
    { client_secret: provider.clientSecret },
    client.ClientSecretBasic(provider.clientSecret),
    {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      // Plain HTTP only for an issuer on the developer's machine (platform/config.ts refuses it in production).
      execute: provider.issuer.startsWith('http://') ? [client.allowInsecureRequests] : [],
    },
  );
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  return configuration;
}
