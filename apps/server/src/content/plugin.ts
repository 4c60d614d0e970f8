import type { FastifyInstance } from 'fastify';
import { contentRoutes } from './routes.ts';

/** Content: the app-store banner; it owns no table and has no rules yet. */
export async function contentPlugin(app: FastifyInstance): Promise<void> {
  await app.register(contentRoutes);
}
