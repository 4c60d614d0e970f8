import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { oidcIdentities } from '../db/schema/auth.ts';

/** The account linked to a school account (issuer and subject), if any. */
export async function findLinkedUserId(
  db: Executor,
  issuer: string,
  subject: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: oidcIdentities.userId })
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
  return row?.userId;
}

/**
 * Links a school account to a user. A link another request wrote at the same moment stays
 * (the unique index on issuer and subject): the caller reads it again.
 */
export async function linkIdentity(
  db: Executor,
  link: { userId: number; issuer: string; subject: string },
  now: Date,
): Promise<void> {
  await db
    .insert(oidcIdentities)
    .values({ ...link, createdAt: now })
    .onConflictDoNothing({ target: [oidcIdentities.issuer, oidcIdentities.subject] });
}

/** The owner's export: which school accounts sign in to theirs, and since when (no subject). */
export async function exportOidcIdentitiesOf(db: Executor, userId: number) {
  return db
    .select({ issuer: oidcIdentities.issuer, linked_at: oidcIdentities.createdAt })
    .from(oidcIdentities)
    .where(eq(oidcIdentities.userId, userId))
    .orderBy(asc(oidcIdentities.id));
}

/** Erasure: the account's links to school accounts go with it. */
export async function deleteOidcIdentitiesOf(db: Executor, userId: number): Promise<void> {
  await db.delete(oidcIdentities).where(eq(oidcIdentities.userId, userId));
}
