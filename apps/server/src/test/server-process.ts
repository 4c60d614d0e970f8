import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`), for the
 * tests that start, kill and restart it. Each gets a port the system has just handed out, so
 * two such tests running side by side never meet on one port.
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

/** A port nothing listens on now, handed out by the system. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
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

/**
 * Resolves once `GET /api/health` answers 200. Throws, with what the server printed and what
 * the last check saw, when the process ends first or START_TIMEOUT_MS passes.
 */
export async function waitUntilHealthy(server: ServerProcess, port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let ended: number | string | undefined;
  void server.exited.then((how) => (ended = how));
  let lastCheck = 'no check yet';
  while (ended === undefined && Date.now() < deadline) {
    lastCheck = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(5_000),
    }).then(
      (response) => `status ${response.status}`,
      (error: Error) =>
        `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}`,
    );
    if (lastCheck === 'status 200') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.child.kill('SIGKILL');
  const why =
    ended === undefined ? `did not answer in ${START_TIMEOUT_MS / 1000} s` : `ended (${ended})`;
  throw new Error(
    `server on port ${port} ${why}; last health check: ${lastCheck}; its output:\n${server.output()}`,
  );
}
