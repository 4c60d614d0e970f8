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
 * it (see createFailureCounter and the sign-in throttle in auth/queries.ts): successful logins never count.
 */
export function authRateLimit(app: FastifyInstance) {
  const { max, windowSeconds } = app.deps.config.authRateLimit;
  return { max, timeWindow: windowSeconds * 1000 };
}

export type FailureCounter = {
  /** Seconds until this key may try again, or 0 when it is under the limit. */
  retryAfterSeconds: (key: string, now?: number) => number;
  record: (key: string, now?: number) => void;
};

/**
 * Failures per key (a client address) in fixed windows, in this process's memory like the
 * route limits above: cheap, and high enough that a school behind one address never meets it.
 */
export function createFailureCounter(options: { max: number; windowMs: number }): FailureCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  function current(key: string, now: number) {
    const entry = windows.get(key);
    if (entry && entry.resetAt > now) return entry;
    if (entry) windows.delete(key);
    return undefined;
  }
  return {
    retryAfterSeconds(key, now = Date.now()) {
      const entry = current(key, now);
      if (!entry || entry.count < options.max) return 0;
      return Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
    },
    record(key, now = Date.now()) {
      const entry = current(key, now);
      if (entry) {
        entry.count += 1;
        return;
      }
      // Forget finished windows now and then, so the map stays small.
      if (windows.size > 10_000) {
        for (const [other, value] of windows) if (value.resetAt <= now) windows.delete(other);
      }
      windows.set(key, { count: 1, resetAt: now + options.windowMs });
    },
  };
}
