import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthSchema } from '@bullpen/contract/content';
import { api } from '@bullpen/contract/routes';
import { AppError } from './errors.ts';

/** GET /api/health: the process answers and its database does too (for load balancers). */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
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
}
