import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/domain.ts';
import { privacyRoutes } from './routes.ts';
import { deleteExportsOf } from './queries.ts';

/**
 * Privacy: "download my data" exports; it owns `data_exports`. An export runs after the
 * response that asked for it, in this process; closing the app waits for running ones so none
 * is cut off halfway (one cut off by a crash is replaced by the next request, service.ts).
 */
export async function privacyPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  app.deps.erasure.erase('privacy', (tx, account) => deleteExportsOf(tx, account.id));
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  await app.register(privacyRoutes, {
    runner: {
      db: app.deps.db,
      log: app.log,
      now: options.now ?? (() => new Date()),
      schedule(job) {
        const started = new Promise<void>((resolve) => setImmediate(resolve)).then(job);
        running.add(started);
        void started.finally(() => running.delete(started));
      },
    },
  });
}
