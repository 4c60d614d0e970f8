import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { guardianInvitations, guardianLinks, guardianSharing } from '../db/schema/guardians.ts';

/** Reads and writes of the guardians' links, invitations and the children's sharing choice. */
export type GuardianLinkRow = typeof guardianLinks.$inferSelect;
export type GuardianInvitationRow = typeof guardianInvitations.$inferSelect;

/** Advisory lock class: one child's invitations and links change one request at a time. */
const CHILD_LOCK_CLASS = 727_301;

/** Holds the child's lock until the transaction ends (the per-day and per-child limits). */
export async function lockChild(tx: Executor, childId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHILD_LOCK_CLASS}, ${childId})`);
}

export async function findLink(
  db: Executor,
  guardianId: number,
  childId: number,
): Promise<GuardianLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(guardianLinks)
    .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.childId, childId)));
  return row;
}

/** Whether `guardianId` follows `childId` now: every read of a child asks this. */
export async function isLinked(db: Executor, guardianId: number, childId: number) {
  return (await findLink(db, guardianId, childId)) !== undefined;
}

export async function linksOfGuardian(db: Executor, guardianId: number) {
  return db
    .select()
    .from(guardianLinks)
    .where(eq(guardianLinks.guardianId, guardianId))
    .orderBy(asc(guardianLinks.createdAt), asc(guardianLinks.id));
}

export async function linksOfChild(db: Executor, childId: number) {
  return db
    .select()
    .from(guardianLinks)
    .where(eq(guardianLinks.childId, childId))
    .orderBy(asc(guardianLinks.createdAt), asc(guardianLinks.id));
}

export async function countLinksOfChild(db: Executor, childId: number): Promise<number> {
  const [row] = await db
    .select({ links: count() })
    .from(guardianLinks)
    .where(eq(guardianLinks.childId, childId));
  return row?.links ?? 0;
}

export async function insertLink(
  db: Executor,
  values: { guardianId: number; childId: number; createdAt: Date },
): Promise<GuardianLinkRow> {
  const [row] = await db.insert(guardianLinks).values(values).returning();
  return row!;
}

/** Deletes the link; answers whether there was one. */
export async function deleteLink(db: Executor, guardianId: number, childId: number) {
  const deleted = await db
    .delete(guardianLinks)
    .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.childId, childId)))
    .returning({ id: guardianLinks.id });
  return deleted.length > 0;
}

export async function markLinkDeletionRequested(
  db: Executor,
  guardianId: number,
  childId: number,
  now: Date,
): Promise<void> {
  await db
    .update(guardianLinks)
    .set({ deletionRequestedAt: now })
    .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.childId, childId)));
}

/** Invitations naming the child made since `since` (the per-day limit counts them all). */
export async function countInvitationsSince(
  db: Executor,
  childId: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ sent: count() })
    .from(guardianInvitations)
    .where(and(eq(guardianInvitations.childId, childId), gt(guardianInvitations.createdAt, since)));
  return row?.sent ?? 0;
}

export async function insertInvitation(
  db: Executor,
  values: typeof guardianInvitations.$inferInsert,
): Promise<GuardianInvitationRow> {
  const [row] = await db.insert(guardianInvitations).values(values).returning();
  return row!;
}

export async function findInvitationByHash(
  db: Executor,
  tokenHash: string,
): Promise<GuardianInvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(guardianInvitations)
    .where(eq(guardianInvitations.tokenHash, tokenHash));
  return row;
}

/** Marks the invitation used, unless it already was: answers whether this call did. */
export async function claimInvitation(db: Executor, id: number, now: Date): Promise<boolean> {
  const claimed = await db
    .update(guardianInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(guardianInvitations.id, id), isNull(guardianInvitations.acceptedAt)))
    .returning({ id: guardianInvitations.id });
  return claimed.length > 0;
}

/** The child's invitations not accepted and not expired, oldest first. */
export async function openInvitationsOf(db: Executor, childId: number, now: Date) {
  return db
    .select()
    .from(guardianInvitations)
    .where(
      and(
        eq(guardianInvitations.childId, childId),
        isNull(guardianInvitations.acceptedAt),
        gt(guardianInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(guardianInvitations.createdAt), asc(guardianInvitations.id));
}

/**
 * The retention rule: an invitation goes a day after it expired or was accepted (the day
 * keeps it counting against the per-day limit). Answers how many went.
 */
export async function deleteSpentInvitations(db: Executor, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const deleted = await db
    .delete(guardianInvitations)
    .where(
      or(lt(guardianInvitations.expiresAt, dayAgo), lt(guardianInvitations.acceptedAt, dayAgo)),
    )
    .returning({ id: guardianInvitations.id });
  return deleted.length;
}

export async function shareResumeCommentsOf(db: Executor, childId: number): Promise<boolean> {
  const [row] = await db
    .select({ share: guardianSharing.shareResumeComments })
    .from(guardianSharing)
    .where(eq(guardianSharing.childId, childId));
  return row?.share ?? false;
}

export async function setShareResumeComments(
  db: Executor,
  childId: number,
  share: boolean,
  now: Date,
): Promise<void> {
  await db
    .insert(guardianSharing)
    .values({ childId, shareResumeComments: share, updatedAt: now })
    .onConflictDoUpdate({
      target: guardianSharing.childId,
      set: { shareResumeComments: share, updatedAt: now },
    });
}

/**
 * Part of erasing an account (users/deletion.ts purgeUser): the links where it is the guardian
 * or the child, the invitations naming it or sent by it, and its sharing choice. The user row
 * stays as a tombstone, so the foreign keys' cascade does not do this.
 */
export async function eraseGuardianRowsOf(db: Executor, userId: number): Promise<void> {
  await db
    .delete(guardianLinks)
    .where(or(eq(guardianLinks.guardianId, userId), eq(guardianLinks.childId, userId)));
  await db
    .delete(guardianInvitations)
    .where(or(eq(guardianInvitations.childId, userId), eq(guardianInvitations.invitedBy, userId)));
  await db.delete(guardianSharing).where(eq(guardianSharing.childId, userId));
}

/** Invitations sent to an address (an erased account's own address: guardians' erasure). */
export async function deleteInvitationsTo(db: Executor, email: string): Promise<void> {
  await db
    .delete(guardianInvitations)
    .where(sql`lower(${guardianInvitations.email}) = lower(${email})`);
}
