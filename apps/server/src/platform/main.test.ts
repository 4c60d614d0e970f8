import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { spawnServer, startServer, type ServerProcess } from '../test/server-process.ts';

it('refuses to start with a bad configuration and lists every problem', async () => {
  const server = spawnServer({ PORT: 'abc', SEED_DEMO: 'maybe' });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('PORT');
  expect(server.output()).toContain('SEED_DEMO');
}, 150_000); // START_TIMEOUT_MS: it compiles the whole server before it reads its settings

it('starts on an empty data folder with the demo accounts asked for, and shuts down gracefully', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-main-'));
  let server: ServerProcess | undefined;
  try {
    ({ server } = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' }));
    expect(server.output()).toContain('ms.rivera / bullpen-teacher-demo');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received, closing');
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  } finally {
    server?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000); // START_TIMEOUT_MS and the shutdown
