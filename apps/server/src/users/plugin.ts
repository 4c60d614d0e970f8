import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { intervalJob } from '../platform/jobs.ts';
import { avatarsDir } from './avatars.ts';
import { purgeDueAccounts } from './deletion.ts';
import { AVATAR_URL_PREFIX } from './presenter.ts';

/**
 * Users: the people's rows, the uploaded avatars under /media/avatars/, and the hourly erasure
 * of accounts whose deletion grace period ended (each domain's part is registered in
 * `deps.erasure`). Sign-up, profile, consent and staff routes are the auth domain's.
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
  // Every process runs it; purgeUser's row lock lets one of them erase each account.
  const purge = intervalJob(
    app.log,
    'account purge',
    () => purgeDueAccounts(app.deps),
    app.deps.jobs,
  );
  app.addHook('onReady', async () => {
    purge.start(PURGE_INTERVAL_SECONDS);
  });
  app.addHook('onClose', async () => {
    purge.stop();
  });
}

/** Erasure is due by the day: an hour late is soon enough, and cheap. */
const PURGE_INTERVAL_SECONDS = 3600;
