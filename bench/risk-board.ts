/**
 * The risk-adjusted board (docs/decisions/050-risk-adjusted-board.md) at 10,000 and 100,000
 * members: the time of one close's `recordRiskLines` (every member's figures carried forward in
 * one statement) and of a board page (`riskBoardPage`, first and a deep page, Sharpe and
 * drawdown orders). Runs on PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set (e.g.
 * postgres://postgres@127.0.0.1:5432/test). `npm run bench:risk-board`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { recordRiskLines, riskBoardPage } from '../apps/server/src/contests/risk-board-queries.ts';

const CLOSES = 6;
const PAGES = 5;
const SIZES = [10_000, 100_000] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function run(engine: string, databaseUrl?: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-bench-risk-'));
  let benchDatabase: string | undefined;
  if (databaseUrl) {
    benchDatabase = `bullpen_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${benchDatabase}`);
    await admin.end();
  }
  const url = benchDatabase
    ? Object.assign(new URL(databaseUrl!), { pathname: `/${benchDatabase}` }).toString()
    : undefined;
  const database = await openDatabase({ databaseUrl: url, dataDir });
  const { db } = database;
  try {
    await db.execute(sql`
      insert into users (username, email, password_hash, first_name, last_name)
      select 'bench' || g, 'bench' || g || '@bench.test', 'x', 'Bench', 'Player ' || g
      from generate_series(1, 100000) as g`);
    for (const size of SIZES) {
      const [contest] = (
        (await db.execute(sql`
        insert into contests (name, visibility, join_code, starts_at, ends_at,
          starting_cash_cents, risk_board, min_trading_days)
        values (${`Bench ${size}`}, 'private', ${`RISK${size}`}, now() - interval '1 day',
          now() + interval '30 day', 10000000, 'sharpe', 3)
        returning id, starting_cash_cents`)) as unknown as { rows: { id: number }[] }
      ).rows;
      const contestId = Number(contest!.id);
      await db.execute(sql`
        insert into contest_users (contest_id, user_id, cash_cents, value_cents)
        select ${contestId}, u.id, 10000000, 10000000 from users u
        where u.username like 'bench%' order by u.id limit ${size}`);
      const closes: number[] = [];
      for (let close = 1; close <= CLOSES; close += 1) {
        // Each member's value moves by its own pattern between closes.
        await db.execute(sql`
          update contest_users set value_cents = 10000000
            + ((user_id * 7919 + ${close} * 104729) % 4001 - 2000) * ${close * 100}
          where contest_id = ${contestId}`);
        closes.push(await timed(() => recordRiskLines(db, contestId, 20_000 + close)));
      }
      const row = {
        id: contestId,
        visibility: 'private' as const,
        startingCashCents: 10_000_000,
        minTradingDays: 3,
        maxDrawdownBps: 2000,
      };
      const now = new Date();
      for (const riskBoard of ['sharpe', 'drawdown'] as const) {
        const contestRow = { ...row, riskBoard };
        const first: number[] = [];
        const deep: number[] = [];
        for (let index = 0; index < PAGES; index += 1) {
          first.push(
            await timed(() => riskBoardPage(db, contestRow, { offset: 0, limit: 10 }, now)),
          );
          deep.push(
            await timed(() =>
              riskBoardPage(db, contestRow, { offset: Math.floor(size / 2), limit: 10 }, now),
            ),
          );
        }
        console.log(
          `${engine} ${size.toLocaleString('en')} members, ${riskBoard}: close ${median(closes).toFixed(0)} ms (median of ${CLOSES}), first page ${median(first).toFixed(1)} ms, middle page ${median(deep).toFixed(1)} ms`,
        );
      }
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (benchDatabase) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database ${benchDatabase} with (force)`);
      await admin.end();
    }
  }
}

await run('PGlite');
if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL', process.env.BENCH_DATABASE_URL);
