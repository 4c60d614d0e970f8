import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StaffUserRole, StaffUserStatus } from '@bullpen/contract/users';
import type { Executor } from '../db/connection.ts';
import { type StaffAction, staffAuditLog, users } from '../db/schema/users.ts';
import type { StaffAuditRow, UserRow } from './queries.ts';

// The staff's pages of accounts and of the audit log (auth/staff-accounts.ts).

/** A LIKE pattern matching text that starts with `prefix` literally (no wildcards of its own). */
function startsWith(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The condition of one account state, as StaffUserStatus names them (first match wins). */
function staffStatusIs(status: StaffUserStatus): SQL {
  const deactivated = isNotNull(users.deactivatedAt);
  const deletionPending = isNotNull(users.deletionDueAt);
  const consentPending = eq(users.consentStatus, 'pending');
  switch (status) {
    case 'deactivated':
      return deactivated;
    case 'deletion_pending':
      return and(isNull(users.deactivatedAt), deletionPending)!;
    case 'consent_pending':
      return and(isNull(users.deactivatedAt), isNull(users.deletionDueAt), consentPending)!;
    case 'active':
      return and(
        isNull(users.deactivatedAt),
        isNull(users.deletionDueAt),
        or(isNull(users.consentStatus), sql`${users.consentStatus} <> 'pending'`),
      )!;
  }
}

function staffRoleIs(role: StaffUserRole): SQL {
  switch (role) {
    case 'staff':
      return eq(users.isStaff, true);
    case 'teacher':
      return and(eq(users.isStaff, false), eq(users.isTeacher, true))!;
    case 'student':
      return and(eq(users.isStaff, false), eq(users.isTeacher, false))!;
  }
}

export type AccountWithDeactivator = { account: UserRow; deactivatedByUsername: string | null };

/**
 * The staff page of accounts, newest first: every account not erased, narrowed by a search
 * (the start of a username, first or last name, or address) and by role and state.
 */
export async function accountPage(
  db: Executor,
  filter: { search?: string; role?: StaffUserRole; status?: StaffUserStatus },
  window: { offset: number; limit: number },
): Promise<{ count: number; results: AccountWithDeactivator[] }> {
  const conditions: SQL[] = [isNull(users.purgedAt)];
  if (filter.search) {
    const pattern = startsWith(filter.search);
    conditions.push(
      or(
        sql`lower(${users.username}) like ${pattern}`,
        sql`lower(${users.firstName}) like ${pattern}`,
        sql`lower(${users.lastName}) like ${pattern}`,
        sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
        sql`lower(${users.email}) like ${pattern}`,
      )!,
    );
  }
  if (filter.role) conditions.push(staffRoleIs(filter.role));
  if (filter.status) conditions.push(staffStatusIs(filter.status));
  const where = and(...conditions);
  const deactivator = alias(users, 'deactivator');
  const [total] = await db.select({ count: count() }).from(users).where(where);
  const rows = await db
    .select({ account: users, deactivatedByUsername: deactivator.username })
    .from(users)
    .leftJoin(
      deactivator,
      and(eq(deactivator.id, users.deactivatedBy), isNull(deactivator.purgedAt)),
    )
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.count ?? 0, results: rows };
}

/** One account for the staff page; undefined when there is none or it was erased. */
export async function findAccountWithDeactivator(
  db: Executor,
  userId: number,
): Promise<AccountWithDeactivator | undefined> {
  const deactivator = alias(users, 'deactivator');
  const [row] = await db
    .select({ account: users, deactivatedByUsername: deactivator.username })
    .from(users)
    .leftJoin(
      deactivator,
      and(eq(deactivator.id, users.deactivatedBy), isNull(deactivator.purgedAt)),
    )
    .where(and(eq(users.id, userId), isNull(users.purgedAt)));
  return row;
}

/**
 * Turns an active account off: it cannot sign in, and every token it holds dies (the token
 * version rises). The row when it changed; undefined when already off, erased or absent.
 */
export async function markDeactivated(
  db: Executor,
  userId: number,
  staffId: number,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      deactivatedAt: now,
      deactivatedBy: staffId,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt), isNull(users.purgedAt)))
    .returning();
  return row;
}

/** Turns a deactivated account back on; the row when it changed, as `markDeactivated`. */
export async function markReactivated(
  db: Executor,
  userId: number,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ deactivatedAt: null, deactivatedBy: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNotNull(users.deactivatedAt), isNull(users.purgedAt)))
    .returning();
  return row;
}

/**
 * Locks the active staff accounts (not turned off, not erased) and answers their ids: two
 * staff turning each other off at once take turns, and the second sees the first's change.
 */
export async function lockActiveStaff(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(users.isStaff, isNull(users.deactivatedAt), isNull(users.purgedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** A staff audit row with the usernames it names; null for an account erased or deleted. */
export type StaffAuditWithNames = StaffAuditRow & {
  actorUsername: string | null;
  targetUsername: string | null;
};

/** The audit log, newest first, optionally one action only. */
export async function staffAuditPage(
  db: Executor,
  action: StaffAction | undefined,
  window: { offset: number; limit: number } | undefined,
): Promise<{ count: number; results: StaffAuditWithNames[] }> {
  const where = action ? eq(staffAuditLog.action, action) : undefined;
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const [total] = await db.select({ count: count() }).from(staffAuditLog).where(where);
  const query = db
    .select({
      entry: staffAuditLog,
      actorUsername: actor.username,
      targetUsername: target.username,
    })
    .from(staffAuditLog)
    .leftJoin(actor, and(eq(actor.id, staffAuditLog.actorId), isNull(actor.purgedAt)))
    .leftJoin(target, and(eq(target.id, staffAuditLog.targetUserId), isNull(target.purgedAt)))
    .where(where)
    .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
    .$dynamic();
  const rows = await (window ? query.limit(window.limit).offset(window.offset) : query);
  return {
    count: total?.count ?? 0,
    results: rows.map((row) => ({
      ...row.entry,
      actorUsername: row.actorUsername,
      targetUsername: row.targetUsername,
    })),
  };
}
