import { RETENTION_WARNING_DAYS } from '@bullpen/contract/privacy';
import { publicPaths } from '@bullpen/contract/routes';
import { inactivityWarningEmail } from '../mail/templates.ts';
import type { Deps } from '../platform/deps.ts';
import { purgeUser } from './deletion.ts';
import type { UserRow } from './presenter.ts';
import {
  claimRetentionWarning,
  type InactiveAccount,
  inactiveAccounts,
  releaseRetentionWarning,
} from './queries.ts';

const DAY_MS = 86_400_000;
const BATCH = 100;

/** The instants one run measures accounts against. */
type Deadlines = {
  /** Unused since then: the account is due for erasure (RETENTION_INACTIVE_DAYS ago). */
  eraseIfUnusedSince: Date;
  /** Unused since then: its address is warned (RETENTION_WARNING_DAYS before the erasure). */
  warnIfUnusedSince: Date;
  /** Warned before then: the warning's full lead time has passed. */
  warnedBefore: Date;
};

function deadlinesAt(now: Date, inactiveDays: number): Deadlines {
  const erase = now.getTime() - inactiveDays * DAY_MS;
  return {
    eraseIfUnusedSince: new Date(erase),
    warnIfUnusedSince: new Date(erase + RETENTION_WARNING_DAYS * DAY_MS),
    warnedBefore: new Date(now.getTime() - RETENTION_WARNING_DAYS * DAY_MS),
  };
}

/**
 * Accounts other rules look after: staff, and accounts waiting for a parent's consent
 * (auth/consent.ts) or for a requested erasure (users/deletion.ts). `inactiveAccounts` leaves
 * them out of its batches too; this is asked again under the row lock.
 */
function leftToOtherRules(
  account: Pick<UserRow, 'isStaff' | 'consentStatus' | 'deletionDueAt'>,
): boolean {
  return account.isStaff || account.consentStatus === 'pending' || account.deletionDueAt !== null;
}

/**
 * Whether an unused account may be erased now: unused long enough, and warned (its address,
 * or for an account a teacher made by name, its teachers) at least RETENTION_WARNING_DAYS ago.
 */
function dueForErasure(
  account: Pick<
    UserRow,
    'email' | 'lastActiveAt' | 'retentionWarnedAt' | 'isStaff' | 'consentStatus' | 'deletionDueAt'
  >,
  deadlines: Deadlines,
): boolean {
  if (leftToOtherRules(account)) return false;
  if (account.lastActiveAt > deadlines.eraseIfUnusedSince) return false;
  return account.retentionWarnedAt !== null && account.retentionWarnedAt <= deadlines.warnedBefore;
}

/**
 * Tells when the account will be erased, once: its address, or for an account without one its
 * teachers (deps.erasure.tellOfUnused; an account in no class tells nobody and still waits the
 * lead time). The warning is claimed first, so runs in two processes send one mail. The
 * erasure day is the later of the inactivity deadline and a full lead time from now (an
 * account found late still gets its whole warning).
 */
async function warn(
  deps: Deps,
  account: InactiveAccount,
  deadlines: Deadlines,
  now: Date,
  inactiveDays: number,
): Promise<boolean> {
  if (!(await claimRetentionWarning(deps.db, account.id, deadlines.warnIfUnusedSince, now))) {
    return false;
  }
  const deletesOn = new Date(
    Math.max(
      account.lastActiveAt.getTime() + inactiveDays * DAY_MS,
      now.getTime() + RETENTION_WARNING_DAYS * DAY_MS,
    ),
  );
  try {
    if (account.email === null) {
      await deps.erasure.tellOfUnused(account, deletesOn);
      return true;
    }
    await deps.mailer.send({
      to: account.email,
      ...inactivityWarningEmail(account.language, account.firstName, {
        username: account.username,
        lastActiveAt: account.lastActiveAt,
        deletesOn,
        url: `${deps.config.publicUrl}${publicPaths.login}`,
      }),
    });
  } catch (error) {
    // Not written to the outbox: not everyone was told, so the next run warns again.
    await releaseRetentionWarning(deps.db, account.id, now);
    throw error;
  }
  return true;
}

export type InactivityRun = { warned: number; erased: number };

/**
 * The retention job's part for accounts (docs/decisions/034-retention.md): an account unused
 * for `inactiveDays` is erased the way a requested deletion is (purgeUser). Its address, or for
 * an account a teacher made by name its teachers, is mailed RETENTION_WARNING_DAYS before, and
 * it is erased only once that warning is as old; any use
 * meanwhile (auth/authenticate.ts) clears the warning and keeps it. Staff accounts, accounts
 * waiting for a parent's consent or for a requested erasure are left to their own rules, and a
 * teacher who still has classes keeps the account until the classes are deleted.
 */
export async function warnAndEraseInactiveAccounts(
  deps: Deps,
  now: Date,
  inactiveDays = deps.config.retention.inactiveDays,
): Promise<InactivityRun> {
  const deadlines = deadlinesAt(now, inactiveDays);
  const run: InactivityRun = { warned: 0, erased: 0 };
  let afterId = 0;
  for (;;) {
    const batch = await inactiveAccounts(deps.db, deadlines.warnIfUnusedSince, afterId, BATCH);
    if (batch.length === 0) return run;
    afterId = batch[batch.length - 1]!.id;
    for (const account of batch) {
      // What would refuse the owner's own request (a teacher's classes) keeps it here too.
      if (await deps.erasure.refusal(deps.db, account)) continue;
      if (account.retentionWarnedAt === null) {
        if (await warn(deps, account, deadlines, now, inactiveDays)) run.warned += 1;
        continue;
      }
      if (!dueForErasure(account, deadlines)) continue;
      // Asked again under the row lock: a sign-in since the batch was read saves the account.
      const erased = await purgeUser(deps, account.id, now, (user) =>
        dueForErasure(user, deadlines),
      );
      if (erased) run.erased += 1;
    }
  }
}
