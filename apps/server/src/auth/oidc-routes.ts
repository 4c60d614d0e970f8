import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COOKIE_EXPIRY_DAYS, TOKEN_COOKIE } from '@bullpen/contract/constants';
import {
  oidcCallbackQuery,
  oidcProviderListSchema,
  oidcProviderParams,
} from '@bullpen/contract/oidc';
import { OIDC_FAILURE_PARAM, type OidcFailure } from '@bullpen/contract/oidc-failures';
import { api, HOME_PATH, publicPaths } from '@bullpen/contract/routes';
import { notFound } from '../platform/errors.ts';
import { authRateLimit } from '../platform/rate-limit.ts';
import { ProviderUnavailable, type OidcClients } from './oidc-clients.ts';
import { presentOidcProviders } from './presenter.ts';
import {
  beginOidcSignIn,
  finishOidcSignIn,
  OidcRefused,
  type OidcMatcher,
} from './oidc-service.ts';
import {
  clearedOidcStateCookie,
  oidcStateCookie,
  oidcStateKey,
  readOidcState,
  sealOidcState,
} from './oidc-state.ts';

/**
 * School sign-in (auth/oidc-service.ts). Start and callback are browser navigations: they
 * answer with redirects, to the provider, to the signed-in home, or back to the login page
 * with the reason a sign-in was refused. Both are open to anyone and limited per address like
 * the other sign-in routes.
 */
export async function oidcRoutes(
  app: FastifyInstance,
  { clients, matchers }: { clients: OidcClients; matchers: readonly OidcMatcher[] },
): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: authRateLimit(app), ignoreAuthorization: true };
  const stateKey = oidcStateKey(app.deps.signingKey);

  const refuse = (
    reply: FastifyReply,
    cookie: { secure: boolean; provider: string },
    reason: OidcFailure,
  ) =>
    reply
      .header('set-cookie', clearedOidcStateCookie(cookie))
      .header('cache-control', 'no-store')
      .redirect(`${publicPaths.login}?${OIDC_FAILURE_PARAM}=${reason}`, 302);

  route.get(
    api.oidcProviders.pattern,
    {
      schema: { tags: ['auth'], response: { 200: oidcProviderListSchema } },
      config: { ignoreAuthorization: true },
    },
    async () => presentOidcProviders(clients.providers),
  );

  route.get(
    api.oidcStart.pattern,
    { schema: { tags: ['auth'], params: oidcProviderParams }, config: limited },
    async (request, reply) => {
      const provider = clients.find(request.params.provider);
      if (!provider) throw notFound();
      const cookie = { secure: request.protocol === 'https', provider: provider.id };
      try {
        const { url, flow } = await beginOidcSignIn(clients, provider, app.deps.config.publicUrl);
        const sealed = await sealOidcState(stateKey, flow);
        return reply
          .header('set-cookie', oidcStateCookie(sealed, cookie))
          .header('cache-control', 'no-store')
          .redirect(url.href, 302);
      } catch (error) {
        if (error instanceof ProviderUnavailable) return refuse(reply, cookie, 'unavailable');
        throw error;
      }
    },
  );

  route.get(
    api.oidcCallback.pattern,
    {
      schema: { tags: ['auth'], params: oidcProviderParams, querystring: oidcCallbackQuery },
      config: limited,
    },
    async (request, reply) => {
      const provider = clients.find(request.params.provider);
      if (!provider) throw notFound();
      const cookie = { secure: request.protocol === 'https', provider: provider.id };
      const flow = await readOidcState(stateKey, request.headers.cookie);
      try {
        const session = await finishOidcSignIn(
          app.deps,
          clients,
          provider,
          { query: request.query, flow },
          matchers,
          { userAgent: request.headers['user-agent'] },
        );
        // The token goes where the web app keeps it after a password login (apps/web/src/lib/token-cookie.ts).
        const tokenCookie = [
          `${TOKEN_COOKIE}=${session.token}`,
          'Path=/',
          `Max-Age=${COOKIE_EXPIRY_DAYS * 24 * 60 * 60}`,
          'SameSite=Lax',
          ...(cookie.secure ? ['Secure'] : []),
        ].join('; ');
        return reply
          .header('set-cookie', [clearedOidcStateCookie(cookie), tokenCookie])
          .header('cache-control', 'no-store')
          .redirect(HOME_PATH, 302);
      } catch (error) {
        if (!(error instanceof OidcRefused)) throw error;
        // The reason and the provider only: no address or name of the child in the log.
        request.log.warn({ provider: provider.id, reason: error.reason }, 'school sign-in refused');
        return refuse(reply, cookie, error.reason);
      }
    },
  );
}
