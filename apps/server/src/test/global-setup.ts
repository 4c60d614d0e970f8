import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/connection.ts';
import { databaseUrlFor, type DatabaseTemplate } from './database.ts';

/**
 * Migrates one database once per run; every test file then starts from a copy of it
 * (a PGlite data-directory dump, or a PostgreSQL template database).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `bullpen_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = await openPostgres(databaseUrlFor(url, template));
    await handle.migrate();
    await handle.close();
    project.provide('databaseTemplate', { engine: 'postgres', url, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const handle = await openPglite();
  await handle.migrate();
  const dump = await handle.client.dumpDataDir('none');
  await handle.close();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-test-'));
  const file = path.join(directory, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { engine: 'pglite', file } satisfies DatabaseTemplate);
  return async () => {
    await fs.rm(directory, { recursive: true, force: true });
  };
}
