import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connection.ts';
import { mailOutbox } from '../db/schema/mail.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

/**
 * Every message is written to the outbox first. With SMTP_URL it then goes over SMTP;
 * without it, the server log carries it, so verification and reset links work on the
 * embedded default with no mail server at all.
 */
export function createMailer(options: {
  db: Database;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
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
      })
      .returning({ id: mailOutbox.id });
    const id = row!.id;
    if (!transport) {
      options.log.info(
        { mailId: id, to: mail.to, subject: mail.subject },
        `mail (outbox): ${mail.text}`,
      );
      await options.db
        .update(mailOutbox)
        .set({ status: 'logged', sentAt: new Date() })
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
 * Deletes the outbox's copies of the messages sent to an address that may be kept no longer
 * (a parent's, once they decided on their child's account: users/consent.ts).
 */
export async function forgetMailTo(db: Database, address: string): Promise<void> {
  await db.delete(mailOutbox).where(sql`lower(${mailOutbox.recipient}) = lower(${address})`);
}
