import type { FastifyInstance } from 'fastify';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { authMessages } from '@bullpen/contract/messages';
import type { Executor } from '../db/connection.ts';
import { rateLimitWindows } from '../db/schema/attempts.ts';

/** Registered without a global limit: only the routes that opt in are limited. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so the limit is one across every server process (WORKERS).
    store: databaseRateLimitStore(app.deps.db),
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

/** Ended windows are deleted at most this often by each process's store (and on its way). */
export const RATE_LIMIT_SWEEP_MS = 60_000;

type Count = { current: number; ttl: number };
type Done = (error: Error | null, result?: Count) => void;
/** What @fastify/rate-limit hands a store's constructor and `child` (its README, "store"). */
type StoreOptions = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
};

/**
 * A store for @fastify/rate-limit that counts in `rate_limit_windows` (db/schema/attempts.ts)
 * instead of each process's memory: the same on PGlite and PostgreSQL. Each hit is one upsert:
 * the key's row counts one more, or starts a new window when its window has passed; the row's
 * lock puts concurrent hits in a line, so each sees the count the one before left. Windows
 * are timed by the database's clock, which every process shares. Keys are the route (as the
 * plugin's Redis store does) and the client address.
 */
export function databaseRateLimitStore(db: Executor): FastifyRateLimitStoreCtor {
  const sweep = { lastAt: 0 };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      options: StoreOptions,
      private readonly prefix = 'rate:',
    ) {
      // Neither is used here; refusing them keeps the store's windows what they say.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the database rate-limit store counts fixed windows only');
      }
    }

    incr(key: string, done: Done, timeWindow: number): void {
      hit(`${this.prefix}${key}`, timeWindow).then(
        (count) => done(null, count),
        (error: Error) => done(error),
      );
    }

    /** The count without a hit (`{ increment: false }`). */
    read(key: string, done: Done): void {
      peek(`${this.prefix}${key}`).then(
        (count) => done(null, count),
        (error: Error) => done(error),
      );
    }

    // Typed by the plugin as the route's options; what it passes is its merged limit options
    // with the route under `routeInfo` (@fastify/rate-limit index.js, `mergeParams`).
    child(routeOptions: object): FastifyRateLimitStore {
      const options = routeOptions as StoreOptions;
      const { method, url } = options.routeInfo ?? {};
      const route = `${[method ?? ''].flat().join(',')} ${url ?? ''}`;
      return new DatabaseRateLimitStore(options, `${this.prefix}${route}:`);
    }
  }

  async function hit(key: string, timeWindow: number): Promise<Count> {
    if (Date.now() - sweep.lastAt >= RATE_LIMIT_SWEEP_MS) {
      sweep.lastAt = Date.now();
      await db.delete(rateLimitWindows).where(sql`${rateLimitWindows.windowEndsAt} <= now()`);
    }
    const over = sql`${rateLimitWindows.windowEndsAt} <= now()`;
    const [row] = await db
      .insert(rateLimitWindows)
      .values({
        key,
        hits: 1,
        windowEndsAt: sql`now() + ${Math.max(0, Math.trunc(timeWindow))}::integer * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          // Capped, so no flood can overflow the column.
          hits: sql`case when ${over} then 1 else least(${rateLimitWindows.hits} + 1, 2147483647) end`,
          windowEndsAt: sql`case when ${over} then excluded.window_ends_at else ${rateLimitWindows.windowEndsAt} end`,
        },
      })
      .returning({ current: rateLimitWindows.hits, ttl: msLeft });
    return row!;
  }

  async function peek(key: string): Promise<Count> {
    const [row] = await db
      .select({ current: rateLimitWindows.hits, ttl: msLeft })
      .from(rateLimitWindows)
      .where(sql`${rateLimitWindows.key} = ${key} and ${rateLimitWindows.windowEndsAt} > now()`);
    return row ?? { current: 0, ttl: 0 };
  }

  return DatabaseRateLimitStore;
}

const msLeft = sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitWindows.windowEndsAt} - now()) * 1000))::integer`;
