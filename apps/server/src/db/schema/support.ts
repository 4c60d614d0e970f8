import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { Position, TicketKind, TicketStatus } from '@bullpen/contract/support';
import type { Language } from '@bullpen/contract/languages';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * Support and contact-sales tickets (spec section 3's payload). A signed-in sender's name and
 * email are copied from the account at the time of sending; `sender_address` is the client
 * address the rate limit counts.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<TicketKind>().notNull(),
    status: text().$type<TicketStatus>().notNull().default('open'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text().notNull(),
    position: text().$type<Position>(),
    schoolName: text('school_name'),
    description: text().notNull(),
    phone: text(),
    teacherParticipation: integer('anticipated_teacher_participation'),
    studentParticipation: integer('anticipated_student_participation'),
    language: text().$type<Language>().notNull(),
    senderAddress: text('sender_address').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    answeredAt: at('answered_at'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check(
      'support_tickets_kind',
      sql`${table.kind} in ('support', 'contact_sales', 'school_event')`,
    ),
    check('support_tickets_status', sql`${table.status} in ('open', 'answered')`),
    // The inbox: newest first, filtered by status.
    index('support_tickets_status_created_idx').on(table.status, table.createdAt.desc()),
    index('support_tickets_created_idx').on(table.createdAt.desc()),
    // The rate limit: recent tickets from one address.
    index('support_tickets_sender_created_idx').on(table.senderAddress, table.createdAt),
  ],
);

/**
 * Solved human checks (ALTCHA challenge nonces), kept until their challenge expires so that a
 * solution is accepted once on every server process; expired rows are swept as new ones come.
 */
export const usedHumanChecks = pgTable(
  'support_used_human_checks',
  {
    challengeId: text('challenge_id').primaryKey(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('support_used_human_checks_expires_idx').on(table.expiresAt)],
);
