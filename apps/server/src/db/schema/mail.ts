import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message the product sends: `sent` over SMTP, or `held` here when there is no SMTP_URL
 * (staff read held mail at `GET /api/staff/outbox/`). Kept MAIL_RETENTION_DAYS.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text().notNull(),
    subject: text().notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text({ enum: ['queued', 'sent', 'held', 'failed'] })
      .notNull()
      .default('queued'),
    error: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The account the mail names when it is sent to someone else (OutgoingMail.about). */
    aboutUserId: integer('about_user_id'),
  },
  (table) => [
    index('mail_outbox_recipient_idx').on(table.recipient, table.createdAt),
    index('mail_outbox_about_idx').on(table.aboutUserId),
    // The retention job deletes copies older than MAIL_RETENTION_DAYS (privacy/retention.ts).
    index('mail_outbox_created_idx').on(table.createdAt),
  ],
);

/**
 * One row per invitation mail (contests, classrooms): what the hourly limits per sender and
 * per target (`contest:12`, `classroom:3`) count. Kept a day, then swept.
 */
export const invitationSends = pgTable(
  'invitation_sends',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    senderId: integer('sender_id').notNull(),
    target: text().notNull(),
    recipient: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invitation_sends_sender_idx').on(table.senderId, table.createdAt),
    index('invitation_sends_target_idx').on(table.target, table.createdAt),
  ],
);
