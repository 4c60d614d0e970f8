import type { FastifyInstance } from 'fastify';
import { forgetMailAbout, forgetMailTo } from './mailer.ts';

/**
 * Mail: the outbox and its delivery (mailer.ts), the templates, and its part of erasing an
 * account. The staff's page of held mail is an auth route (auth/outbox-routes.ts).
 */
export async function mailPlugin(app: FastifyInstance): Promise<void> {
  // Mail to the person, to their parent's address if consent was still pending, and the
  // copies of mail to others (their teachers, the support team) that name them.
  app.deps.erasure.erase('mail', async (tx, account) => {
    if (account.email) await forgetMailTo(tx, account.email);
    if (account.parentEmail) await forgetMailTo(tx, account.parentEmail);
    await forgetMailAbout(tx, account.id);
  });
}
