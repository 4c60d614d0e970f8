import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { classrooms } from './classrooms.ts';
import { users } from './users.ts';

/**
 * Rosters in (apps/server/src/rosters, docs/decisions/042-rosters.md). The school's
 * information system names people and classes by `sourcedId`; these rows remember which
 * Bullpen account and class each one became, so a second import of the same files changes
 * nothing. Seen by nobody but the import itself and the person's data export.
 */

/**
 * A roster person (student or teacher) and the account they are. Erasing the account deletes
 * the row (the rosters erasure step; the tombstoned user row stays, so no cascade does it).
 */
export const rosterUsers = pgTable(
  'roster_users',
  {
    sourcedId: text('sourced_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('roster_users_user_idx').on(table.userId)],
);

/** A roster class and the Bullpen class it is; deleting the class deletes the row. */
export const rosterClasses = pgTable(
  'roster_classes',
  {
    sourcedId: text('sourced_id').primaryKey(),
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('roster_classes_classroom_idx').on(table.classroomId)],
);

/**
 * An invitation an import mailed to a student with an address and no account: a later import
 * does not mail it again while the row lives (ROSTER_INVITATION_DAYS; the retention job
 * deletes older rows). Deleting the class deletes it; erasing an account with this address too.
 */
export const rosterInvitations = pgTable(
  'roster_invitations',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.classroomId, table.email] }),
    index('roster_invitations_email_idx').on(table.email),
  ],
);

/**
 * The import log: who applied which files (their digest) and what it changed, in counts only
 * (no names). Kept ROSTER_IMPORT_LOG_DAYS (the retention job); erasing the importer deletes
 * their rows; listed in the importer's data export.
 */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text().notNull(),
    digest: text().notNull(),
    counts: jsonb().notNull().$type<Record<string, Record<string, number>>>(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('roster_imports_actor_idx').on(table.actorId),
    index('roster_imports_created_idx').on(table.createdAt),
  ],
);
