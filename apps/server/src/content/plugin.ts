import type { FastifyInstance } from 'fastify';
import { contentRoutes } from './routes.ts';
import { loadArticles } from './service.ts';

/**
 * Content: the app-store banner and the external content service (flyers from
 * `<CONTENT_DIR>/articles/`, public lessons from learn). It owns no table; the articles are
 * read and checked once at start-up (a problem stops the start) and kept in memory.
 */
export async function contentPlugin(app: FastifyInstance): Promise<void> {
  const articles = await loadArticles(app.deps.db, app.deps.config.contentDir);
  app.log.info(`content: ${articles.all.length} articles`);
  await app.register(contentRoutes, { articles });
}
