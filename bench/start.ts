/**
 * Server start: how long `npm start` of a built checkout takes to answer `GET /api/health`, on
 * the embedded database with the demo data, the first time (an empty data directory: migrations
 * and demo accounts) and again on the same directory. The baseline, measured in the same run, is
 * a bare Fastify server started the same way (`node` on compiled JavaScript). Target: under 3 s.
 * Builds the app first when the build is missing. `npm run bench:start`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TARGET_SECONDS = 3;
const PORT = 3941;

if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const bareServer = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

/** Seconds from spawning `node args…` until `GET /api/health` answers 200; then stops it. */
async function secondsToAnswer(args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) {
          return (performance.now() - started) / 1000;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`node ${args.join(' ')} did not answer in 60 s`);
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

/** Each start is timed this many times (a fresh data directory each time for the first start); the median is printed. */
const RUNS = 3;
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDirs: string[] = [];
try {
  const app = ['--enable-source-maps', 'apps/server/dist/main.js'];
  const bares: number[] = [];
  const firsts: number[] = [];
  const agains: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-bench-start-'));
    dataDirs.push(dataDir);
    const production = { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'true' };
    bares.push(await secondsToAnswer(['--input-type=module', '-e', bareServer], {}));
    firsts.push(await secondsToAnswer(app, production));
    agains.push(await secondsToAnswer(app, production));
  }
  const [bare, first, again] = [median(bares), median(firsts), median(agains)];

  console.log(
    `\nServer start (spawn to the first 200 from GET /api/health; median of ${RUNS} runs, first starts ${firsts.map((value) => value.toFixed(2)).join(', ')} s)`,
  );
  console.log('| server | seconds | ratio to bare Fastify | target | mark |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  console.log(`| bare Fastify (baseline) | ${bare.toFixed(2)} | 1.0 | | |`);
  for (const [name, seconds] of [
    ['Bullpen, empty data directory (migrations, demo data)', first],
    ['Bullpen, again on the same directory', again],
  ] as const) {
    console.log(
      `| ${name} | ${seconds.toFixed(2)} | ${(seconds / bare).toFixed(1)} | < ${TARGET_SECONDS} s | ${seconds < TARGET_SECONDS ? 'pass' : 'short'} |`,
    );
  }
} finally {
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
}
