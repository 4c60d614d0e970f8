import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, openPglite } from './connection.ts';

const directories: string[] = [];
async function tempDir(): Promise<string> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-connection-'));
  directories.push(directory);
  return directory;
}
afterEach(async () => {
  for (const directory of directories.splice(0)) {
    await fs.rm(directory, { recursive: true, force: true });
  }
});

/** Writes the data directory of a fresh embedded database, after `prepare`, as a template. */
async function writeTemplate(
  prepare: (client: Awaited<ReturnType<typeof openPglite>>) => Promise<void>,
) {
  const handle = await openPglite();
  await prepare(handle);
  const dump = await handle.client.dumpDataDir('gzip');
  await handle.close();
  const file = path.join(await tempDir(), 'template.tar.gz');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

type Handle = Awaited<ReturnType<typeof openDatabase>>;

/** Rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<Row>(handle: Handle, statement: SQL): Promise<Row[]> {
  return ((await handle.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

async function tableNames(handle: Handle): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    handle,
    sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
  );
  return rows.map((row) => row.name);
}

describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database on disk', () => {
  it("starts a new data directory from the build's template, then keeps its own data", async () => {
    const template = await writeTemplate(async (handle) => {
      await handle.migrate();
      await handle.client.exec('create table from_template (id int)');
    });
    const dataDir = await tempDir();

    const first = await openDatabase({ dataDir, templateFile: template });
    expect(await tableNames(first)).toEqual(expect.arrayContaining(['from_template', 'users']));
    await first.db.execute(sql`insert into from_template values (1)`);
    await first.close();

    // The directory now holds a database: the template is not unpacked over it again.
    const again = await openDatabase({ dataDir, templateFile: template });
    expect(await rowsOf(again, sql`select id from from_template`)).toEqual([{ id: 1 }]);
    await again.close();
  });

  it('applies the migrations a template older than them lacks', async () => {
    const template = await writeTemplate(async () => {});
    const handle = await openDatabase({ dataDir: await tempDir(), templateFile: template });
    expect(await tableNames(handle)).toEqual(
      expect.arrayContaining(['users', 'contests', 'classrooms']),
    );
    await handle.close();
  });

  it('runs initdb and every migration when there is no template', async () => {
    const dataDir = await tempDir();
    const handle = await openDatabase({ dataDir, templateFile: path.join(dataDir, 'missing.tgz') });
    expect(await tableNames(handle)).toContain('users');
    await handle.close();
  });
});
