import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appstoreSchema, type Appstore } from '@bullpen/contract/content';
import { api } from '@bullpen/contract/routes';

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
    api.appstore.pattern,
    { schema: { tags: ['content'], response: { 200: appstoreSchema } } },
    async () => appstoreBanner,
  );
}
