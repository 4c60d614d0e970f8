import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '../..');

/** A started server: its address, its process (the primary when it forks), and how to stop it. */
export type RunningServer = { url: string; pid: number; stop: () => Promise<void> };

/** Starts a script in its own process (so the load generator does not share its event loop). */
async function startProcess(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir> profiles the app (not the baseline): a .cpuprofile for DevTools.
  const profile =
    process.env.BENCH_CPU_PROF && script.startsWith('apps/')
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`${script} did not start`);
}

function stopper(child: ChildProcess, cleanup?: () => void) {
  return () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => {
        cleanup?.();
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** A bare Fastify with one route: the baseline every figure is divided by. */
export async function startHello(port: number): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    'bench/support/hello.ts',
    { BENCH_PORT: String(port) },
    `${url}/hello`,
  );
  return { url, pid: child.pid!, stop: stopper(child) };
}

/** The real app on a fresh embedded database (or DATABASE_URL when given). */
export async function startApp(
  port: number,
  env: Record<string, string> = {},
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-bench-')),
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    'apps/server/src/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      ...env,
    },
    `${url}/api/health`,
  );
  return {
    url,
    pid: child.pid!,
    stop: stopper(child, () => fs.rmSync(dataDir, { recursive: true, force: true })),
  };
}

export type Measurement = {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
};

/** Requests per second of one request, bounded in time and sent to loopback only. */
export async function measure(
  name: string,
  options: {
    url: string;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    seconds?: number;
  },
): Promise<Measurement> {
  if (!new URL(options.url).hostname.startsWith('127.'))
    throw new Error('benchmarks only target loopback');
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    body: options.body,
    headers: { 'content-type': 'application/json', ...options.headers },
    connections: 10,
    duration: options.seconds ?? 5,
  });
  const errors = result.errors + result.non2xx;
  return { name, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors };
}

export function report(title: string, baseline: Measurement, rows: Measurement[]): void {
  console.log(`\n${title}`);
  console.log('| request | req/s | p99 ms | errors | ratio to baseline |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of [baseline, ...rows]) {
    const ratio = row.requestsPerSecond / baseline.requestsPerSecond;
    console.log(
      `| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.p99Ms} | ${row.errors} | ${ratio.toFixed(3)} |`,
    );
  }
}
