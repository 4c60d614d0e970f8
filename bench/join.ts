/**
 * Joining a big contest (issue #50): the time of one join (a new user joining through the API,
 * `POST /api/contest-users/`) to the seeded 10,000- and 100,000-member contests, their ratio
 * (target: about 1, a join's cost independent of the contest's size), and the time of a
 * leaderboard page requested while a join runs (target: at most 50 ms). Runs on PGlite, and on
 * PostgreSQL when BENCH_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test).
 * `npm run bench:join`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { startApp } from './support/servers.ts';

const JOINS = 10;
const PAGE_TARGET_MS = 50;

const CONTESTS = [
  ['BENCH10K', 10_000],
  ['BENCH100K', 100_000],
] as const;

/** The two contests of bench/trading.ts: values spread over ±20% of the starting cash, ties. */
async function seed(options: { databaseUrl?: string; dataDir: string }): Promise<void> {
  const database = await openDatabase(options);
  const started = performance.now();
  await database.db.execute(sql`
    insert into users (username, email, password_hash, first_name, last_name)
    select 'bench' || g, 'bench' || g || '@bench.test', 'x', 'Bench', 'Player ' || g
    from generate_series(1, 100000) as g`);
  await database.db.execute(sql`
    insert into contests (name, visibility, join_code, starts_at, ends_at, starting_cash_cents)
    values ('Bench 10k', 'public', 'BENCH10K', now() - interval '1 day', now() + interval '30 day', 10000000),
           ('Bench 100k', 'public', 'BENCH100K', now() - interval '1 day', now() + interval '30 day', 10000000)`);
  for (const [code, members] of CONTESTS) {
    await database.db.execute(sql`
      insert into contest_users (contest_id, user_id, cash_cents, value_cents)
      select c.id, u.id, 10000000, 8000000 + (u.id * 7919 % 4000) * 1000
      from users u, contests c
      where c.join_code = ${code} and u.username like 'bench%'
      order by u.id limit ${members}`);
  }
  console.log(
    `seeded 100,000 users and 110,000 members in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.close();
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function run(engine: string, port: number, databaseUrl?: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-bench-join-'));
  let benchDatabase: string | undefined;
  if (databaseUrl) {
    benchDatabase = `bullpen_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${benchDatabase}`);
    await admin.end();
  }
  const appDatabaseUrl = benchDatabase
    ? Object.assign(new URL(databaseUrl!), { pathname: `/${benchDatabase}` }).toString()
    : undefined;
  await seed({ databaseUrl: appDatabaseUrl, dataDir });
  const app = await startApp(
    port,
    {
      MARKET_CALENDAR: 'always',
      MARKET_TICK_SECONDS: '0',
      ...(appDatabaseUrl ? { DATABASE_URL: appDatabaseUrl } : {}),
    },
    dataDir,
  );
  try {
    // One fresh account per join: each join is a new member (the largest id at the start value).
    const tokens: string[] = [];
    for (let index = 0; index < (2 * JOINS + 1) * CONTESTS.length + 1; index += 1) {
      const signup = await fetch(`${app.url}/api/users/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `bench.joiner${index}`,
          email: `joiner${index}@bench.test`,
          password: 'bench joiner secret',
          first_name: 'Bench',
          last_name: `Joiner ${index}`,
          date_of_birth: '1990-01-01',
        }),
      });
      const { token } = (await signup.clone().json()) as { token?: string };
      if (!token)
        throw new Error(
          `sign-up failed: ${signup.status} ${JSON.stringify(await signup.json().catch(() => null))}`,
        );
      tokens.push(token);
    }
    const viewer = { authorization: `JWT ${tokens.pop()!}` };
    const listed = (await (
      await fetch(`${app.url}/api/contests/?type=public&page_size=50`, { headers: viewer })
    ).json()) as { results: { id: number; name: string }[] };
    const idOf = (code: string) =>
      listed.results.find((row) => row.name === (code === 'BENCH10K' ? 'Bench 10k' : 'Bench 100k'))!
        .id;
    const page = async (url: string) => {
      const response = await fetch(url, { headers: viewer });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await response.arrayBuffer();
    };
    const join = async (token: string, contest: number) => {
      const response = await fetch(`${app.url}/api/contest-users/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify({ contest }),
      });
      if (!response.ok) throw new Error(`join: ${response.status}`);
      await response.arrayBuffer();
    };

    console.log(
      `\nJoining on ${engine} (${JOINS} new users per contest joining alone, then ${JOINS} more each with a page request)`,
    );
    console.log(
      '| contest | join ms (mean) | join ms (median) | middle / last page alone ms | page during a join ms |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: |');
    const joinTimes: Record<number, number> = {};
    const duringTimes: number[] = [];
    for (const [code, members] of CONTESTS) {
      const contest = idOf(code);
      // The middle page: on the old board it is among the lines a join shifts.
      const url = `${app.url}/api/contest-users/leaderboard/?contest=${contest}&page_size=20&page=${members / 40}`;
      for (let index = 0; index < 3; index += 1) await page(url);
      // One unmeasured join first, so no measured one pays a cold cache or a first plan.
      await join(tokens.pop()!, contest);
      const alone: number[] = [];
      for (let index = 0; index < 10; index += 1) alone.push((await timed(() => page(url)))[1]);
      const joins: number[] = [];
      for (let index = 0; index < JOINS; index += 1) {
        const token = tokens.pop()!;
        joins.push((await timed(() => join(token, contest)))[1]);
      }
      const during: number[] = [];
      for (let index = 0; index < JOINS; index += 1) {
        const token = tokens.pop()!;
        const joining = join(token, contest);
        // The page is asked for just after the join starts, so it meets the join's work.
        await new Promise((resolve) => setTimeout(resolve, 2));
        during.push((await timed(() => page(url)))[1]);
        await joining;
      }
      const last = `${app.url}/api/contest-users/leaderboard/?contest=${contest}&page_size=20&page=${Math.ceil((members + 2 * JOINS + 1) / 20)}`;
      const lastPage: number[] = [];
      for (let index = 0; index < 10; index += 1) lastPage.push((await timed(() => page(last)))[1]);
      joinTimes[members] = median(joins);
      duringTimes.push(...during);
      console.log(
        `| ${members.toLocaleString('en-US')} members | ${mean(joins).toFixed(1)} | ${median(joins).toFixed(1)} | ${mean(alone).toFixed(1)} / ${mean(lastPage).toFixed(1)} | ${mean(during).toFixed(1)} (max ${Math.max(...during).toFixed(1)}) |`,
      );
    }
    const ratio = joinTimes[100_000]! / joinTimes[10_000]!;
    const worst = Math.max(...duringTimes);
    const mark = (ok: boolean) => (ok ? 'pass' : 'SHORT');
    console.log(
      `join 100k / 10k (medians) = ${ratio.toFixed(2)} (target about 1) ${mark(ratio <= 1.5)}`,
    );
    console.log(
      `page during a join: mean ${mean(duringTimes).toFixed(1)} ms, worst ${worst.toFixed(1)} ms / ${PAGE_TARGET_MS} ms target = ${(worst / PAGE_TARGET_MS).toFixed(2)} ${mark(worst <= PAGE_TARGET_MS)}`,
    );
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (benchDatabase) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${benchDatabase} with (force)`);
      await admin.end();
    }
  }
}

await run('PGlite', 3800);
if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL', 3801, process.env.BENCH_DATABASE_URL);
