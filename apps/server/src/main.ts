import cluster, { type Worker } from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { openDatabase } from './db/connection.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { prepareData } from './startup.ts';

/** How long a process's graceful close may take before it is ended anyway. */
const CLOSE_DELAY_MS = 10_000;
/** A replaced worker is forked after this, doubled (up to a minute) while they keep dying young. */
const RESPAWN_DELAY_MS = 1_000;
/** A worker that lived this long was not dying at start: the next respawn waits the least again. */
const HEALTHY_AFTER_MS = 30_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.workers === 1) return serve(config, 'alone');
  if (cluster.isPrimary) return supervise(config);
  return serve(config, 'worker');
}

/**
 * One server process: alone (WORKERS unset or 1: migrations, demo data, listen), or one of the
 * primary's workers (the primary prepared the data; the port is shared through node:cluster).
 * A signal closes it gracefully: it stops accepting, finishes the requests under way, tells
 * every WebSocket 1001 (realtime/plugin.ts) and closes the database pool.
 */
async function serve(config: Config, role: 'alone' | 'worker'): Promise<void> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
    dataDir: config.dataDir,
  });
  const app = await buildApp({ config, database, drainOnClose: role === 'worker' });
  app.addHook('onClose', async () => database.close());
  if (role === 'alone') await prepareData(app);

  closeWithGrace(
    // A worker's SIGHUP is its primary's business (a terminal's hangup reaches the whole group).
    { delay: CLOSE_DELAY_MS, ...(role === 'worker' ? { skip: ['SIGHUP'] } : {}) },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'closing after an error');
      else app.log.info(`${signal} received, closing`);
      await app.close();
    },
  );
  if (role === 'worker') process.on('SIGHUP', () => {});

  await app.listen({ host: config.host, port: config.port });
  if (role === 'alone') {
    app.log.info(
      `Bullpen is ready at ${config.publicUrl} (${database.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
    );
  }
}

/**
 * The primary of WORKERS processes (docs/operations.md, "Several processes"): runs the
 * migrations and demo data once, then forks the workers, which listen on one port. A worker
 * that dies is replaced. SIGTERM or SIGINT closes every worker gracefully, then the primary
 * exits; SIGHUP restarts the workers one at a time (a new one listens before the old one
 * closes), so a new build goes live without a refused request.
 */
async function supervise(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: 'primary' } });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolMax: 2,
    dataDir: config.dataDir,
  });
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => database.close());
  await app.ready();
  await prepareData(app);
  await app.close();

  const retiring = new Set<Worker>();
  let stopping = false;
  let restarting: Promise<void> | null = null;
  let respawnDelay = RESPAWN_DELAY_MS;

  const listening = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      worker.once('listening', () => resolve(true));
      worker.once('exit', () => resolve(false));
    });

  function fork(): Worker {
    const worker = cluster.fork();
    const bornAt = Date.now();
    worker.once('exit', (code, signal) => {
      if (stopping || retiring.delete(worker)) return;
      log.error(
        { worker: worker.process.pid, code, signal },
        'a worker ended unexpectedly; starting another',
      );
      respawnDelay =
        Date.now() - bornAt > HEALTHY_AFTER_MS
          ? RESPAWN_DELAY_MS
          : Math.min(60_000, respawnDelay * 2);
      setTimeout(() => {
        if (!stopping) fork();
      }, respawnDelay).unref();
    });
    return worker;
  }

  /** Closes a worker gracefully (its own SIGTERM path); killed if it outlives the delay. */
  function retire(worker: Worker): Promise<void> {
    retiring.add(worker);
    const exited = new Promise<void>((resolve) => {
      if (worker.isDead()) resolve();
      else worker.once('exit', () => resolve());
    });
    worker.process.kill('SIGTERM');
    const killer = setTimeout(() => worker.process.kill('SIGKILL'), CLOSE_DELAY_MS + 5_000);
    return exited.finally(() => clearTimeout(killer));
  }

  async function rollingRestart(): Promise<void> {
    log.info('SIGHUP received, restarting the workers one at a time');
    for (const old of Object.values(cluster.workers ?? {})) {
      // One that died meanwhile has its replacement already.
      if (!old || stopping || retiring.has(old) || old.isDead()) continue;
      const fresh = fork();
      if (!(await listening(fresh))) {
        log.error('a new worker did not start; the rolling restart stops here');
        return;
      }
      if (stopping) return;
      await retire(old);
    }
    log.info('rolling restart done');
  }

  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, closing the workers`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(workers.map(retire));
    process.exit(0);
  }

  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGHUP', () => {
    if (stopping || restarting) return;
    restarting = rollingRestart().finally(() => (restarting = null));
  });

  const started = await Promise.all(
    Array.from({ length: config.workers }, () => listening(fork())),
  );
  if (started.includes(false)) log.error('a worker ended before it listened; it is being replaced');
  log.info(
    `Bullpen is ready at ${config.publicUrl} (${config.workers} processes, PostgreSQL; primary ${process.pid})`,
  );
}

await main();
