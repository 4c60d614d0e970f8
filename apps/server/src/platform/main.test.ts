import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

it('refuses to start with a bad configuration and lists every problem', async () => {
  const server = startServer({ PORT: 'abc', SEED_DEMO: 'maybe' });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('PORT');
  expect(server.output()).toContain('SEED_DEMO');
});

it('starts on an empty data folder with demo accounts and shuts down gracefully', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-main-'));
  const port = String(3700 + Math.floor(Math.random() * 200));
  const server = startServer({ PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  try {
    let healthy = false;
    for (let attempt = 0; attempt < 300 && !healthy; attempt += 1) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(healthy).toBe(true);
    expect(server.output()).toContain('ms.rivera / bullpen-teacher-demo');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received, closing');
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  } finally {
    server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
