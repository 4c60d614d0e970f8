import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/domain.ts';
import { intervalJob } from '../platform/jobs.ts';
import type { DataExportRow } from './queries.ts';
import { runRetention, type RetentionStep } from './retention.ts';
import { privacyRoutes } from './routes.ts';
import { deleteExportsOf } from './queries.ts';
import { requestExportFor, type ExportRunner, type ExportSection } from './service.ts';

/** What later domains add to privacy's work, and the export they may start for someone. */
export type PrivacyHooks = {
  /** Adds `name`, `section`'s answer, to every export document. */
  exportSection: (name: string, section: ExportSection) => void;
  /** Adds a step to the daily retention run. */
  retain: (domain: string, step: RetentionStep) => void;
  /** Starts (or returns the running) export of `userId`'s data that `requestedBy` will read. */
  requestExport: (requestedBy: number, userId: number) => Promise<DataExportRow>;
};

declare module 'fastify' {
  interface FastifyInstance {
    privacy: PrivacyHooks;
  }
}

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
  const sections = new Map<string, ExportSection>();
  const retentionSteps = new Map<string, RetentionStep>();
  // On the real clock, not the market's (which may be set elsewhere in time). The log holds
  // counts only: what went, never whose.
  const retention = intervalJob(
    app.log,
    'retention',
    async () => {
      const run = await runRetention(app.deps, new Date(), retentionSteps);
      if (run) app.log.info(run, 'retention run');
    },
    app.deps.jobs,
  );
  app.addHook('onReady', async () => retention.start(RETENTION_INTERVAL_SECONDS));
  app.addHook('onClose', async () => {
    retention.stop();
    await Promise.allSettled([...running]);
  });
  const runner: ExportRunner = {
    db: app.deps.db,
    log: app.log,
    now,
    schedule(job) {
      const started = new Promise<void>((resolve) => setImmediate(resolve)).then(job);
      running.add(started);
      void started.finally(() => running.delete(started));
    },
    sections,
  };
  app.decorate('privacy', {
    exportSection: (name, section) => {
      if (sections.has(name)) throw new Error(`export section ${name} is added twice`);
      sections.set(name, section);
    },
    retain: (domain, step) => {
      if (retentionSteps.has(domain)) throw new Error(`${domain} already retains`);
      retentionSteps.set(domain, step);
    },
    requestExport: (requestedBy, userId) => requestExportFor(runner, requestedBy, userId),
  } satisfies PrivacyHooks);
  await app.register(privacyRoutes, { runner });
}
