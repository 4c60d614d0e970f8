import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { openPostgres, type DatabaseHandle } from './connection.ts';
import { StatementNames } from './prepared-statements.ts';
import { users } from './schema/users.ts';

describe('StatementNames', () => {
  it('names a text the second time it is seen, and always by the same name', () => {
    const names = new StatementNames();
    expect(names.nameFor('select 1')).toBeUndefined();
    const name = names.nameFor('select 1');
    expect(name).toMatch(/^bullpen_\d+$/);
    expect(names.nameFor('select 1')).toBe(name);
    expect(names.nameFor('select 2')).toBeUndefined();
    expect(names.nameFor('select 2')).not.toBe(name);
  });

  it('names at most `limit` texts and leaves long ones unnamed', () => {
    const names = new StatementNames({ limit: 2, maxLength: 20 });
    for (const text of ['select 1', 'select 2', 'select 3']) {
      names.nameFor(text);
      names.nameFor(text);
    }
    expect(names.size).toBe(2);
    expect(names.nameFor('select 3')).toBeUndefined();
    expect(names.nameFor('select 1')).toBeDefined();
    const long = `select ${'1'.repeat(30)}`;
    names.nameFor(long);
    expect(names.nameFor(long)).toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  let database: DatabaseHandle & { url?: string };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  /** The statements one connection has prepared, after the same query three times on it. */
  async function preparedAfterRepeats(): Promise<string[]> {
    // One connection, so the repeats and the look-up share it.
    const single = await openPostgres(database.url!, { poolMax: 1 });
    try {
      for (let round = 0; round < 3; round += 1) {
        await single.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, round + 1));
      }
      const { rows } = (await single.db.execute(
        sql`select statement from pg_prepared_statements`,
      )) as unknown as { rows: { statement: string }[] };
      return rows.map((row) => row.statement);
    } finally {
      await single.close();
    }
  }

  it('prepares a statement sent again once on the connection, and reuses it', async () => {
    const prepared = await preparedAfterRepeats();
    expect(prepared).toHaveLength(1);
    expect(prepared[0]).toMatch(/from "users" where "users"\."id" = \$1/);
  });

  it('sends every statement unnamed with PG_NAMED_STATEMENTS=off', async () => {
    process.env.PG_NAMED_STATEMENTS = 'off';
    try {
      expect(await preparedAfterRepeats()).toEqual([]);
    } finally {
      delete process.env.PG_NAMED_STATEMENTS;
    }
  });
});
