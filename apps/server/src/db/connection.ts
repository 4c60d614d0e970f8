import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { nameStatements, StatementNames } from './prepared-statements.ts';
import {
  listenOnPglite,
  listenOnPostgres,
  type NotificationHandlers,
  type NotificationListener,
} from './notifications.ts';
import { serverRoot } from '../platform/paths.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: services accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  /** LISTEN on a channel, on a connection of its own (NOTIFY reaches every server process). */
  listen: (channel: string, handlers: NotificationHandlers) => Promise<NotificationListener>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(serverRoot, 'drizzle');

/** Any number for the advisory lock that serialises migrations across server processes. */
const MIGRATION_LOCK_KEY = 727_001;

/** Connections a process opens to PostgreSQL at most, unless DATABASE_POOL_MAX says otherwise. */
export const DEFAULT_POOL_MAX = 10;

export async function openPostgres(
  connectionString: string,
  options: { poolMax?: number } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: options.poolMax ?? DEFAULT_POOL_MAX });
  // Idle clients can error when the server restarts; the pool replaces them.
  pool.on('error', () => {});
  // Statements sent again are parsed and planned once per connection (prepared-statements.ts).
  if (process.env.PG_NAMED_STATEMENTS !== 'off') {
    const names = new StatementNames();
    pool.on('connect', (client) => nameStatements(client, names));
  }
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    // One dedicated connection: a session-level advisory lock must be released where it was taken.
    migrate: async () => {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
    listen: (channel, handlers) => listenOnPostgres(connectionString, channel, handlers),
    close: () => pool.end(),
  };
}

export async function openPglite(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle & { client: PGlite }> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    client,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    close: () => client.close(),
  };
}

/**
 * An empty embedded database with every migration applied, written by the server's build
 * (`scripts/build.mjs` runs `dist/pglite-template.js`; the repository's curriculum is in it too). A new data directory starts from it:
 * unpacking it takes a fraction of PGlite's initdb and the migrations. The migrations still run
 * after it, so a template older than the migrations only leaves them more to do.
 */
export const pgliteTemplateFile = path.join(serverRoot, 'dist', 'pglite-template.tar.gz');

/** The template when the directory holds no database yet and the build wrote one. */
async function templateFor(dataDir: string, templateFile: string): Promise<Blob | undefined> {
  const exists = (file: string) =>
    fs.access(file).then(
      () => true,
      () => false,
    );
  if (await exists(path.join(dataDir, 'PG_VERSION'))) return undefined;
  if (!(await exists(templateFile))) return undefined;
  return new Blob([await fs.readFile(templateFile)]);
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite persisted under DATA_DIR/pglite. */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL's pool size (DATABASE_POOL_MAX). */
  poolMax?: number;
  dataDir: string;
  /** Where the build's template is (tests point elsewhere). */
  templateFile?: string;
}): Promise<DatabaseHandle> {
  const pgliteDir = path.join(options.dataDir, 'pglite');
  const template = options.templateFile ?? pgliteTemplateFile;
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, { poolMax: options.poolMax })
    : await openPglite(pgliteDir, { loadDataDir: await templateFor(pgliteDir, template) });
  await handle.migrate();
  return handle;
}

/**
 * The rows of one statement of constant text, sent to the driver without drizzle building it:
 * for the few statements a busy route sends on every request (building a statement costs more
 * than sending it). Outside a transaction only; PostgreSQL names it (prepared-statements.ts).
 */
export async function queryRows<Row>(
  db: Database,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof PGlite) return (await client.query<Row>(text, values)).rows;
  return (await client.query<Row & pg.QueryResultRow>({ text, values })).rows;
}

/** A deadlock the database broke by failing this transaction (PostgreSQL's 40P01). */
export function isDeadlock(error: unknown): boolean {
  let current: unknown = error;
  // drizzle wraps driver errors; the driver's error is the cause.
  for (let depth = 0; current && depth < 3; depth += 1) {
    const candidate = current as { code?: string; cause?: unknown };
    if (candidate.code === '40P01') return true;
    current = candidate.cause;
  }
  return false;
}

/** PostgreSQL's unique-violation code, raised the same way by both engines. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  // drizzle wraps driver errors; the driver's error is the cause.
  for (let depth = 0; current && depth < 3; depth += 1) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === '23505') {
      return constraint === undefined || candidate.constraint === constraint;
    }
    current = candidate.cause;
  }
  return false;
}
