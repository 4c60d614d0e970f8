import { and, count, desc, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { TicketStatus } from '@bullpen/contract/support';
import type { Executor } from '../db/connection.ts';
import { supportTickets, usedHumanChecks } from '../db/schema/support.ts';

/** Reads and writes of the support tables: tickets, and the human checks already used. */
export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicket = typeof supportTickets.$inferInsert;

/** Advisory-lock class: tickets from one address are counted and written one at a time. */
const SENDER_LOCK_CLASS = 727_202;

export async function lockSender(db: Executor, senderAddress: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${SENDER_LOCK_CLASS}, hashtext(${senderAddress}))`,
  );
}

/** How many tickets an address sent since `since`, and when the oldest of them was sent. */
export async function recentTicketsFrom(
  db: Executor,
  senderAddress: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(supportTickets.createdAt) })
    .from(supportTickets)
    .where(
      and(eq(supportTickets.senderAddress, senderAddress), gt(supportTickets.createdAt, since)),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Records a solved check as used; false when it already was (a replay), on any process.
 * Expired rows go first: their challenges are refused as expired anyway.
 */
export async function claimHumanCheck(
  db: Executor,
  challengeId: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.delete(usedHumanChecks).where(lt(usedHumanChecks.expiresAt, now));
  const inserted = await db
    .insert(usedHumanChecks)
    .values({ challengeId, expiresAt })
    .onConflictDoNothing()
    .returning({ challengeId: usedHumanChecks.challengeId });
  return inserted.length === 1;
}

export async function insertTicket(db: Executor, ticket: NewTicket): Promise<TicketRow> {
  const [row] = await db.insert(supportTickets).values(ticket).returning();
  return row!;
}

/** The inbox: newest first, optionally of one status. */
export async function ticketPage(
  db: Executor,
  status: TicketStatus | undefined,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: TicketRow[] }> {
  const where = status ? eq(supportTickets.status, status) : undefined;
  const [total] = await db.select({ count: count() }).from(supportTickets).where(where);
  const results = await db
    .select()
    .from(supportTickets)
    .where(where)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.count ?? 0, results };
}

export async function setTicketStatus(
  db: Executor,
  id: number,
  status: TicketStatus,
  staffId: number,
  now: Date,
): Promise<TicketRow | undefined> {
  const answered = status === 'answered';
  const [row] = await db
    .update(supportTickets)
    .set({
      status,
      // Marking an answered ticket answered again keeps who answered it first, and when.
      answeredAt: answered ? sql`coalesce(${supportTickets.answeredAt}, ${now})` : null,
      answeredBy: answered ? sql`coalesce(${supportTickets.answeredBy}, ${staffId})` : null,
      updatedAt: now,
    })
    .where(eq(supportTickets.id, id))
    .returning();
  return row;
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
/** The account's tickets, and those sent from its address while signed out. */
export async function deleteTicketsOf(
  db: Executor,
  userId: number,
  email: string | null,
): Promise<void> {
  const fromAddress = email ? sql` or lower(${supportTickets.email}) = lower(${email})` : sql``;
  await db.delete(supportTickets).where(sql`${supportTickets.userId} = ${userId}${fromAddress}`);
}

/**
 * The tickets the user sent while signed in, for "download my data"; not the sender's
 * network address, which only the rate limit reads.
 */
export async function exportTicketsOf(db: Executor, userId: number) {
  return db
    .select({
      id: supportTickets.id,
      kind: supportTickets.kind,
      status: supportTickets.status,
      description: supportTickets.description,
      created_at: supportTickets.createdAt,
    })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(supportTickets.id);
}

/**
 * The retention job's sweep (privacy/retention.ts): tickets answered before `before`, and
 * those never answered that were sent before it (SUPPORT_TICKET_RETENTION_DAYS); how many went.
 */
export async function deleteTicketsSettledBefore(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(supportTickets)
    .where(
      sql`coalesce(${supportTickets.answeredAt}, ${supportTickets.createdAt}) < ${before.toISOString()}::timestamptz`,
    )
    .returning({ id: supportTickets.id });
  return deleted.length;
}

/** The retention job's sweep: used human checks whose challenge expired; how many went. */
export async function deleteExpiredHumanChecks(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(usedHumanChecks)
    .where(lt(usedHumanChecks.expiresAt, now))
    .returning({ challengeId: usedHumanChecks.challengeId });
  return deleted.length;
}
