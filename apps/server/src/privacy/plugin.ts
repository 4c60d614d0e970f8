import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/domain.ts';
import { intervalJob } from '../platform/jobs.ts';
import { runRetention } from './retention.ts';
import { privacyRoutes } from './routes.ts';
import { deleteExportsOf } from './queries.ts';

/** The job looks hourly; the first process to see a new UTC day does that day's run. */
const RETENTION_INTERVAL_SECONDS = 60 * 60;

/**
 * Privacy: "download my data" exports; it owns `data_exports`. An export runs after the
 * response that asked for it, in this process; closing the app waits for running ones so none
 * is cut off halfway (one cut off by a crash is replaced by the next request, service.ts).
 * And the daily retention job (retention.ts), once a day across every process.
 */
export async function privacyPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  app.deps.erasure.erase('privacy', (tx, account) => deleteExportsOf(tx, account.id));
  const now = options.now ?? (() => new Date());
  const running = new Set<Promise<void>>();
  // On the real clock, not the market's (which may be set elsewhere in time). The log holds
  // counts only: what went, never whose.
  const retention = intervalJob(app.log, 'retention', async () => {
    const run = await runRetention(app.deps, new Date());
    if (run) app.log.info(run, 'retention run');
  });
  app.addHook('onReady', async () => retention.start(RETENTION_INTERVAL_SECONDS));
  app.addHook('onClose', async () => {
    retention.stop();
    await Promise.allSettled([...running]);
  });
  await app.register(privacyRoutes, {
    runner: {
      db: app.deps.db,
      log: app.log,
      now,
      schedule(job) {
        const started = new Promise<void>((resolve) => setImmediate(resolve)).then(job);
        running.add(started);
        void started.finally(() => running.delete(started));
      },
    },
  });
}
