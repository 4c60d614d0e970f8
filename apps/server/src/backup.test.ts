import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from './auth/demo.ts';
import { openDatabase, openPostgres, type DatabaseHandle } from './db/connection.ts';
import { prepareData } from './startup.ts';
import { buildLoggedApp, buildUser } from './test/app.ts';
import { databaseUrlFor } from './test/database.ts';

/**
 * docs/operations.md "Backups": each engine's backup, restored and started on. The embedded
 * database is its folder, copied while the server is stopped; PostgreSQL's is `pg_dump` in the
 * custom format, restored with `pg_restore` into a new database.
 */
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-backup-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function userCount(handle: DatabaseHandle): Promise<number> {
  const result = (await handle.db.execute(
    sql`select count(*)::int as n from users`,
  )) as unknown as {
    rows: [{ n: number }];
  };
  return result.rows[0].n;
}

/** The demo data and one more account, written through a started app. */
async function fill(handle: DatabaseHandle & { url?: string }, folder: string) {
  const { app } = await buildLoggedApp(folder, handle, { SEED_DEMO: 'true' });
  try {
    await app.ready();
    await prepareData(app);
    return (await buildUser(app.deps, { username: 'kept.in.backup' })).password;
  } finally {
    await app.close();
  }
}

/** A start on the restored database: the demo teacher and the extra account sign in. */
async function signsIn(
  handle: DatabaseHandle & { url?: string },
  folder: string,
  keptPassword: string,
) {
  const { app } = await buildLoggedApp(folder, handle);
  try {
    await app.ready();
    const teacher = demoAccounts.find((account) => account.is_teacher)!;
    for (const [username, password] of [
      [teacher.username, teacher.password],
      ['kept.in.backup', keptPassword],
    ]) {
      const login = await app.inject({
        method: 'POST',
        url: '/api-token-auth/',
        payload: { username, password },
      });
      expect(login.statusCode, login.body).toBe(200);
    }
  } finally {
    await app.close();
  }
}

describe('backups', () => {
  it('restores the embedded database from a copy of its folder and starts on it', async () => {
    const live = path.join(dataDir, 'live');
    const original = await openDatabase({ dataDir: live, templateFile: path.join(live, 'none') });
    const kept = await fill(original, live);
    const users = await userCount(original);
    await original.close();
    // The backup: the folder, copied while no server has it open.
    const restored = path.join(dataDir, 'restored');
    await fs.cp(path.join(live, 'pglite'), path.join(restored, 'pglite'), { recursive: true });
    const copy = await openDatabase({ dataDir: restored, templateFile: path.join(live, 'none') });
    try {
      expect(await userCount(copy)).toBe(users);
      await signsIn(copy, restored, kept);
    } finally {
      await copy.close();
    }
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'restores PostgreSQL from pg_dump with pg_restore and starts on it',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const names = ['from', 'to'].map(
        (end) => `bullpen_backup_${end}_${randomBytes(4).toString('hex')}`,
      );
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        for (const name of names) await admin.query(`create database ${name}`);
        const [fromUrl, toUrl] = names.map((name) => databaseUrlFor(url, name)) as [string, string];
        const original = await openPostgres(fromUrl);
        await original.migrate();
        const kept = await fill({ ...original, url: fromUrl }, dataDir);
        const users = await userCount(original);
        await original.close();
        const dump = path.join(dataDir, 'bullpen.dump');
        execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, fromUrl]);
        execFileSync('pg_restore', ['--no-owner', `--dbname=${toUrl}`, dump]);
        const copy = await openDatabase({ databaseUrl: toUrl, dataDir });
        try {
          expect(await userCount(copy)).toBe(users);
          await signsIn({ ...copy, url: toUrl }, dataDir, kept);
        } finally {
          await copy.close();
        }
      } finally {
        for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    180_000,
  );
});
