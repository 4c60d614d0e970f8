import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appstoreSchema, type Appstore } from '@bullpen/contract/content';
import {
  articleParams,
  articleSchema,
  blogCardPageSchema,
  contentPageQuery,
} from '@bullpen/contract/learn';
import { api } from '@bullpen/contract/routes';
import { pageOf, paginate, pageWindow } from '../platform/pagination.ts';
import {
  presentFlyer,
  presentFlyerCard,
  presentLessonArticle,
  presentLessonArticleCard,
} from './presenter.ts';
import { publicLessons, requireFlyer, requirePublicLesson, type ArticleStore } from './service.ts';

/** The banner for the real-trading app (spec section 1): adults only, and it says so. */
const appstoreBanner: Appstore = {
  title: 'Ready to invest for real?',
  description:
    'Grown-ups can take what they learned here to a real brokerage app. Real money carries real risk.',
  url: 'https://apps.apple.com/',
  button_text: 'See the app on the App Store',
  age_notice: 'For adults 18 and over only.',
};

/** Unauthenticated: the app-store banner and the external content service. */
export async function contentRoutes(
  app: FastifyInstance,
  options: { articles: ArticleStore },
): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['content'];
  const security: [] = [];

  route.get(
    api.appstore.pattern,
    { schema: { tags, response: { 200: appstoreSchema } } },
    async () => appstoreBanner,
  );

  route.get(
    api.flyers.pattern,
    {
      schema: {
        tags,
        security,
        querystring: contentPageQuery,
        response: { 200: blogCardPageSchema },
      },
    },
    async (request) =>
      paginate(
        options.articles.all.map(presentFlyerCard),
        request.query,
        request.url,
        config.publicUrl,
      ),
  );

  route.get(
    api.flyer.pattern,
    { schema: { tags, security, params: articleParams, response: { 200: articleSchema } } },
    async (request) => presentFlyer(requireFlyer(options.articles, request.params.alias)),
  );

  route.get(
    api.publicLessons.pattern,
    {
      schema: {
        tags,
        security,
        querystring: contentPageQuery,
        response: { 200: blogCardPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await publicLessons(db, pageWindow(request.query));
      return pageOf(
        results.map(presentLessonArticleCard),
        count,
        request.query,
        request.url,
        config.publicUrl,
      );
    },
  );

  route.get(
    api.publicLesson.pattern,
    { schema: { tags, security, params: articleParams, response: { 200: articleSchema } } },
    async (request) => presentLessonArticle(await requirePublicLesson(db, request.params.alias)),
  );
}
