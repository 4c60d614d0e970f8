import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/connection.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import type { Mailer, OutgoingMail } from '../platform/deps.ts';

/**
 * Every message is written to the outbox first. With SMTP_URL it then goes over SMTP;
 * without it, it is held there, for staff to read (`GET /api/staff/outbox/`), and the log says
 * only that a mail was held: its recipient, links and tokens stay out of the log unless
 * `logLinks` (MAIL_LOG_LINKS, a developer's own machine) asks for them.
 */
export function createMailer(options: {
  db: Database;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  logLinks?: boolean;
}): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;

  async function send(mail: OutgoingMail): Promise<void> {
    const [row] = await options.db
      .insert(mailOutbox)
      .values({
        recipient: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        aboutUserId: mail.about ?? null,
      })
      .returning({ id: mailOutbox.id });
    const id = row!.id;
    if (!transport) {
      if (options.logLinks)
        options.log.info(
          { mailId: id, to: mail.to, subject: mail.subject },
          `mail held in the outbox (MAIL_LOG_LINKS): ${mail.text}`,
        );
      else options.log.info({ mailId: id }, 'mail held in the outbox (no SMTP_URL)');
      await options.db
        .update(mailOutbox)
        .set({ status: 'held', sentAt: new Date() })
        .where(eq(mailOutbox.id, id));
      return;
    }
    try {
      await transport.sendMail({ from: options.from, ...mail });
      await options.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date() })
        .where(eq(mailOutbox.id, id));
    } catch (error) {
      // The user's request still succeeds: the message stays in the outbox marked failed.
      options.log.error({ err: error, mailId: id }, 'mail delivery failed');
      await options.db
        .update(mailOutbox)
        .set({ status: 'failed', error: String(error) })
        .where(eq(mailOutbox.id, id));
    }
  }

  return { send, close: () => transport?.close() };
}

/**
 * Deletes the outbox's copies of mail waiting for or sent to the address, whose bodies may name
 * the account holder: part of erasing an account (users/deletion.ts purgeUser), and a parent's
 * address once they decided on their child's account (auth/consent.ts).
 */
export async function forgetMailTo(db: Executor, address: string): Promise<void> {
  await db.delete(mailOutbox).where(sql`lower(${mailOutbox.recipient}) = lower(${address})`);
}

/**
 * Deletes the outbox's copies of mail sent to others that name the account (a teacher told
 * that a student's account is unused, or of a student's support message): part of erasing it.
 */
export async function forgetMailAbout(db: Executor, userId: number): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.aboutUserId, userId));
}
