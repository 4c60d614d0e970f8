import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import {
  INVITATIONS_PER_SENDER_PER_HOUR,
  INVITATIONS_PER_TARGET_PER_HOUR,
} from '@bullpen/contract/constants';
import { authMessages } from '@bullpen/contract/messages';
import type { Executor } from '../db/connection.ts';
import { invitationSends } from '../db/schema/mail.ts';
import { tooManyRequests } from '../platform/errors.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Advisory lock classes: one sender (or one target) reserves at a time, on every process. */
const SENDER_LOCK_CLASS = 727_101;
const TARGET_LOCK_CLASS = 727_102;

export type InvitationLimits = { perSender: number; perTarget: number };

export const defaultInvitationLimits: InvitationLimits = {
  perSender: INVITATIONS_PER_SENDER_PER_HOUR,
  perTarget: INVITATIONS_PER_TARGET_PER_HOUR,
};

/** Minutes until the oldest send of the last hour stops counting. */
async function minutesUntilRoom(
  db: Executor,
  where: ReturnType<typeof and>,
  since: Date,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ oldest: min(invitationSends.createdAt) })
    .from(invitationSends)
    .where(and(where, gt(invitationSends.createdAt, since)));
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
  return Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 60_000));
}

/**
 * Counts `recipients` against the hourly limits of the sender and of the thing invited to
 * (`contest:12`, `classroom:3`), or throws 429 and counts nothing. Call it inside the
 * transaction that records the invitations, before any mail goes out: concurrent requests of
 * one sender or for one target wait for each other, so together they cannot pass the limit.
 */
export async function reserveInvitationSends(
  db: Executor,
  input: { senderId: number; target: string; recipients: string[]; now: Date },
  limits: InvitationLimits = defaultInvitationLimits,
): Promise<void> {
  const { senderId, target, recipients, now } = input;
  const since = new Date(now.getTime() - HOUR_MS);
  await db.execute(sql`select pg_advisory_xact_lock(${SENDER_LOCK_CLASS}, ${senderId})`);
  await db.execute(sql`select pg_advisory_xact_lock(${TARGET_LOCK_CLASS}, hashtext(${target}))`);

  const bySender = eq(invitationSends.senderId, senderId);
  const byTarget = eq(invitationSends.target, target);
  const counted = async (where: ReturnType<typeof eq>) => {
    const [row] = await db
      .select({ sent: count() })
      .from(invitationSends)
      .where(and(where, gt(invitationSends.createdAt, since)));
    return row?.sent ?? 0;
  };
  if ((await counted(bySender)) + recipients.length > limits.perSender) {
    const minutes = await minutesUntilRoom(db, and(bySender), since, now);
    throw tooManyRequests(authMessages.invitationsPerSender(limits.perSender, minutes));
  }
  if ((await counted(byTarget)) + recipients.length > limits.perTarget) {
    const minutes = await minutesUntilRoom(db, and(byTarget), since, now);
    throw tooManyRequests(authMessages.invitationsPerTarget(limits.perTarget, minutes));
  }
  if (recipients.length > 0) {
    await db
      .insert(invitationSends)
      .values(recipients.map((recipient) => ({ senderId, target, recipient, createdAt: now })));
  }
  // Rows older than a day count for nothing any more.
  await db
    .delete(invitationSends)
    .where(lt(invitationSends.createdAt, new Date(now.getTime() - 24 * HOUR_MS)));
}

/** The retention job's sweep (privacy/retention.ts): sends older than a day; how many went. */
export async function deleteOldInvitationSends(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(invitationSends)
    .where(lt(invitationSends.createdAt, new Date(now.getTime() - 24 * HOUR_MS)))
    .returning({ id: invitationSends.id });
  return deleted.length;
}
