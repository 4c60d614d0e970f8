import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from './auth/demo.ts';
import { movedLedgers } from './db-move.ts';
import { openPglite, type DatabaseHandle } from './db/connection.ts';
import { MoveError, moveDatabase, type MoveReport } from './db/move.ts';
import { users } from './db/schema/users.ts';
import { recordPoints } from './points/service.ts';
import { prepareData } from './startup.ts';
import {
  buildContest,
  buildLoggedApp,
  buildUser,
  joinContest,
  postOrder,
  type TestApp,
} from './test/app.ts';
import { createTestDatabase } from './test/database.ts';

/**
 * `npm run db:move`: the embedded database of a school (the demo, then a class's activity:
 * accounts, points, a contest with orders) copied into an empty database of this run's engine
 * (PostgreSQL in CI, another embedded one otherwise), checked, and started on.
 */
let dataDir: string;
let source: DatabaseHandle;
let target: DatabaseHandle & { url?: string };
let report: MoveReport;

async function counts(db: DatabaseHandle['db']) {
  const result = (await db.execute(sql`
    select (select count(*) from users)::int as users,
           (select count(*) from orders)::int as orders,
           (select count(*) from point_entries)::int as entries,
           (select count(*) from contest_board)::int as board,
           (select coalesce(sum(balance), 0) from point_balances)::int as points,
           (select coalesce(sum(cash_cents + reserved_cash_cents), 0) from contest_users)::bigint::text as cash`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows[0];
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-move-'));
  source = await openPglite();
  await source.migrate();
  const { app } = await buildLoggedApp(dataDir, source, { SEED_DEMO: 'true' });
  try {
    await app.ready();
    await prepareData(app);
    const t = { app, deps: app.deps, database: source } as unknown as TestApp;
    const teacher = await buildUser(app.deps, { is_teacher: true, trusted: true });
    const students = await Promise.all(Array.from({ length: 12 }, () => buildUser(app.deps)));
    // A row that refers to a row of its own table stored after it: the student made by a
    // teacher whose row was rewritten later (the copy meets the student first).
    await app.deps.db
      .update(users)
      .set({ createdByTeacherId: teacher.user.id })
      .where(eq(users.id, students[0]!.user.id));
    await app.deps.db
      .update(users)
      .set({ firstName: 'Renamed' })
      .where(eq(users.id, teacher.user.id));
    await recordPoints(
      app.deps.db,
      students.map((student, index) => ({
        userId: student.user.id,
        points: 10 + index,
        reason: 'award' as const,
        source: `move-test-${index}`,
        createdBy: teacher.user.id,
      })),
    );
    const contest = await buildContest(t, teacher, { name: 'Moving day' });
    for (const student of students.slice(1, 7)) {
      const member = await joinContest(t, student, contest.id);
      const order = await postOrder(t, student, {
        contest_user: member,
        security: 3,
        order_type: 'BUY',
        quantity: 3,
      });
      expect(order.statusCode, order.body).toBeLessThan(300);
    }
  } finally {
    await app.close();
  }
  target = await createTestDatabase();
  // One row per insert: every table crosses batches, and the student comes before the teacher
  // their row refers to, in an insert of its own.
  report = await moveDatabase(source, target, { ledgers: movedLedgers, batchRows: 1 });
}, 240_000);

afterAll(async () => {
  await target?.close();
  await source?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('moving the embedded database', () => {
  it('copies every table, row for row, with the ledgers summing the same', async () => {
    const before = await counts(source.db);
    expect(await counts(target.db)).toEqual(before);
    expect(before).toMatchObject({ orders: 6, entries: expect.any(Number) });
    expect(Number(before!.points)).toBeGreaterThanOrEqual(12 * 10);
    const reported = new Map(report.tables.map((table) => [table.table, table.rows]));
    expect(reported.get('users')).toBe(before!.users);
    expect(reported.get('contest_board')).toBe(before!.board);
    expect(report.ledgers.map((ledger) => ledger.label)).toEqual(
      movedLedgers.map((ledger) => ledger.label),
    );
    expect(report.ledgers.find((ledger) => ledger.label === 'points')!.total).not.toBe('0');
  });

  it('starts on the copy: the demo teacher signs in and new rows get new ids', async () => {
    const { app } = await buildLoggedApp(dataDir, target);
    try {
      await app.ready();
      const teacher = demoAccounts.find((account) => account.is_teacher)!;
      const login = await app.inject({
        method: 'POST',
        url: '/api-token-auth/',
        payload: { username: teacher.username, password: teacher.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      // The sequences continue after the copied rows: a new account does not collide.
      const fresh = await buildUser(app.deps);
      const [{ max }] = (
        (await target.db.execute(sql`select max(id)::int as max from users`)) as unknown as {
          rows: [{ max: number }];
        }
      ).rows;
      expect(fresh.user.id).toBe(max);
      expect(fresh.user.id).toBeGreaterThan(report.tables.find((t) => t.table === 'users')!.rows);
    } finally {
      await app.close();
    }
  });

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    const before = await counts(target.db);
    await expect(moveDatabase(source, target, { ledgers: movedLedgers })).rejects.toThrow(
      MoveError,
    );
    await expect(moveDatabase(source, target, { ledgers: movedLedgers })).rejects.toThrow(
      /not empty \(table \w+ has rows\)/,
    );
    expect(await counts(target.db)).toEqual(before);
  });

  it('refuses a target at other migrations', async () => {
    const other = await createTestDatabase();
    try {
      await other.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      await expect(moveDatabase(source, other, { ledgers: movedLedgers })).rejects.toThrow(
        /different migrations/,
      );
    } finally {
      await other.close();
    }
  });
});
