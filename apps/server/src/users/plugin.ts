import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { intervalJob } from '../platform/jobs.ts';
import { avatarsDir } from './avatars.ts';
import { purgeDueAccounts } from './deletion.ts';
import { AVATAR_URL_PREFIX } from './presenter.ts';
import { deleteUnconsentedAccounts } from './consent.ts';
import { consentRoutes } from './consent-routes.ts';
import { userRoutes } from './routes.ts';
import { staffAccountRoutes, staffTeacherRoutes } from './staff-routes.ts';

/**
 * Users: sign-up, a parent's consent for an under-13's direct sign-up (and the hourly sweep of
 * accounts left without it), and profile routes, the uploaded avatars under /media/avatars/, the
 * staff pages of teachers' trust, of accounts and of the audit log, and the hourly erasure of accounts whose deletion grace period
 * ended.
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
  await app.register(staffAccountRoutes);
  await app.register(consentRoutes);
  // Every process runs it; purgeUser's row lock lets one of them erase each account.
  const purge = intervalJob(app.log, 'account purge', () => purgeDueAccounts(app.deps));
  // Accounts whose parent never consented are deleted once their window closes.
  const consentSweep = intervalJob(app.log, 'consent sweep', () =>
    deleteUnconsentedAccounts(app.deps),
  );
  app.addHook('onReady', async () => {
    purge.start(PURGE_INTERVAL_SECONDS);
    consentSweep.start(CONSENT_SWEEP_SECONDS);
  });
  app.addHook('onClose', async () => {
    purge.stop();
    consentSweep.stop();
  });
}

/** Erasure is due by the day: an hour late is soon enough, and cheap. */
const PURGE_INTERVAL_SECONDS = 3600;

/** The sweep runs hourly: an account outlives its 14 days by an hour at most. */
const CONSENT_SWEEP_SECONDS = 60 * 60;
