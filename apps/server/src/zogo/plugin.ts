import type { FastifyInstance } from 'fastify';
import { lessonIdsBySlug } from '../learn/service.ts';
import type { DomainOptions } from '../platform/domain.ts';
import { loadModulesOnce, syncModules } from './content-service.ts';
import { zogoRoutes } from './routes.ts';
import { zogoTokenKey } from './token.ts';

export type ZogoDecorator = {
  /** The clock learn-and-earn tokens are made and checked by; tests replace `now`. */
  clock: { now: () => Date };
};

declare module 'fastify' {
  interface FastifyInstance {
    zogo: ZogoDecorator;
  }
}

/**
 * Learn and earn: at start-up the module files (`CONTENT_DIR/modules`) are read, checked
 * against the lessons learn has just synced, and upserted; any problem stops the start with
 * the whole list (a ContentError). Registered after learn and points.
 */
export async function zogoPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  const { db, config, signingKey } = app.deps;
  const started = performance.now();
  const lessonIds = await lessonIdsBySlug(db);
  const summary = await syncModules(
    db,
    await loadModulesOnce(db, config.contentDir, new Set(lessonIds.keys())),
    lessonIds,
  );
  app.log.info(
    { ...summary, ms: Math.round(performance.now() - started) },
    `modules: ${summary.modules} modules, ${summary.skills} skills (${summary.written} written, ${summary.retired} retired)`,
  );
  const clock = { now: options.now ?? (() => new Date()) };
  app.decorate('zogo', { clock } satisfies ZogoDecorator);
  await app.register(zogoRoutes, { clock, tokenKey: zogoTokenKey(signingKey) });
}
