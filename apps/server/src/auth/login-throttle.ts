import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { loginThrottles } from '../db/schema/index.ts';

/** The longest wait, however many failures: the owner is slowed down, never locked out. */
export const MAX_LOGIN_DELAY_SECONDS = 15 * 60;
/** A quiet hour after the last failure forgets the earlier ones. */
const FAILURE_MEMORY_MS = 60 * 60 * 1000;

export type LoginThrottleSettings = {
  /** Failures allowed before each further attempt must wait. */
  failuresBeforeDelay: number;
  /** The first wait; it doubles with each further failure, up to MAX_LOGIN_DELAY_SECONDS. */
  delaySeconds: number;
};

/** The throttle key: the account when the login names one, else the name typed. */
export function throttleKey(userId: number | undefined, login: string): string {
  return userId === undefined ? `login:${login.trim().toLowerCase()}` : `user:${userId}`;
}

export function delayAfter(failures: number, settings: LoginThrottleSettings): number {
  if (failures < settings.failuresBeforeDelay) return 0;
  const doublings = Math.min(failures - settings.failuresBeforeDelay, 20);
  return Math.min(settings.delaySeconds * 2 ** doublings, MAX_LOGIN_DELAY_SECONDS);
}

/** Seconds this key must still wait before its next attempt, or 0. */
export async function secondsLocked(db: Executor, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, key));
  if (!row?.lockedUntil) return 0;
  const remainingMs = new Date(row.lockedUntil).getTime() - now.getTime();
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
}

/** Counts a failed attempt in one statement (concurrent failures all count). */
export async function recordLoginFailure(
  db: Executor,
  key: string,
  now: Date,
  settings: LoginThrottleSettings,
): Promise<void> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const failures = sql<number>`case when ${loginThrottles.lastFailureAt} < ${forgetBefore} then 1 else ${loginThrottles.failures} + 1 end`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: { failures, lastFailureAt: now },
    })
    .returning({ failures: loginThrottles.failures });
  const delay = delayAfter(row?.failures ?? 1, settings);
  if (delay > 0) {
    await db
      .update(loginThrottles)
      .set({ lockedUntil: new Date(now.getTime() + delay * 1000) })
      .where(eq(loginThrottles.key, key));
  }
}

/** A correct password: the account's failures are forgotten. */
export async function clearLoginFailures(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
