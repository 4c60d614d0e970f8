import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { avatarsDir } from './avatars.ts';
import { AVATAR_URL_PREFIX } from './presenter.ts';
import { userRoutes } from './routes.ts';
import { staffTeacherRoutes } from './staff-routes.ts';

/**
 * Users: sign-up and profile routes, the uploaded avatars under /media/avatars/, and the staff
 * page of teachers' trust.
 */
export async function usersPlugin(app: FastifyInstance): Promise<void> {
  const avatarRoot = avatarsDir(app.deps.config.dataDir);
  fs.mkdirSync(avatarRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: avatarRoot,
    prefix: AVATAR_URL_PREFIX,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (response) => {
      response.header('Cache-Control', 'public, max-age=86400');
    },
  });
  await app.register(userRoutes);
  await app.register(staffTeacherRoutes);
}
