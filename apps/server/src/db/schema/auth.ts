import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The tables the auth domain owns: one-time tokens, signed-in and ended sessions, sign-in
 * throttles.
 */

/**
 * Single-use, expiring tokens for email verification, password reset and email changes,
 * stored hashed. `email` is the address a change_email token moves to, or the address an
 * undo_email_change token restores.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({
      enum: [
        'verify_email',
        'reset_password',
        'change_email',
        'undo_email_change',
        'parent_consent',
      ],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_tokens_hash_key').on(table.tokenHash),
    index('user_tokens_user_idx').on(table.userId, table.purpose),
    // Expired tokens are deleted by the retention job (privacy/retention.ts).
    index('user_tokens_expiry_idx').on(table.expiresAt),
  ],
);

/**
 * Each signed-in session, for its owner's settings page only: which device (a short summary of
 * the user agent, never the full string or an address) and when last seen. A row goes when its
 * session is ended, at the first sign-in by anyone after it expired, or with its user. `token_version` is the
 * user's at sign-in, so sessions a new password ended are not listed.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenId: text('token_id').notNull(),
    tokenVersion: integer('token_version').notNull(),
    device: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('user_sessions_token_key').on(table.tokenId),
    index('user_sessions_user_idx').on(table.userId),
    index('user_sessions_expiry_idx').on(table.expiresAt),
  ],
);

/** Sessions ended by logout: their token id is refused until the token would have expired. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenId: text('token_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('revoked_tokens_expiry_idx').on(table.expiresAt)],
);

/**
 * Failed sign-ins per throttle key: an account for clients without its device cookie
 * (`user:<id>`), an unknown login name (`login:<name>`), or one device cookie
 * (`device:<nonce>`). After a few, further attempts wait a growing delay. A correct password
 * clears the row; a quiet hour forgets it.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * What failed from which client address, for the per-address limits: `scope` 'login' holds
 * the throttle keys that failed a sign-in (accounts, not attempts, so one pupil guessing at one
 * account never blocks the school's address); 'signup' holds the usernames a sign-up from it
 * was told are taken. Rows older than the window are deleted whenever one is recorded.
 */
export const addressFailures = pgTable(
  'address_failures',
  {
    scope: text({ enum: ['login', 'signup'] }).notNull(),
    address: text().notNull(),
    key: text().notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.address, table.key] }),
    index('address_failures_time_idx').on(table.lastFailureAt),
  ],
);

/**
 * The school accounts (OpenID Connect) an account signs in with: the issuer and its stable
 * subject (`sub`) for the user, so a changed address still finds the account. Seen only by the
 * server; the owner's export lists the issuers. Deleted with the account (auth/plugin.ts).
 */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text().notNull(),
    subject: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oidc_identities_issuer_subject_key').on(table.issuer, table.subject),
    index('oidc_identities_user_idx').on(table.userId),
  ],
);
