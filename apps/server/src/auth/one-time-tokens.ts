import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { userTokens } from '../db/schema/index.ts';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'undo_email_change';

export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 48 * 60 * 60 * 1000,
  // The owner may read the notice late (a holiday): the undo link lasts a week.
  undo_email_change: 7 * 24 * 60 * 60 * 1000,
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes for a link; only the hash is ever stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
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
