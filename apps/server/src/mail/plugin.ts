import type { FastifyInstance } from 'fastify';
import { mailRoutes } from './routes.ts';

/** Mail: the staff's page of mail held in the outbox (mailer.ts) when there is no SMTP_URL. */
export async function mailPlugin(app: FastifyInstance): Promise<void> {
  await app.register(mailRoutes);
}
