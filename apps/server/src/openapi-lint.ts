import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { openPglite } from './db/connection.ts';
import { loadConfig } from './platform/config.ts';
import { repoRoot } from './platform/paths.ts';

/**
 * `npm run lint:openapi`: builds the app as the tests do (an in-memory database, the tests'
 * small curriculum, no market ticks), writes its OpenAPI document to a temporary file and runs
 * Redocly's `recommended` rules over it with the repository's redocly.yaml. Redocly runs
 * offline: telemetry and the update check are off (redocly.yaml and the environment below).
 * Exit code: Redocly's. With a file name argument, the document is also written there, to read.
 */
const keep = process.argv[2];
const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-openapi-'));
let status: number;
try {
  const database = await openPglite();
  await database.migrate();
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: directory,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://bullpen.test',
      WEB_DIST: path.join(directory, 'no-web-build'),
      MARKET_TICK_SECONDS: '0',
      CONTENT_DIR: path.join(repoRoot, 'apps/server/src/learn/test-content'),
    }),
    database,
    logger: false,
  });
  await app.ready();
  const file = path.join(directory, 'openapi.json');
  await fs.writeFile(file, JSON.stringify(app.swagger(), null, 2));
  if (keep) await fs.copyFile(file, path.resolve(keep));
  await app.close();
  await database.close();
  const redocly = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      path.join(repoRoot, 'redocly.yaml'),
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  status = redocly.status ?? 1;
} finally {
  await fs.rm(directory, { recursive: true, force: true });
}
process.exit(status);
