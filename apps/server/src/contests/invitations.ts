import { and, eq, isNull, sql } from 'drizzle-orm';
import { authMessages } from '@bullpen/contract/messages';
import { contestMessages } from '@bullpen/contract/contests';
import type { Database, Executor } from '../db/connection.ts';
import { contestInvitations } from '../db/schema/index.ts';
import type { Deps } from '../platform/deps.ts';
import { badRequest, forbidden } from '../platform/errors.ts';
import { hashToken, newSecretToken } from '../auth/one-time-tokens.ts';
import { reserveInvitationSends } from '../mail/invitations.ts';
import { contestInvitationEmail } from '../mail/templates.ts';
import type { UserRow } from '../users/presenter.ts';
import { markEmailProven } from '../users/queries.ts';
import { isContestOwner } from './policies.ts';
import { requireVisibleContest } from './service.ts';

type InvitationRow = typeof contestInvitations.$inferSelect;

/**
 * The owner invites people by email. Each address gets a link with its own single-use token
 * (the link proves the address); the hourly limits count every recipient. Re-inviting an
 * address sends a new link and voids the old one.
 */
export async function inviteToContest(
  deps: Deps,
  actor: UserRow,
  contestId: number,
  emails: string[],
  now: Date,
): Promise<string[]> {
  if (!actor.emailVerifiedAt) throw forbidden(authMessages.verifyEmailFirst);
  const view = await requireVisibleContest(deps.db, actor, contestId);
  if (!isContestOwner(actor, view.contest)) throw forbidden(contestMessages.notOwner);
  const links = await deps.db.transaction(async (tx) => {
    await reserveInvitationSends(tx, {
      senderId: actor.id,
      target: `contest:${contestId}`,
      recipients: emails,
      now,
    });
    const made: { email: string; token: string }[] = [];
    for (const email of emails) {
      const { token, hash } = newSecretToken();
      const [updated] = await tx
        .update(contestInvitations)
        .set({ tokenHash: hash, invitedBy: actor.id, createdAt: now })
        .where(
          and(
            eq(contestInvitations.contestId, contestId),
            sql`lower(${contestInvitations.email}) = lower(${email})`,
          ),
        )
        .returning({ id: contestInvitations.id });
      if (!updated) {
        await tx
          .insert(contestInvitations)
          .values({ contestId, email, invitedBy: actor.id, tokenHash: hash, createdAt: now });
      }
      made.push({ email, token });
    }
    return made;
  });
  const inviter = `${actor.firstName} ${actor.lastName}`.trim();
  for (const { email, token } of links) {
    const url = `${deps.config.publicUrl}/join?invitation=${token}`;
    await deps.mailer.send({
      to: email,
      ...contestInvitationEmail(inviter, view.contest.name, url),
    });
  }
  return emails;
}

/** The unused invitation of an emailed link, or a 400 when the link is unknown or spent. */
export async function findInvitationByToken(db: Executor, token: string): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(contestInvitations)
    .where(
      and(
        eq(contestInvitations.tokenHash, hashToken(token)),
        isNull(contestInvitations.acceptedAt),
      ),
    );
  if (!row) throw badRequest({ invitation: contestMessages.invitationInvalid });
  return row;
}

/**
 * Spends an emailed link for `actor`. Opening the link proves the invited address: an account
 * with that address becomes verified. An unverified account with another address must verify
 * its own address first, so a link cannot be passed around to unproven accounts.
 */
export async function redeemInvitationLink(
  db: Database,
  actor: UserRow,
  invitation: InvitationRow,
  now: Date,
): Promise<void> {
  if (!actor.emailVerifiedAt) {
    const sameAddress = actor.email.toLowerCase() === invitation.email.toLowerCase();
    if (!sameAddress || !(await markEmailProven(db, actor.id, now))) {
      throw forbidden(authMessages.verifyEmailFirst);
    }
  }
  const [spent] = await db
    .update(contestInvitations)
    .set({ acceptedAt: now, acceptedBy: actor.id })
    .where(and(eq(contestInvitations.id, invitation.id), isNull(contestInvitations.acceptedAt)))
    .returning({ id: contestInvitations.id });
  if (!spent) throw badRequest({ invitation: contestMessages.invitationInvalid });
}

/**
 * Joining a private contest by id with an invitation to one's address: only a verified address
 * counts, so nobody joins by signing up with (or changing to) an invited address they do not
 * own. Returns false when there is no invitation for the address.
 */
export async function redeemAddressInvitation(
  db: Executor,
  actor: UserRow,
  contestId: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: contestInvitations.id })
    .from(contestInvitations)
    .where(
      and(
        eq(contestInvitations.contestId, contestId),
        sql`lower(${contestInvitations.email}) = lower(${actor.email})`,
      ),
    );
  if (!row) return false;
  if (!actor.emailVerifiedAt) throw forbidden(authMessages.verifyEmailFirst);
  await db
    .update(contestInvitations)
    .set({ acceptedAt: now, acceptedBy: actor.id })
    .where(and(eq(contestInvitations.id, row.id), isNull(contestInvitations.acceptedAt)));
  return true;
}
