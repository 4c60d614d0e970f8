import type { FastifyInstance } from 'fastify';
import { authRoutes } from './routes.ts';

/**
 * Auth: login, logout, tokens, verification and password routes. The hook that reads every
 * request's session (`registerAuthentication`) runs before any domain, from app.ts, so every
 * domain's routes see `request.currentUser`.
 */
export async function authPlugin(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
}
