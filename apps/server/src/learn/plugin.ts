import type { FastifyInstance } from 'fastify';
import { readGlossary } from './content-files.ts';
import { glossaryTerms } from './glossary.ts';
import { learnRoutes } from './routes.ts';
import { loadCurriculumOnce, syncCurriculum } from './service.ts';

/**
 * Learn: courses, lessons and quizzes. At start-up the curriculum files (`CONTENT_DIR`, by
 * default `content/`) are read, checked and upserted; any problem in them stops the start
 * with the whole list (a ContentError).
 */
export async function learnPlugin(app: FastifyInstance): Promise<void> {
  const started = performance.now();
  const { contentDir } = app.deps.config;
  const sources = await loadCurriculumOnce(app.deps.db, contentDir);
  const summary = await syncCurriculum(app.deps.db, sources);
  const glossary = glossaryTerms(readGlossary(contentDir), sources);
  app.log.info(
    { ...summary, ms: Math.round(performance.now() - started) },
    `curriculum: ${summary.courses} courses, ${summary.lessons} lessons (${summary.written} written, ${summary.retired} retired)`,
  );
  await app.register(learnRoutes, { glossary });
}
