import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/connection.ts';

export type DatabaseTemplate =
  { engine: 'pglite'; file: string } | { engine: 'postgres'; url: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh, migrated database of its own for one test file, on the engine of this run. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const template = inject('databaseTemplate');
  if (template.engine === 'pglite') {
    const dump = await fs.readFile(template.file);
    return openPglite(undefined, { loadDataDir: new Blob([dump]) });
  }
  const name = `bullpen_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(template.url, name);
  const handle = await openPostgres(url);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: template.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
