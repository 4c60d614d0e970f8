import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { appstoreSchema, healthSchema, type Appstore } from '@bullpen/contract/content';
import { api } from '@bullpen/contract/routes';
import { AppError } from '../platform/errors.ts';

/** The banner for the real-trading app (spec section 1): adults only, and it says so. */
const appstoreBanner: Appstore = {
  title: 'Ready to invest for real?',
  description:
    'Grown-ups can take what they learned here to a real brokerage app. Real money carries real risk.',
  url: 'https://apps.apple.com/',
  button_text: 'See the app on the App Store',
  age_notice: 'For adults 18 and over only.',
};

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    api.appstore,
    { schema: { tags: ['content'], response: { 200: appstoreSchema } } },
    async () => appstoreBanner,
  );

  route.get(
    api.health,
    { schema: { tags: ['platform'], response: { 200: healthSchema } } },
    async () => {
      try {
        await app.deps.db.execute(sql`select 1`);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database is not answering');
        throw new AppError(503, { error: 'The database is not answering.' });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
}
