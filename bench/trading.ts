/**
 * Trading: orders per second (market BUY orders that fill) as a ratio of `GET /api/health`
 * measured in the same run, and leaderboard time (top, middle and last page) for contests of
 * 10,000 and 100,000 members, each against its targets: at most 50 ms at 100,000 members, and
 * at most 3 times the 10,000-member time (how the cost grows). Runs on PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test).
 * `npm run bench:trading`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { measure, report, startApp } from './support/servers.ts';

/** Orders into one portfolio as a share of `GET /api/health` (issue #13). */
const HOT_TARGET = 0.1;

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
  for (const [code, members] of [
    ['BENCH10K', 10_000],
    ['BENCH100K', 100_000],
  ] as const) {
    // Values spread over ±20% with many ties, as in a real class after a few weeks.
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
  // A revaluation of the whole 100,000-member contest (every value moves), as the trading job
  // does each minute: with the board re-ranked by its trigger, against the same update with
  // the trigger off, in the same run.
  const revalue = async (step: number) => {
    const at = performance.now();
    await database.db.execute(sql`
      update contest_users set value_cents = value_cents + (id * 13 % 7 - 3) * ${step}
      where contest_id = (select id from contests where join_code = 'BENCH100K')`);
    return performance.now() - at;
  };
  await database.db.execute(sql`alter table contest_users disable trigger contest_board_on_update`);
  const bare = await revalue(100);
  await database.db.execute(sql`alter table contest_users enable trigger contest_board_on_update`);
  // Put the values back first, so the board (which missed the bare update) is right again.
  await revalue(-100);
  const ranked = await revalue(100);
  console.log(
    `revaluing 100,000 members: ${bare.toFixed(0)} ms without the board, ${ranked.toFixed(0)} ms with it re-ranked (ratio ${(ranked / bare).toFixed(2)})`,
  );
  await database.close();
}

async function timeRequests(url: string, token: string, count: number): Promise<number> {
  // Unmeasured warm-up, so the first contest measured pays no cold cache the second does not.
  for (let index = 0; index < 3; index += 1) {
    await (await fetch(url, { headers: { authorization: `JWT ${token}` } })).arrayBuffer();
  }
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(url, { headers: { authorization: `JWT ${token}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  }
  return (performance.now() - started) / count;
}

async function run(engine: string, port: number, databaseUrl?: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-bench-trading-'));
  let adminDatabase: string | undefined;
  if (databaseUrl) {
    adminDatabase = `bullpen_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${adminDatabase}`);
    await admin.end();
  }
  const appDatabaseUrl = adminDatabase
    ? Object.assign(new URL(databaseUrl!), { pathname: `/${adminDatabase}` }).toString()
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
    const signup = await fetch(`${app.url}/api/users/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'bench.trader',
        email: 'trader@bench.test',
        password: 'bench trader secret',
        first_name: 'Bench',
        last_name: 'Trader',
      }),
    });
    const { token } = (await signup.json()) as { token: string };
    if (!token) throw new Error('sign-up failed');
    const auth = { authorization: `JWT ${token}` };
    const contest = await fetch(`${app.url}/api/contests/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({
        name: 'Bench orders',
        visibility: 'public',
        starts_at: new Date(Date.now() - 3_600_000).toISOString(),
        ends_at: new Date(Date.now() + 86_400_000).toISOString(),
        starting_cash: 1_000_000_000,
      }),
    });
    const { my_contest_user: contestUser } = (await contest.json()) as { my_contest_user: number };

    const health = await measure('GET /api/health', { url: `${app.url}/api/health`, seconds: 3 });
    const orders = await measure('POST /api/contest-user-orders/ (BUY 1, fills)', {
      url: `${app.url}/api/contest-user-orders/`,
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        contest_user: contestUser,
        security: 2,
        order_type: 'BUY',
        quantity: 1,
      }),
      seconds: 3,
    });
    report(`Trading on ${engine} (ratio to GET /api/health)`, health, [orders]);
    const hot = orders.requestsPerSecond / health.requestsPerSecond;
    console.log(
      `one hot portfolio: ${hot.toFixed(3)} of health / 0.10 target = ${(hot / HOT_TARGET).toFixed(2)} ${hot >= HOT_TARGET ? 'pass' : 'SHORT'}`,
    );

    const ids = (await (
      await fetch(`${app.url}/api/contests/?type=public&page_size=50`, { headers: auth })
    ).json()) as {
      results: { id: number; name: string }[];
    };
    const idOf = (name: string) => ids.results.find((row) => row.name === name)!.id;
    console.log(`\nLeaderboard on ${engine} (mean of 30 sequential requests, 20 rows each)`);
    console.log('| contest | top page ms | middle page ms | last page ms |');
    console.log('| --- | ---: | ---: | ---: |');
    const pages = ['top', 'middle', 'last'] as const;
    const times: Record<number, Record<(typeof pages)[number], number>> = {};
    for (const [name, members] of [
      ['Bench 10k', 10_000],
      ['Bench 100k', 100_000],
    ] as const) {
      const url = `${app.url}/api/contest-users/leaderboard/?contest=${idOf(name)}&page_size=20`;
      const [top, middle, last] = [
        await timeRequests(url, token, 30),
        await timeRequests(`${url}&page=${members / 40}`, token, 30),
        await timeRequests(`${url}&page=${members / 20}`, token, 30),
      ];
      times[members] = { top: top!, middle: middle!, last: last! };
      console.log(
        `| ${members.toLocaleString('en-US')} members | ${top!.toFixed(1)} | ${middle!.toFixed(1)} | ${last!.toFixed(1)} |`,
      );
    }
    // What the stored board costs writers: a join (or a return) and a leave at the starting
    // cash write only their own line (docs/decisions/048-join-cost.md; bench/join.ts).
    for (const [name, members] of [
      ['Bench 10k', 10_000],
      ['Bench 100k', 100_000],
    ] as const) {
      const cycles = 5;
      let joining = 0;
      let leaving = 0;
      for (let cycle = 0; cycle < cycles; cycle += 1) {
        let started = performance.now();
        const joined = await fetch(`${app.url}/api/contest-users/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify({ contest: idOf(name) }),
        });
        if (!joined.ok) throw new Error(`join: ${joined.status}`);
        const { id } = (await joined.json()) as { id: number };
        joining += performance.now() - started;
        started = performance.now();
        const left = await fetch(`${app.url}/api/contest-users/${id}/`, {
          method: 'DELETE',
          headers: auth,
        });
        if (!left.ok) throw new Error(`leave: ${left.status}`);
        leaving += performance.now() - started;
      }
      console.log(
        `${members.toLocaleString('en-US')} members: join ${(joining / cycles).toFixed(1)} ms, leave ${(leaving / cycles).toFixed(1)} ms (mean of ${cycles})`,
      );
    }
    // Targets (issue #13): any page of a 100,000-member board within 50 ms, and ten times the
    // members at most three times the time.
    const mark = (ok: boolean) => (ok ? 'pass' : 'SHORT');
    for (const page of pages) {
      const big = times[100_000]![page];
      const ratio = big / times[10_000]![page];
      console.log(
        `${page} page, 100k: ${big.toFixed(1)} ms / 50 ms target = ${(big / 50).toFixed(2)} ${mark(big <= 50)}; ` +
          `100k / 10k = ${ratio.toFixed(2)} / 3 target = ${(ratio / 3).toFixed(2)} ${mark(ratio <= 3)}`,
      );
    }
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (adminDatabase) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${adminDatabase} with (force)`);
      await admin.end();
    }
  }
}

await run('PGlite', 3921);
if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL', 3922, process.env.BENCH_DATABASE_URL);
