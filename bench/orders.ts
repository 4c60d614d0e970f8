/**
 * Orders spread over many portfolios on PostgreSQL: 64 players, each in their own portfolio,
 * place market BUY orders, each on a kept-alive connection of its own. Two runs:
 * - as fast as the server answers (each player's next order waits for the last): orders per
 *   second as a ratio of pgbench's TPC-B transactions per second on the same server in the
 *   same run (pgbench runs first, on its own database, when it is installed); target 0.30;
 * - paced at that target, 0.30 of pgbench's tps in all: the p99 of each order's time, counted
 *   from when it was due, not from when it went (so a wait behind a slow answer counts);
 *   target 50 ms. Run as fast as answered, 64 players waiting in turn would measure only
 *   the queue they make (64 divided by the rate), whatever the server does.
 * Every answered order must be in the database exactly once (each carries its own
 * Idempotency-Key, and half of them are sent twice).
 *
 * Needs BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test); it creates and drops
 * its own databases. BENCH_WORKERS=2 runs the app as two server processes (`WORKERS`).
 * `npm run bench:orders`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { KeepAliveConnection } from './support/keep-alive.ts';
import { startApp } from './support/servers.ts';

const PLAYERS = 64;
const SECONDS = 8;
const PORT = 3931;
const WORKERS = process.env.BENCH_WORKERS ?? '1';
const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 50;

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  return Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
}

/** pgbench's TPC-B-like script: 16 clients over scale 16, so clients rarely share a branch. */
function pgbenchTps(url: string): number | null {
  if (spawnSync('pgbench', ['--version']).status !== 0) return null;
  execFileSync('pgbench', ['-i', '-q', '-s', '16', url], { stdio: 'ignore' });
  const output = execFileSync(
    'pgbench',
    ['-c', '16', '-j', '2', '-T', String(SECONDS), '-M', 'prepared', '-n', url],
    { encoding: 'utf8' },
  );
  const match = /tps = ([\d.]+)/.exec(output);
  if (!match) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(match[1]);
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.log('bench:orders needs BENCH_DATABASE_URL (PostgreSQL); skipped.');
  process.exit(0);
}

const suffix = randomBytes(4).toString('hex');
const appDatabase = `bullpen_bench_orders_${suffix}`;
const pgbenchDatabase = `bullpen_bench_pgbench_${suffix}`;
await withAdmin(serverUrl, async (admin) => {
  await admin.query(`create database ${appDatabase}`);
  await admin.query(`create database ${pgbenchDatabase}`);
});
const appUrl = databaseUrl(serverUrl, appDatabase);
const app = await startApp(PORT, {
  DATABASE_URL: appUrl,
  MARKET_CALENDAR: 'always',
  MARKET_TICK_SECONDS: '0',
  SEED_DEMO: 'false',
  AUTH_RATE_LIMIT_MAX: '1000',
  WORKERS,
});
// Let every worker start listening before the players connect.
await new Promise((resolve) => setTimeout(resolve, 3000 * (Number(WORKERS) - 1)));

try {
  const tps = pgbenchTps(databaseUrl(serverUrl, pgbenchDatabase));

  // The players: each signs up and joins one public contest, in small batches.
  const players: { auth: Record<string, string>; contestUser: number }[] = [];
  let contestId = 0;
  for (let index = 0; index < PLAYERS; index += 1) {
    const { token } = await json<{ token: string }>(
      await fetch(`${app.url}/api/users/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `orders.player${index}`,
          email: `player${index}@bench.test`,
          password: 'bench player secret',
          first_name: 'Bench',
          last_name: `Player ${index}`,
          date_of_birth: '1990-01-01',
        }),
      }),
      'sign-up',
    );
    const auth = { authorization: `JWT ${token}`, 'content-type': 'application/json' };
    if (index === 0) {
      const created = await json<{ id: number; my_contest_user: number }>(
        await fetch(`${app.url}/api/contests/`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            name: 'Bench many portfolios',
            visibility: 'public',
            starts_at: new Date(Date.now() - 3_600_000).toISOString(),
            ends_at: new Date(Date.now() + 86_400_000).toISOString(),
            starting_cash: 1_000_000_000,
          }),
        }),
        'create contest',
      );
      contestId = created.id;
      players.push({ auth, contestUser: created.my_contest_user });
      continue;
    }
    const joined = await json<{ id: number }>(
      await fetch(`${app.url}/api/contest-users/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ contest: contestId }),
      }),
      'join contest',
    );
    players.push({ auth, contestUser: joined.id });
  }

  // The load, twice: first as fast as the server answers (each player's next order waits for
  // the last), which measures the most it does; then paced at the target's rate, which
  // measures the latency a class sees at that rate: each order's time counts from when it was
  // due, so an order held up behind a slow one still counts its wait.
  const connections = await Promise.all(
    players.map(() => KeepAliveConnection.open(new URL(app.url))),
  );
  const ordersPath = '/api/contest-user-orders/';
  const answeredKeys = new Set<string>();
  const orderCounts = players.map(() => 0);

  /** Every player's orders for `seconds`, back to back, or `pace` orders a second in all. */
  async function drive(seconds: number, pace?: number) {
    const latencies: number[] = [];
    const answered = new Set<string>();
    let failures = 0;
    // Every other order is sent twice with the same key, as a retrying client would: three
    // requests for two orders.
    const gapMs = pace ? (players.length * 1000) / (pace * 1.5) : 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      players.map(async (player, playerIndex) => {
        let due = started + (gapMs * playerIndex) / players.length;
        while ((pace ? due : performance.now()) < deadline) {
          const sent = orderCounts[playerIndex]!;
          orderCounts[playerIndex] = sent + 1;
          const key = randomUUID();
          const body = JSON.stringify({
            contest_user: player.contestUser,
            security: 1 + ((playerIndex + sent) % 20),
            order_type: 'BUY',
            quantity: 1,
          });
          const headers = { ...player.auth, 'idempotency-key': key };
          for (let copy = 0; copy < (sent % 2 === 0 ? 2 : 1); copy += 1) {
            if (pace) {
              const wait = due - performance.now();
              if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            } else {
              due = performance.now();
            }
            const status = await connections[playerIndex]!.request(
              'POST',
              ordersPath,
              headers,
              body,
            );
            latencies.push(performance.now() - due);
            due += gapMs;
            if (status === 201 || status === 200) answered.add(key);
            else failures += 1;
          }
        }
      }),
    );
    for (const key of answered) answeredKeys.add(key);
    const elapsed = (performance.now() - started) / 1000;

    return {
      ordersPerSecond: answered.size / elapsed,
      orders: answered.size,
      requests: latencies.length,
      failures,
      latencies: latencies.sort((a, b) => a - b),
    };
  }

  // Each run starts with the pages written before it on disk (pgbench's, the last run's):
  // written out during a run, they would slow its WAL flushes.
  const checkpoint = () => withAdmin(serverUrl, (admin) => admin.query('checkpoint'));
  await checkpoint();
  const flat = await drive(SECONDS);
  // Without pgbench there is no target rate: half the most the server did stands in for it.
  const paceRate = tps !== null ? TARGET_RATIO * tps : flat.ordersPerSecond / 2;
  await checkpoint();
  const paced = await drive(SECONDS, paceRate);
  for (const connection of connections) connection.close();

  const stored = await withAdmin(appUrl, async (client) => {
    const { rows } = await client.query<{ orders: string; keys: string; filled: string }>(
      `select count(*) as orders, count(distinct (contest_user_id, idempotency_key)) as keys,
              count(*) filter (where status = 'filled') as filled
       from orders`,
    );
    return rows[0]!;
  });
  const lostOrDuplicated =
    Math.abs(Number(stored.orders) - answeredKeys.size) +
    (Number(stored.orders) - Number(stored.keys));
  const ms = (run: typeof flat) =>
    `${percentile(run.latencies, 0.5).toFixed(1)} / ${percentile(run.latencies, 0.99).toFixed(1)}`;
  const counts = (run: typeof flat) =>
    `${run.orders} orders, ${run.requests} requests, ${run.failures} refused`;
  const p99 = percentile(paced.latencies, 0.99);
  const mark = (ok: boolean) => (ok ? 'pass' : 'short');

  console.log(
    `\nOrders on PostgreSQL, ${PLAYERS} players each in their own portfolio, ${WORKERS} server process(es)`,
  );
  console.log('| measure | value | target | mark |');
  console.log('| --- | ---: | ---: | --- |');
  if (tps !== null) {
    const ratio = flat.ordersPerSecond / tps;
    console.log(`| pgbench TPC-B tps (baseline, 16 clients, scale 16) | ${tps.toFixed(0)} | | |`);
    console.log(
      `| orders/s, as fast as answered (${counts(flat)}) | ${flat.ordersPerSecond.toFixed(0)} | | |`,
    );
    console.log(
      `| ratio to pgbench | ${ratio.toFixed(3)} | ≥ ${TARGET_RATIO} | ${mark(ratio >= TARGET_RATIO)} |`,
    );
  } else {
    console.log(
      `| orders/s, as fast as answered (pgbench not installed: no ratio; ${counts(flat)}) | ${flat.ordersPerSecond.toFixed(0)} | | |`,
    );
  }
  console.log(
    `| p50 / p99 ms as fast as answered (${PLAYERS} waiting in turn) | ${ms(flat)} | | |`,
  );
  console.log(
    `| orders/s paced at ${tps !== null ? `${TARGET_RATIO} of pgbench` : 'half the most'} (${counts(paced)}) | ${paced.ordersPerSecond.toFixed(0)} of ${paceRate.toFixed(0)} | | |`,
  );
  console.log(
    `| p50 / p99 ms at that pace, from when each was due | ${ms(paced)} | p99 ≤ ${TARGET_P99_MS} | ${mark(p99 <= TARGET_P99_MS && paced.ordersPerSecond >= paceRate * 0.95)} |`,
  );
  console.log(
    `| orders lost or duplicated (${stored.orders} stored, ${stored.filled} filled) | ${lostOrDuplicated} | 0 | ${lostOrDuplicated === 0 ? 'pass' : 'FAIL'} |`,
  );
} finally {
  await app.stop();
  await withAdmin(serverUrl, async (admin) => {
    await admin.query(`drop database if exists ${appDatabase} with (force)`);
    await admin.query(`drop database if exists ${pgbenchDatabase} with (force)`);
  });
}
