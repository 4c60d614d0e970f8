import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`), for the
 * tests that start, kill and restart it. `startServer` has it listen on port 0 and reads the
 * port the system gave it from its log, so two such tests running side by side never meet on
 * one port, and no other socket can take the port between a pick and the server's listen.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
/** The end of a child's output kept for a failure message: enough to show where start stopped. */
const OUTPUT_KEPT = 32_000;
/**
 * How long a start may take. Alone it takes 2–10 s, but right after the browser tests on a
 * two-core machine, beside the other test workers, compiling and migrating can take minutes.
 */
export const START_TIMEOUT_MS = 150_000;

export interface ServerProcess {
  readonly child: ChildProcess;
  /** Resolves with the exit code, or the signal's name when a signal ended it. */
  readonly exited: Promise<number | string>;
  /** The last OUTPUT_KEPT characters of stdout and stderr. */
  output(): string;
}

export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, exited, output: () => output };
}

/** Fastify's info line once the server listens; the system picked the port when PORT is 0. */
const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

/**
 * Starts the server on a port the system picks, logging at `info` (the level of the line that
 * names the port), and resolves with it once `GET /api/health` answers 200. Throws, with what the server printed and what the last check saw, when the
 * process ends first or START_TIMEOUT_MS passes.
 */
export async function startServer(
  env: Record<string, string>,
): Promise<{ server: ServerProcess; port: number }> {
  const server = spawnServer({ ...env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' });
  const deadline = Date.now() + START_TIMEOUT_MS;
  let ended: number | string | undefined;
  void server.exited.then((how) => (ended = how));
  let port: number | undefined;
  let lastCheck = 'not listening yet';
  while (ended === undefined && Date.now() < deadline) {
    port ??= Number(LISTENING.exec(server.output())?.[1]) || undefined;
    if (port !== undefined) {
      lastCheck = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(5_000),
      }).then(
        (response) => `status ${response.status}`,
        (error: Error) =>
          `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}`,
      );
      if (lastCheck === 'status 200') return { server, port };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.child.kill('SIGKILL');
  const why =
    ended === undefined ? `did not answer in ${START_TIMEOUT_MS / 1000} s` : `ended (${ended})`;
  throw new Error(
    `server ${why}; last health check: ${lastCheck}; its output:\n${server.output()}`,
  );
}
