import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@bullpen/contract/languages';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * Who follows which child (guardians/service.ts). A guardian reads the child's summary only
 * while the row exists: stopping to follow, or the child or their teacher revoking, deletes
 * it; deleting either account deletes it (the cascade, and the guardians erasure step).
 * `deletion_requested_at`: the guardian asked to delete a teacher-made child's account and
 * the school has not confirmed yet. Seen by the guardian, the child and the child's teachers.
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    deletionRequestedAt: at('deletion_requested_at'),
  },
  (table) => [
    uniqueIndex('guardian_links_pair_key').on(table.guardianId, table.childId),
    index('guardian_links_child_idx').on(table.childId),
  ],
);

/**
 * An invitation mailed to a parent's address: the token is stored only as its hash
 * (auth/one-time-tokens.ts) and names the one child it links. The address is kept until the
 * invitation is accepted or expires (GUARDIAN_INVITATION_DAYS); the retention job deletes
 * expired and accepted rows a day after (privacy/retention.ts), and deleting the child or the
 * inviter deletes them. Rows of the last day also count the child's invitations per day.
 */
export const guardianInvitations = pgTable(
  'guardian_invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    childId: integer('child_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    language: text({ enum: LANGUAGES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
  },
  (table) => [
    uniqueIndex('guardian_invitations_token_key').on(table.tokenHash),
    index('guardian_invitations_child_idx').on(table.childId, table.createdAt),
    index('guardian_invitations_expires_idx').on(table.expiresAt),
    index('guardian_invitations_email_idx').on(sql`lower(${table.email})`),
  ],
);

/**
 * What a child chose to show their guardians beyond the summary: their résumé's comments
 * (off until the child turns it on). No row: the defaults. Deleted with the child.
 */
export const guardianSharing = pgTable('guardian_sharing', {
  childId: integer('child_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shareResumeComments: boolean('share_resume_comments').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
