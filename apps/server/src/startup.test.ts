import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareData } from './startup.ts';
import { buildLoggedApp } from './test/app.ts';
import { createTestDatabase } from './test/database.ts';
import { demoAccounts } from './auth/demo.ts';
import { countUsers } from './users/queries.ts';

/**
 * Demo accounts have passwords printed in the README: a start creates them only when SEED_DEMO
 * asks, and a production start that finds them warns.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-startup-'));
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** One start on the file's database, as main.ts does it, with its log lines kept. */
async function start(env: Record<string, string | undefined>): Promise<string[]> {
  const { app, lines } = await buildLoggedApp(dataDir, database, env);
  try {
    await app.ready();
    await prepareData(app);
  } finally {
    await app.close();
  }
  return lines;
}

const warning = (lines: string[]) =>
  lines.map((line) => JSON.parse(line)).filter((entry) => entry.demoAccounts !== undefined);

describe('a start', () => {
  it('creates no demo user without SEED_DEMO, even in production', async () => {
    const lines = await start({ SEED_DEMO: undefined, NODE_ENV: 'production' });
    expect(await countUsers(database.db)).toBe(0);
    expect(warning(lines)).toEqual([]);
    expect(lines.join('\n')).not.toContain('bullpen-teacher-demo');
  });

  it('creates the demo data when asked, and a production start then warns of it', async () => {
    const seeded = await start({ SEED_DEMO: 'true', NODE_ENV: 'test' });
    expect(await countUsers(database.db)).toBe(demoAccounts.length);
    // Outside production the demo is expected: no warning.
    expect(warning(seeded)).toEqual([]);

    const production = await start({ SEED_DEMO: undefined, NODE_ENV: 'production' });
    const [entry, ...others] = warning(production);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ level: 40 });
    expect([...entry.demoAccounts].sort()).toEqual(
      demoAccounts.map((account) => account.username).sort(),
    );
    expect(entry.msg).toContain('demo accounts with public passwords are present');
    // The warning names the accounts, never their passwords or addresses.
    expect(JSON.stringify(entry)).not.toMatch(/bullpen-(teacher|student|staff)-demo|@demo/);
  });
});
