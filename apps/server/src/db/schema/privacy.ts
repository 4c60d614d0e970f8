import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ExportStatus } from '@bullpen/contract/privacy';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * "Download my data" jobs. `user_id` is whose data it is, `requested_by` who asked (the user,
 * or their teacher) and the only one who may download it. The gathered document is kept here,
 * seen by the requester alone, until `expires_at` (24 h); the next export job deletes expired
 * rows, and deleting either user deletes the row.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<ExportStatus>().notNull().default('pending'),
    progress: integer().notNull().default(0),
    document: jsonb().$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    check('data_exports_status', sql`${table.status} in ('pending', 'ready', 'failed')`),
    check('data_exports_progress', sql`${table.progress} between 0 and 100`),
    // One running job per requester and subject: asking again while it runs returns it.
    uniqueIndex('data_exports_running_key')
      .on(table.requestedBy, table.userId)
      .where(sql`${table.status} = 'pending'`),
    index('data_exports_expires_idx').on(table.expiresAt),
  ],
);
