import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every message the product sends, whether it went over SMTP or only to the log. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text().notNull(),
    subject: text().notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text({ enum: ['queued', 'sent', 'logged', 'failed'] })
      .notNull()
      .default('queued'),
    error: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('mail_outbox_recipient_idx').on(table.recipient, table.createdAt)],
);
