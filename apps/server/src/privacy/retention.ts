import {
  MAIL_RETENTION_DAYS,
  STAFF_AUDIT_RETENTION_DAYS,
  SUPPORT_TICKET_RETENTION_DAYS,
} from '@bullpen/contract/privacy';
import { deleteExpiredAuthRows } from '../auth/queries.ts';
import { deleteOldInvitationSends } from '../mail/invitations.ts';
import { deleteMailBefore } from '../mail/queries.ts';
import { deleteOldNotifications } from '../notifications/service.ts';
import { deleteEndedAttemptWindows } from '../platform/attempt-limits.ts';
import type { Deps } from '../platform/deps.ts';
import { advanceSetting, readSetting, writeSetting } from '../platform/settings.ts';
import { deleteExpiredHumanChecks, deleteTicketsSettledBefore } from '../support/queries.ts';
import { type InactivityRun, warnAndEraseInactiveAccounts } from '../users/inactivity.ts';
import { deleteStaffAuditBefore } from '../users/queries.ts';
import { deleteEndedCheckWindows } from '../zogo/queries.ts';
import { deleteExpiredExports } from './queries.ts';

const DAY_MS = 86_400_000;

/** The `app_settings` row holding the last UTC day a process claimed the run of. */
export const RETENTION_DAY_SETTING = 'privacy:retention-day';
/** The `app_settings` row holding the last finished run's time and counts (staff's home). */
export const RETENTION_LAST_RUN_SETTING = 'privacy:retention-last-run';

/** What the staff's home shows of a finished run: counts only, never whose. */
export type RetentionRecord = {
  finishedAt: string;
  deleted: number;
  warned: number;
  erased: number;
};

/**
 * A later domain's part of the daily run (guardians' expired invitations): deletes what is due
 * by `now`, answers how many rows went. Registered through the privacy plugin's `app.privacy`.
 */
export type RetentionStep = (db: Deps['db'], now: Date) => Promise<number>;

export type RetentionRun = {
  accounts: InactivityRun;
  /** Rows the registered steps of later domains deleted, by domain. */
  domains?: Record<string, number>;
  /** Rows deleted, by kind. */
  deleted: {
    authRows: number;
    attemptWindows: number;
    checkWindows: number;
    exports: number;
    mail: number;
    invitationSends: number;
    tickets: number;
    humanChecks: number;
    notifications: number;
    staffAudit: number;
  };
};

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Deletes what the privacy policy says is kept no longer (docs/decisions/034-retention.md):
 * unused accounts after their warning, expired links, sessions and throttle rows, downloads
 * past their day, old outbox copies, settled support tickets, old notifications and old staff
 * audit lines. Each step asks the owning domain and is safe to repeat.
 */
export async function applyRetention(
  deps: Deps,
  now: Date,
  steps: ReadonlyMap<string, RetentionStep> = new Map(),
): Promise<RetentionRun> {
  const { db } = deps;
  const accounts = await warnAndEraseInactiveAccounts(deps, now);
  const domains: Record<string, number> = {};
  for (const [domain, step] of steps) domains[domain] = await step(db, now);
  return {
    accounts,
    domains,
    deleted: {
      authRows: await deleteExpiredAuthRows(db, now, deps.config.loginLimits.windowSeconds * 1000),
      attemptWindows: await deleteEndedAttemptWindows(db, now),
      checkWindows: await deleteEndedCheckWindows(db, now),
      exports: await deleteExpiredExports(db, now),
      mail: await deleteMailBefore(db, before(now, MAIL_RETENTION_DAYS)),
      invitationSends: await deleteOldInvitationSends(db, now),
      tickets: await deleteTicketsSettledBefore(db, before(now, SUPPORT_TICKET_RETENTION_DAYS)),
      humanChecks: await deleteExpiredHumanChecks(db, now),
      notifications: await deleteOldNotifications(db, now),
      staffAudit: await deleteStaffAuditBefore(db, before(now, STAFF_AUDIT_RETENTION_DAYS)),
    },
  };
}

/**
 * The job's tick: the first process to claim the UTC day runs it, every other skips it (null).
 * A run cut short is finished by the next day's, which finds the same rows due.
 */
export async function runRetention(
  deps: Deps,
  now: Date,
  steps?: ReadonlyMap<string, RetentionStep>,
): Promise<RetentionRun | null> {
  const day = now.toISOString().slice(0, 10);
  if (!(await advanceSetting(deps.db, RETENTION_DAY_SETTING, day))) return null;
  const run = await applyRetention(deps, now, steps);
  await recordRetentionRun(deps, run, new Date());
  return run;
}

export async function recordRetentionRun(deps: Deps, run: RetentionRun, finishedAt: Date) {
  const record: RetentionRecord = {
    finishedAt: finishedAt.toISOString(),
    deleted: [...Object.values(run.deleted), ...Object.values(run.domains ?? {})].reduce(
      (sum, rows) => sum + rows,
      0,
    ),
    warned: run.accounts.warned,
    erased: run.accounts.erased,
  };
  await writeSetting(deps.db, RETENTION_LAST_RUN_SETTING, JSON.stringify(record));
}

/** The last finished run, or null before the first. */
export async function lastRetentionRun(deps: Pick<Deps, 'db'>): Promise<RetentionRecord | null> {
  const value = await readSetting(deps.db, RETENTION_LAST_RUN_SETTING);
  return value === null ? null : (JSON.parse(value) as RetentionRecord);
}
