import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { authMessages } from '@bullpen/contract/messages';

/** Registered without a global limit: only the routes that opt in are limited. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      // Thrown to the error handler, which sends `{error}` with this status.
      return Object.assign(new Error(authMessages.rateLimited(seconds)), { statusCode: 429 });
    },
  });
}

/**
 * The limit on sign-up, verification-mail and password-reset routes, per client address and
 * route. A class signing up together from one school address fits in it; login is not under
 * it (see the sign-in throttle in auth/service.ts): successful logins never count.
 */
export function authRateLimit(app: FastifyInstance) {
  const { max, windowSeconds } = app.deps.config.authRateLimit;
  return { max, timeWindow: windowSeconds * 1000 };
}
