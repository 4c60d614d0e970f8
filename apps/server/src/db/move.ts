import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from './connection.ts';

/**
 * Copies every table of one migrated database into another, empty one: the move from the
 * embedded database to PostgreSQL (`npm run db:move`, docs/operations.md "From the embedded
 * database to PostgreSQL"). Both sides run the same migrations first, so the tables and their
 * columns are the same; the copy then runs in one transaction on the target, parents before
 * children, with the target's own triggers off (the stored leaderboard is copied, not rebuilt),
 * and checks each table's row count and a checksum of its rows, and the ledgers' sums, against
 * the source before it commits. A difference rolls everything back: the target stays empty.
 */

/** A sum that must come out the same on both sides (a ledger: points, cash, shares). */
export type LedgerTotal = { label: string; table: string; column: string };

export type TableReport = { table: string; rows: number };
export type LedgerReport = LedgerTotal & { total: string };
export type MoveReport = { tables: TableReport[]; ledgers: LedgerReport[] };

export class MoveError extends Error {}

/** Rows sent to the target in one statement: a few megabytes of JSON at most. */
const BATCH_ROWS = 2_000;

type Column = { name: string; identity: boolean; serial: boolean };
type Table = { name: string; columns: Column[]; parents: string[]; selfReferences: string[] };

async function rows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** The public schema's tables with their columns (stored generated ones left out) and parents. */
async function tablesOf(db: Executor): Promise<Table[]> {
  const columns = await rows<{
    table: string;
    column: string;
    identity: boolean;
    serial: boolean;
  }>(
    db,
    sql`select c.relname as "table", a.attname as "column",
          a.attidentity <> '' as identity,
          coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as serial
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
        where c.relkind in ('r', 'p') and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const references = await rows<{ table: string; parent: string; constraint: string }>(
    db,
    sql`select c.relname as "table", p.relname as parent, k.conname as "constraint"
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        where k.contype = 'f'
        order by 1, 2, 3`,
  );
  const tables = new Map<string, Table>();
  for (const row of columns) {
    const table = tables.get(row.table) ?? {
      name: row.table,
      columns: [],
      parents: [],
      selfReferences: [],
    };
    table.columns.push({ name: row.column, identity: row.identity, serial: row.serial });
    tables.set(row.table, table);
  }
  for (const row of references) {
    const table = tables.get(row.table);
    if (row.parent === row.table) table?.selfReferences.push(row.constraint);
    else if (!table?.parents.includes(row.parent)) table?.parents.push(row.parent);
  }
  return [...tables.values()];
}

/** Parents before children; a table that refers to itself keeps its rows in key order. */
export function parentsFirst(tables: Table[]): Table[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: Table[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: Table, path: string[]) => {
    if (state.get(table.name) === 'done') return;
    if (state.get(table.name) === 'visiting') {
      throw new MoveError(`the tables refer to each other in a circle: ${path.join(' → ')}`);
    }
    state.set(table.name, 'visiting');
    for (const parent of [...table.parents].sort()) {
      const found = byName.get(parent);
      if (found) visit(found, [...path, parent]);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) {
    visit(table, [table.name]);
  }
  return ordered;
}

/** Row count and an order-free checksum of the rows' text (the same on both engines in UTC). */
async function fingerprint(db: Executor, table: string) {
  const [row] = await rows<{ rows: string; checksum: string }>(
    db,
    sql`select count(*)::text as rows,
          coalesce(sum(hashtextextended(t::text, 0)::numeric), 0)::text as checksum
        from ${ident(table)} t`,
  );
  return row!;
}

async function ledgerTotal(db: Executor, ledger: LedgerTotal): Promise<string> {
  const [row] = await rows<{ total: string }>(
    db,
    sql`select coalesce(sum(${ident(ledger.column)}), 0)::text as total from ${ident(ledger.table)}`,
  );
  return row!.total;
}

/** The migrations applied, by hash: both sides must be at the same one. */
async function migrationsOf(db: Executor): Promise<string[]> {
  const applied = await rows<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return applied.map((row) => row.hash);
}

/**
 * Copies `source` into `target` (both migrated), or throws a MoveError and leaves the target
 * as it was. The source is only read; stop the server that uses it first.
 */
export async function moveDatabase(
  source: DatabaseHandle,
  target: DatabaseHandle,
  options: {
    ledgers: LedgerTotal[];
    log?: (line: string) => void;
    /** Rows per insert (BATCH_ROWS); a test makes it small to cross many batches. */
    batchRows?: number;
  },
): Promise<MoveReport> {
  const log = options.log ?? (() => {});
  const sourceMigrations = await migrationsOf(source.db);
  const targetMigrations = await migrationsOf(target.db);
  if (sourceMigrations.join() !== targetMigrations.join()) {
    throw new MoveError(
      `the two databases are at different migrations (${sourceMigrations.length} and ` +
        `${targetMigrations.length}): run the same version of Bullpen on both`,
    );
  }
  const tables = parentsFirst(await tablesOf(source.db));
  return target.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    for (const table of tables) {
      const [{ any }] = (await rows<{ any: boolean }>(
        tx,
        sql`select exists (select from ${ident(table.name)}) as any`,
      )) as [{ any: boolean }];
      if (any) {
        throw new MoveError(
          `the target database is not empty (table ${table.name} has rows): ` +
            'move into a new, empty database',
        );
      }
    }
    // The target's triggers would write derived rows (the stored board) that are copied too.
    // A row may refer to a row of its own table copied after it (a teacher who made an account
    // and signed up later): those references are checked once the whole table is in.
    for (const table of tables) {
      await tx.execute(sql`alter table ${ident(table.name)} disable trigger user`);
      for (const constraint of table.selfReferences) {
        await tx.execute(
          sql`alter table ${ident(table.name)} alter constraint ${ident(constraint)} deferrable initially deferred`,
        );
      }
    }
    const report: MoveReport = { tables: [], ledgers: [] };
    await source.db.transaction(async (read) => {
      await read.execute(sql`set local time zone 'UTC'`);
      for (const table of tables) {
        report.tables.push({
          table: table.name,
          rows: await copyTable(read, tx, table, options.batchRows ?? BATCH_ROWS),
        });
        log(`${table.name}: ${report.tables.at(-1)!.rows} rows`);
      }
      for (const table of tables) {
        const [from, to] = [await fingerprint(read, table.name), await fingerprint(tx, table.name)];
        if (from.rows !== to.rows || from.checksum !== to.checksum) {
          throw new MoveError(
            `table ${table.name} differs after the copy (${from.rows} rows in the embedded ` +
              `database, ${to.rows} in the target): nothing was moved`,
          );
        }
      }
      for (const ledger of options.ledgers) {
        const [from, to] = [await ledgerTotal(read, ledger), await ledgerTotal(tx, ledger)];
        if (from !== to) {
          throw new MoveError(
            `${ledger.label} differ after the copy (${from} and ${to}): nothing was moved`,
          );
        }
        report.ledgers.push({ ...ledger, total: to });
      }
    });
    await tx.execute(sql`set constraints all immediate`);
    for (const table of tables) {
      await tx.execute(sql`alter table ${ident(table.name)} enable trigger user`);
      for (const constraint of table.selfReferences) {
        await tx.execute(
          sql`alter table ${ident(table.name)} alter constraint ${ident(constraint)} not deferrable`,
        );
      }
      await restartSequences(tx, table);
    }
    return report;
  });
}

/** Streams one table through a cursor, a batch of rows (as JSON) per insert. */
async function copyTable(
  read: Executor,
  write: Executor,
  table: Table,
  batchRows: number,
): Promise<number> {
  const names = sql.join(
    table.columns.map((column) => ident(column.name)),
    sql`, `,
  );
  const cursor = ident(`bullpen_move_${table.name}`);
  await read.execute(
    sql`declare ${cursor} no scroll cursor for select row_to_json(t)::text as row from ${ident(table.name)} t`,
  );
  let copied = 0;
  for (;;) {
    const batch = await rows<{ row: string }>(
      read,
      sql`fetch forward ${sql.raw(String(Math.max(1, Math.floor(batchRows))))} from ${cursor}`,
    );
    if (batch.length === 0) break;
    const json = `[${batch.map((row) => row.row).join(',')}]`;
    await write.execute(
      sql`insert into ${ident(table.name)} (${names}) overriding system value
          select ${names} from json_populate_recordset(null::${ident(table.name)}, ${json}::json)`,
    );
    copied += batch.length;
  }
  await read.execute(sql`close ${cursor}`);
  return copied;
}

/** Identity and serial columns continue after the copied rows' largest value. */
async function restartSequences(tx: Executor, table: Table): Promise<void> {
  for (const column of table.columns.filter((c) => c.identity || c.serial)) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${`"${table.name}"`}, ${column.name}),
            coalesce(max(${ident(column.name)}), 1), max(${ident(column.name)}) is not null)
          from ${ident(table.name)}`,
    );
  }
}
