import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { userTokens } from '../db/schema/index.ts';

export type TokenPurpose = 'verify_email' | 'reset_password';

export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a new token; only its hash is stored. Older unused tokens of the purpose die. */
export async function issueToken(
  db: Executor,
  userId: number,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: digest(token),
    expiresAt: new Date(now.getTime() + tokenLifetimeMs[purpose]),
  });
  return token;
}

/** Marks the token used and returns its user, in one statement, so it can be used once only. */
export async function consumeToken(
  db: Executor,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<number | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, digest(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}
