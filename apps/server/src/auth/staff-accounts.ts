import {
  staffMessages,
  type StaffAction,
  type StaffUserRole,
  type StaffUserStatus,
} from '@bullpen/contract/users';
import { deleteSessionsOf } from './queries.ts';
import type { Database } from '../db/connection.ts';
import type { Deps } from '../platform/deps.ts';
import { badRequest, notFound } from '../platform/errors.ts';
import type { StaffAccount, UserRow } from '../users/presenter.ts';
import { heldMail } from '../mail/service.ts';
import { findUserById, insertStaffAudit } from '../users/queries.ts';
import {
  accountPage,
  findAccountWithDeactivator,
  lockActiveStaff,
  markDeactivated,
  markReactivated,
  staffAuditPage,
} from '../users/staff-queries.ts';

/**
 * Staff and the accounts of their school (docs/decisions/035-staff-accounts.md): the list of
 * accounts, turning one off and on again, and the audit log of what staff did.
 */

/** An account's state for staff, first match wins (the contract's STAFF_USER_STATUSES). */
export function accountsForStaff(
  db: Database,
  filter: { search?: string; role?: StaffUserRole; status?: StaffUserStatus },
  window: { offset: number; limit: number },
): Promise<{ count: number; results: StaffAccount[] }> {
  return accountPage(db, filter, window);
}

/**
 * A staff member turns an account off or on again. Off: it cannot sign in, every session
 * ends at once (the token version rises and the session rows go), and open sockets lose their
 * private channels at their next check. Each change writes one audit row in the same
 * transaction; a request that changes nothing (turning off an account already off) writes none.
 * Staff cannot turn themselves off, nor the last active staff account.
 */
export async function setAccountActive(
  deps: Pick<Deps, 'db' | 'sessions'>,
  staff: UserRow,
  userId: number,
  active: boolean,
  now: Date,
): Promise<StaffAccount> {
  if (!active && userId === staff.id) throw badRequest(staffMessages.deactivateSelf);
  await deps.db.transaction(async (tx) => {
    const target = await findUserById(tx, userId);
    if (!target || target.purgedAt) throw notFound(staffMessages.userNotFound);
    if (!active && target.isStaff) {
      const others = (await lockActiveStaff(tx)).filter((id) => id !== userId);
      if (others.length === 0) throw badRequest(staffMessages.lastStaff);
    }
    const changed = active
      ? await markReactivated(tx, userId, now)
      : await markDeactivated(tx, userId, staff.id, now);
    if (!changed) return;
    // The settings page lists no session of a deactivated account.
    if (!active) await deleteSessionsOf(tx, userId);
    await insertStaffAudit(tx, {
      actorId: staff.id,
      action: active ? 'user.reactivate' : 'user.deactivate',
      targetUserId: userId,
      at: now,
    });
  });
  // This process's cached sessions see it at once; others hear it by NOTIFY.
  deps.sessions.dropUser(userId);
  const account = await findAccountWithDeactivator(deps.db, userId);
  if (!account) throw notFound(staffMessages.userNotFound);
  return account;
}

export function staffAudit(
  db: Database,
  action: StaffAction | undefined,
  window: { offset: number; limit: number },
) {
  return staffAuditPage(db, action, window);
}

/**
 * Every audit row (one action, or all), newest first, for the CSV download; the download is
 * itself recorded, in the same transaction as the read.
 */
/**
 * A page of the mail held in the outbox (no SMTP_URL). The messages go to children and parents
 * and carry sign-in links, so each read is recorded in the audit log with the page read.
 */
export function readHeldMail(
  db: Database,
  staff: UserRow,
  window: { offset: number; limit: number },
  now: Date,
) {
  return db.transaction(async (tx) => {
    await insertStaffAudit(tx, {
      actorId: staff.id,
      action: 'outbox.read',
      targetUserId: null,
      at: now,
    });
    return heldMail(tx, window);
  });
}

export async function exportStaffAudit(
  db: Database,
  staff: UserRow,
  action: StaffAction | undefined,
  now: Date,
) {
  return db.transaction(async (tx) => {
    await insertStaffAudit(tx, {
      actorId: staff.id,
      action: 'audit_log.export',
      targetUserId: null,
      at: now,
    });
    return (await staffAuditPage(tx, action, undefined)).results;
  });
}
