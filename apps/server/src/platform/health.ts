import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthSchema, readinessSchema, type Readiness } from '@bullpen/contract/content';
import { api } from '@bullpen/contract/routes';
import { migrationsFolder } from '../db/connection.ts';
import { AppError } from './errors.ts';

/** The migrations this build carries (drizzle-kit's journal): a database must have them all. */
async function expectedMigrations(): Promise<number> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * GET /api/health: the process answers and its database does too (liveness, for a load
 * balancer's "is it up"). GET /api/ready: whether this process should get traffic: the
 * database answers, it has every migration of this build, every clock job keeps finishing
 * its runs, and the process is not closing (a rolling restart takes it out first;
 * docs/operations.md).
 */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  const expected = await expectedMigrations();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    api.health.pattern,
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
  routes.get(
    api.ready.pattern,
    { schema: { tags: ['platform'], response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      let applied = 0;
      let database: Readiness['database'] = 'ok';
      try {
        const result = (await app.deps.db.execute(
          sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: [{ applied: number }] };
        applied = result.rows[0].applied;
      } catch (error) {
        app.log.error({ err: error }, 'readiness: database is not answering');
        database = 'down';
      }
      const jobs = app.deps.jobs.report().map((job) => ({
        name: job.name,
        alive: job.alive,
        last_run_at: job.lastRunAt?.toISOString() ?? null,
        failed: job.failed,
      }));
      const ready =
        database === 'ok' && applied >= expected && jobs.every((job) => job.alive) && !closing;
      const body: Readiness = {
        status: ready ? 'ready' : 'not_ready',
        database,
        migrations: { applied, expected },
        jobs,
        closing,
      };
      return reply.code(ready ? 200 : 503).send(body);
    },
  );
}
