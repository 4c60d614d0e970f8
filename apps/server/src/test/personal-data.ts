import { sql } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';

/** What both drivers (PGlite, node-postgres) answer to `execute`. */
type Rows<Row> = { rows: Row[] };

/**
 * Every text, varchar and jsonb column of every table that holds `needle` (any case): how the
 * erasure tests prove that nothing of a person is left (users/deletion.test.ts,
 * privacy/retention.test.ts).
 */
export async function placesHolding(deps: Deps, needle: string): Promise<string[]> {
  const columns = (await deps.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')
    order by table_name, column_name`)) as unknown as Rows<{
    table_name: string;
    column_name: string;
  }>;
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    const hits = (await deps.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
    )) as unknown as Rows<{ n: number }>;
    if (hits.rows[0]!.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}
