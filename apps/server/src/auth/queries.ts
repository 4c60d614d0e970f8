import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { loginThrottles, revokedTokens, userTokens } from '../db/schema/auth.ts';
import {
  hashToken,
  newSecretToken,
  tokenLifetimeMs,
  type TokenPurpose,
} from './one-time-tokens.ts';
import { delayAfter, FAILURE_MEMORY_MS, type LoginThrottleSettings } from './policies.ts';

/** "This session was ended by logout", computed in the statement that reads its user. */
export function isRevoked(tokenId: string) {
  return sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenId} = ${tokenId})`;
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

/** Older unused tokens of these purposes stop working. */
export async function voidTokens(
  db: Executor,
  userId: number,
  purposes: TokenPurpose[],
  now = new Date(),
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        inArray(userTokens.purpose, purposes),
        isNull(userTokens.usedAt),
      ),
    );
}

/**
 * Issues a new token; only its hash is stored. Older unused tokens of the purpose die.
 * `email` is the address the token is about (the new one of an email change).
 */
export async function issueToken(
  db: Executor,
  userId: number,
  purpose: TokenPurpose,
  options: { email?: string; now?: Date } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const { token, hash } = newSecretToken();
  // An undo link must outlive later changes: a second change cannot void the owner's first notice.
  if (purpose !== 'undo_email_change') await voidTokens(db, userId, [purpose], now);
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hash,
    email: options.email ?? null,
    expiresAt: new Date(now.getTime() + tokenLifetimeMs[purpose]),
  });
  return token;
}

export type ConsumedToken = { userId: number; purpose: TokenPurpose; email: string | null };

/**
 * Marks the token used and returns what it was for, in one statement, so it can be used once
 * only. `purposes` lists what the caller accepts.
 */
export async function consumeTokenOf(
  db: Executor,
  token: string,
  purposes: TokenPurpose[],
  now = new Date(),
): Promise<ConsumedToken | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        inArray(userTokens.purpose, purposes),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId, purpose: userTokens.purpose, email: userTokens.email });
  return row ?? null;
}

/** Marks the token used and returns its user, in one statement, so it can be used once only. */
export async function consumeToken(
  db: Executor,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<number | null> {
  return (await consumeTokenOf(db, token, [purpose], now))?.userId ?? null;
}
