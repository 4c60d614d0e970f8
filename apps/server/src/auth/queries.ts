import { and, count, desc, eq, gt, inArray, isNull, lt, lte, min, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import {
  addressFailures,
  loginThrottles,
  revokedTokens,
  userSessions,
  userTokens,
} from '../db/schema/auth.ts';
import {
  hashToken,
  newSecretToken,
  tokenLifetimeMs,
  type TokenPurpose,
} from './one-time-tokens.ts';
import {
  delayAfter,
  FAILURE_MEMORY_MS,
  MAX_LOGIN_DELAY_SECONDS,
  type LoginThrottleSettings,
} from './policies.ts';

/** "This session was ended by logout", computed in the statement that reads its user. */
export function isRevoked(tokenId: string) {
  return sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenId} = ${tokenId})`;
}

export type LoginAttempt = { allowed: true } | { allowed: false; waitSeconds: number };

/**
 * Counts an attempt as a failure before its password is checked, in one statement, unless the
 * key is waiting out a delay: concurrent guesses are each counted, and none gets past the
 * limit together. The right password then clears the row (clearLoginFailures).
 */
export async function reserveLoginAttempt(
  db: Executor,
  key: string,
  now: Date,
  settings: LoginThrottleSettings,
): Promise<LoginAttempt> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const failures = sql`(case when ${loginThrottles.lastFailureAt} < ${forgetBefore} then 1 else ${loginThrottles.failures} + 1 end)`;
  // delayAfter (policies.ts) in SQL, so the count and the lock it implies are one write.
  const delaySeconds = sql`least(${settings.delaySeconds} * power(2, least(${failures} - ${settings.failuresBeforeDelay}, 20)), ${MAX_LOGIN_DELAY_SECONDS})`;
  const firstDelay = delayAfter(1, settings);
  const [counted] = await db
    .insert(loginThrottles)
    .values({
      key,
      failures: 1,
      lastFailureAt: now,
      lockedUntil: firstDelay > 0 ? new Date(now.getTime() + firstDelay * 1000) : null,
    })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures,
        lastFailureAt: now,
        lockedUntil: sql`case when ${failures} >= ${settings.failuresBeforeDelay} then ${now.toISOString()}::timestamptz + ${delaySeconds} * interval '1 second' end`,
      },
      setWhere: sql`${loginThrottles.lockedUntil} is null or ${loginThrottles.lockedUntil} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ key: loginThrottles.key });
  if (counted) return { allowed: true };
  const [row] = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, key));
  const remainingMs = row?.lockedUntil ? new Date(row.lockedUntil).getTime() - now.getTime() : 0;
  return { allowed: false, waitSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}

/** A correct password: the key's failures are forgotten. */
export async function clearLoginFailures(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

export type AddressScope = (typeof addressFailures.$inferInsert)['scope'];

/**
 * Seconds this address must wait because `max` different keys of the scope failed from it
 * within the window (accounts for sign-in, usernames for sign-up), or 0.
 */
export async function addressWaitSeconds(
  db: Executor,
  scope: AddressScope,
  address: string,
  now: Date,
  limit: { max: number; windowMs: number },
): Promise<number> {
  const since = new Date(now.getTime() - limit.windowMs);
  // Addresses are kept no longer than the window needs them (usually nothing to delete).
  await db.delete(addressFailures).where(lte(addressFailures.lastFailureAt, since));
  const [row] = await db
    .select({ keys: count(), oldest: min(addressFailures.lastFailureAt) })
    .from(addressFailures)
    .where(
      and(
        eq(addressFailures.scope, scope),
        eq(addressFailures.address, address),
        gt(addressFailures.lastFailureAt, since),
      ),
    );
  if (!row || row.keys < limit.max || !row.oldest) return 0;
  const freeAt = new Date(row.oldest).getTime() + limit.windowMs;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/** A failure at `key` from `address`; rows past the window go at the same time. */
export async function recordAddressFailure(
  db: Executor,
  scope: AddressScope,
  address: string,
  key: string,
  now: Date,
  windowMs: number,
): Promise<void> {
  await db
    .insert(addressFailures)
    .values({ scope, address, key, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [addressFailures.scope, addressFailures.address, addressFailures.key],
      set: { lastFailureAt: now },
    });
  await db
    .delete(addressFailures)
    .where(lte(addressFailures.lastFailureAt, new Date(now.getTime() - windowMs)));
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
  /** `lifetimeMs`: a longer life than the purpose's own (a new teacher's first password link). */
  options: { email?: string; now?: Date; lifetimeMs?: number } = {},
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
    expiresAt: new Date(now.getTime() + (options.lifetimeMs ?? tokenLifetimeMs[purpose])),
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

/** The user of a token still usable for `purpose`, without using it (a page that shows it). */
export async function findTokenUser(
  db: Executor,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<number | null> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    );
  return row?.userId ?? null;
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

/** Part of erasing an account (users/deletion.ts purgeUser). */
/** Open links (verification, reset, email change): they may carry an address. */
export async function deleteTokensOf(db: Executor, userId: number): Promise<void> {
  await db.delete(userTokens).where(eq(userTokens.userId, userId));
}

/** How stale `last_seen_at` may get before a request writes it again: one write per window. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export type UserSessionRow = typeof userSessions.$inferSelect;

/** A new session; everyone's expired sessions go at the same time (usually none). */
export async function recordUserSession(
  db: Executor,
  session: {
    userId: number;
    tokenId: string;
    tokenVersion: number;
    device: string;
    expiresAt: Date;
  },
  now: Date,
): Promise<void> {
  await db.delete(userSessions).where(lte(userSessions.expiresAt, now));
  await db.insert(userSessions).values({ ...session, createdAt: now, lastSeenAt: now });
}

/** The session was used: its `last_seen_at` moves on, at most once per resolution window. */
export async function touchUserSession(db: Executor, tokenId: string, now: Date): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(userSessions.tokenId, tokenId),
        lt(userSessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS)),
      ),
    );
}

/**
 * The user's sessions that still work: unexpired, and issued under the user's current token
 * version (a new password ended the others). Newest first. Ended ones are deleted, not kept.
 */
export async function liveUserSessions(
  db: Executor,
  user: { id: number; tokenVersion: number },
  now: Date,
): Promise<UserSessionRow[]> {
  return db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.userId, user.id),
        eq(userSessions.tokenVersion, user.tokenVersion),
        gt(userSessions.expiresAt, now),
      ),
    )
    .orderBy(desc(userSessions.createdAt), desc(userSessions.id));
}

/**
 * Deletes the user's session rows (one by id, or every one but `keepTokenId`) and marks their
 * tokens revoked, in one statement each, so concurrent calls end each session once. Returns the
 * sessions ended.
 */
export async function deleteUserSessions(
  db: Executor,
  userId: number,
  which: { id: number } | { exceptTokenId: string },
): Promise<{ tokenId: string; expiresAt: Date }[]> {
  const ended = await db
    .delete(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        'id' in which
          ? eq(userSessions.id, which.id)
          : ne(userSessions.tokenId, which.exceptTokenId),
      ),
    )
    .returning({ tokenId: userSessions.tokenId, expiresAt: userSessions.expiresAt });
  if (ended.length > 0) {
    await db
      .insert(revokedTokens)
      .values(ended.map((session) => ({ ...session, userId })))
      .onConflictDoNothing();
  }
  return ended;
}

/**
 * Part of erasing an account (users/deletion.ts purgeUser): its listed sessions, whose device
 * names describe the person's browsers. The row stays, so the cascade does not do it.
 */
export async function deleteSessionsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.userId, userId));
}

/**
 * Logout: the token id is refused from now on, wherever the token was copied to. Entries
 * outlive their token by nothing (an expired token is refused anyway), so the expired ones go.
 */
export async function revokeToken(
  db: Executor,
  token: { tokenId: string; userId: number; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.insert(revokedTokens).values(token).onConflictDoNothing();
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
}

/** A logged-out session is no longer listed. */
export async function forgetUserSession(db: Executor, tokenId: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.tokenId, tokenId));
}

/**
 * The retention job's sweep (privacy/retention.ts) of rows that no longer do anything: links
 * past their expiry (used or not: an expired link is refused either way), sessions past theirs,
 * logged-out token ids once their token would have expired anyway, and throttle rows that slow
 * nobody any more (a quiet hour forgets failures; an address counts within its window). Most
 * are also swept as new ones come; this catches the rest. Returns how many rows went.
 */
export async function deleteExpiredAuthRows(
  db: Executor,
  now: Date,
  addressWindowMs: number,
): Promise<number> {
  const tokens = await db
    .delete(userTokens)
    .where(lte(userTokens.expiresAt, now))
    .returning({ id: userTokens.id });
  const sessions = await db
    .delete(userSessions)
    .where(lte(userSessions.expiresAt, now))
    .returning({ id: userSessions.id });
  const revoked = await db
    .delete(revokedTokens)
    .where(lte(revokedTokens.expiresAt, now))
    .returning({ tokenId: revokedTokens.tokenId });
  const throttles = await db
    .delete(loginThrottles)
    .where(
      and(
        lt(loginThrottles.lastFailureAt, new Date(now.getTime() - FAILURE_MEMORY_MS)),
        or(isNull(loginThrottles.lockedUntil), lte(loginThrottles.lockedUntil, now)),
      ),
    )
    .returning({ key: loginThrottles.key });
  const addresses = await db
    .delete(addressFailures)
    .where(lte(addressFailures.lastFailureAt, new Date(now.getTime() - addressWindowMs)))
    .returning({ key: addressFailures.key });
  return tokens.length + sessions.length + revoked.length + throttles.length + addresses.length;
}
