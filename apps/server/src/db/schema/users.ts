import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    avatarPath: text('avatar_path'),
    isTeacher: boolean('is_teacher').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Raised on logout and password change: every token signed with an older value dies.
    tokenVersion: integer('token_version').notNull().default(0),
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
  ],
);

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
      enum: ['verify_email', 'reset_password', 'change_email', 'undo_email_change'],
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
 * Failed sign-ins per account (or per unknown login name): after a few, further attempts wait
 * a growing delay. A correct password after the delay clears the row.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
