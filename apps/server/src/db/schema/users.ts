import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@bullpen/contract/languages';
import { CONSENT_STATUSES, STAFF_ACTIONS } from '@bullpen/contract/users';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    /**
     * Null for a student a teacher added by name (no email: how under-13s join, COPPA); such
     * an account signs in with its generated username and password.
     */
    email: text(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    avatarPath: text('avatar_path'),
    isTeacher: boolean('is_teacher').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    /**
     * An account made from a guardian's invitation (guardians/service.ts): a parent who sees
     * their children's progress read-only and has no classes, contests or board of their own.
     */
    isGuardian: boolean('is_guardian').notNull().default(false),
    // The language of the user's mail and, on a device with no choice of its own, of the app.
    language: text({ enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Raised on logout and password change: every token signed with an older value dies.
    tokenVersion: integer('token_version').notNull().default(0),
    /** The teacher who created this account by name (no email); they may reset its password. */
    createdByTeacherId: integer('created_by_teacher_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /**
     * A teacher may award points and define rewards only once trusted (users/policies.ts
     * isTrustedTeacher): approved by staff, or a verified address on a school domain the
     * operator allows (TEACHER_EMAIL_DOMAINS). Docs: docs/decisions/028-trusted-teachers.md.
     */
    teacherTrustedAt: timestamp('teacher_trusted_at', { withTimezone: true }),
    /** The staff member who approved the teacher; null when the address's domain trusted them. */
    teacherTrustedBy: integer('teacher_trusted_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /**
     * The day the account holder turns 13, from the date of birth given at sign-up (which is
     * not kept); null for 13 or older then, and for accounts older than the question. Only
     * the server reads it, to keep under-13s out of public contests (users/age.ts isUnder13).
     */
    under13Until: date('under_13_until', { mode: 'string' }),
    /**
     * Set when the owner asks to delete the account (auth/deletion-requests.ts): signing in before
     * `deletionDueAt` clears both; after it the purge job erases the account.
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    /**
     * When the account was erased: the row stays as a nameless tombstone so the ledgers that
     * point at it still add up (docs/decisions/033-account-deletion.md).
     */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    /**
     * A parent's consent (COPPA): 'pending' for an under-13 who signed up directly, until a
     * parent grants it (then 'granted') or refuses it (the account is deleted); 'school' for
     * an account a teacher made (the school consents for the parent); null when none is needed.
     * A pending account reaches only its consent routes (auth/consent.ts).
     */
    consentStatus: text('consent_status', { enum: CONSENT_STATUSES }),
    /**
     * The address the consent request went to: kept only while consent is pending (cleared
     * once decided), read only by the server; the child sees it masked.
     */
    parentEmail: text('parent_email'),
    /** When the consent request was last mailed: the child may resend or correct it hourly. */
    parentMailedAt: timestamp('parent_mailed_at', { withTimezone: true }),
    /**
     * When the account was last used: set at sign-in and by a signed-in request at most once a
     * day (auth/authenticate.ts). An account unused for RETENTION_INACTIVE_DAYS is erased
     * (privacy/retention.ts).
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the account's address was warned of that erasure; any use clears it. */
    retentionWarnedAt: timestamp('retention_warned_at', { withTimezone: true }),
    /**
     * Set when staff turn the account off (auth/staff-accounts.ts): it cannot sign in and
     * every session ended then; reactivating clears both. Docs: docs/decisions/035-staff-accounts.md.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The staff member who turned it off; null once they are gone. */
    deactivatedBy: integer('deactivated_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    // Only a verified address is taken: an unverified sign-up cannot squat somebody's address.
    uniqueIndex('users_verified_email_lower_key')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.emailVerifiedAt} is not null`),
    index('users_email_lower_idx').on(sql`lower(${table.email})`),
    // The purge job's hourly scan.
    index('users_deletion_due_idx')
      .on(table.deletionDueAt)
      .where(sql`${table.deletionDueAt} is not null`),
    // The retention job's daily scan of accounts left unused.
    index('users_last_active_idx')
      .on(table.lastActiveAt)
      .where(sql`${table.purgedAt} is null`),
    // The daily sweep deletes pending accounts once the consent window closes.
    index('users_consent_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.consentStatus} = 'pending'`),
    check(
      'users_consent_status',
      sql`${table.consentStatus} is null or ${table.consentStatus} in ('pending', 'granted', 'school')`,
    ),
    // The staff page lists teachers by trust, newest first.
    index('users_teachers_trusted_idx')
      .on(table.teacherTrustedAt, table.createdAt.desc())
      .where(sql`${table.isTeacher}`),
  ],
);

export { STAFF_ACTIONS, type StaffAction } from '@bullpen/contract/users';

/**
 * What staff did to whom, and when: one row per change, never edited. Only staff read it; it
 * holds ids and an action name, no free text, and is kept STAFF_AUDIT_RETENTION_DAYS
 * (privacy/retention.ts).
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text({ enum: STAFF_ACTIONS }).notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'staff_audit_log_action',
      sql`${table.action} in ('teacher.trust', 'teacher.revoke', 'user.deactivate', 'user.reactivate', 'audit_log.export', 'outbox.read')`,
    ),
    index('staff_audit_log_target_idx').on(table.targetUserId, table.at),
    // The staff's audit page reads it newest first.
    index('staff_audit_log_at_idx').on(table.at.desc(), table.id.desc()),
  ],
);
