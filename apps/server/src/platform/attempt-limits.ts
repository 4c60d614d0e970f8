import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { attemptWindows } from '../db/schema/attempts.ts';
import type { Config } from './config.ts';
import { AppError, tooManyRequests } from './errors.ts';

/**
 * Guesses counted in the database, so every server process sees the same counts: a key (an
 * account, a client address) may miss `max` times per window of `windowSeconds`, then waits
 * for the window to end (docs/decisions/027-join-codes-and-attempt-limits.md).
 */
export type AttemptLimit = { key: string; max: number; windowSeconds: number };

/**
 * Takes one attempt of the key's window, or starts a new window when the last one is over.
 * False when the window is full. One statement: the row's lock puts concurrent takes in a
 * line and each sees the count the one before it left, so none slips past the limit.
 */
async function takeAttempt(db: Executor, limit: AttemptLimit, now: Date): Promise<boolean> {
  const ends = new Date(now.getTime() + limit.windowSeconds * 1000);
  const over = lt(attemptWindows.windowEndsAt, now);
  const taken = await db
    .insert(attemptWindows)
    .values({ key: limit.key, attempts: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: attemptWindows.key,
      set: {
        attempts: sql`case when ${over} then 1 else ${attemptWindows.attempts} + 1 end`,
        windowEndsAt: sql`case when ${over} then ${ends.toISOString()}::timestamptz else ${attemptWindows.windowEndsAt} end`,
      },
      setWhere: or(over, lt(attemptWindows.attempts, limit.max)),
    })
    .returning({ attempts: attemptWindows.attempts });
  return taken.length > 0;
}

async function giveBackAttempt(db: Executor, key: string): Promise<void> {
  await db
    .update(attemptWindows)
    .set({ attempts: sql`${attemptWindows.attempts} - 1` })
    .where(and(eq(attemptWindows.key, key), gt(attemptWindows.attempts, 0)));
}

async function secondsLeft(db: Executor, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ windowEndsAt: attemptWindows.windowEndsAt })
    .from(attemptWindows)
    .where(eq(attemptWindows.key, key));
  const left = row ? row.windowEndsAt.getTime() - now.getTime() : 0;
  return Math.max(1, Math.ceil(left / 1000));
}

/**
 * Runs `attempt` when every limit has an attempt left, else refuses with a 429 saying how
 * long to wait (`refusal(seconds)`, and Retry-After). Only misses use the allowance: the
 * attempt is given back when `attempt` succeeds or fails for any other reason than `isMiss`.
 */
export async function limitMisses<T>(
  db: Executor,
  limits: readonly AttemptLimit[],
  refusal: (seconds: number) => string,
  now: Date,
  isMiss: (error: unknown) => boolean,
  attempt: () => Promise<T>,
): Promise<T> {
  // Windows that are over count for nothing: swept here, so no address stays longer.
  await db.delete(attemptWindows).where(lt(attemptWindows.windowEndsAt, now));
  const taken: string[] = [];
  const giveBack = async () => {
    for (const key of taken) await giveBackAttempt(db, key);
  };
  for (const limit of limits) {
    if (!(await takeAttempt(db, limit, now))) {
      await giveBack();
      const seconds = await secondsLeft(db, limit.key, now);
      throw tooManyRequests(refusal(seconds), seconds);
    }
    taken.push(limit.key);
  }
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!isMiss(error)) await giveBack();
    throw error;
  }
  await giveBack();
  return result;
}

/** Whether an error is the 400 that names `field` (a wrong code, say) with `message`. */
export function isFieldError(error: unknown, field: string, message: string): boolean {
  if (!(error instanceof AppError) || error.statusCode !== 400) return false;
  const messages = (error.body as Record<string, unknown>)[field];
  return Array.isArray(messages) && messages.includes(message);
}

/** The limits on wrong join codes (classes and contests share them): per account, per address. */
export function joinCodeLimits(
  config: Pick<Config, 'joinCodeLimits'>,
  userId: number,
  address: string,
): AttemptLimit[] {
  const { perAccount, perAddress, windowSeconds } = config.joinCodeLimits;
  return [
    { key: `join-code:account:${userId}`, max: perAccount, windowSeconds },
    { key: `join-code:address:${address}`, max: perAddress, windowSeconds },
  ];
}

/** The retention job's sweep (privacy/retention.ts): windows that are over; how many went. */
export async function deleteEndedAttemptWindows(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(attemptWindows)
    .where(lt(attemptWindows.windowEndsAt, now))
    .returning({ key: attemptWindows.key });
  return deleted.length;
}
