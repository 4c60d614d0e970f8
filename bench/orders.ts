/**
 * Orders spread over many portfolios on PostgreSQL: 64 players, each in their own portfolio,
 * place market BUY orders as fast as the server answers them. Orders per second are a ratio of
 * pgbench's TPC-B transactions per second on the same server in the same run (pgbench runs
 * first, on its own database, when it is installed); the target is 0.30 with a p99 of 50 ms or
 * less, and every answered order must be in the database exactly once (each carries its own
 * Idempotency-Key, and half of them are sent twice).
 *
 * Needs BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test); it creates and drops
 * its own databases. `npm run bench:orders`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { startApp } from './support/servers.ts';

const PLAYERS = 64;
const SECONDS = 8;
const PORT = 3931;
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

const agent = new http.Agent({ keepAlive: true, maxSockets: PLAYERS });

/** POSTs a JSON body and reads the whole answer; resolves with the status. */
function post(url: URL, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
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
});

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

  // The load: every player places orders back to back until the time is up, each on a
  // kept-alive connection of its own (node:http: `fetch` cost the load generator twice the CPU,
  // on the 2 cores the server and PostgreSQL share with it).
  const ordersUrl = new URL(`${app.url}/api/contest-user-orders/`);
  const latencies: number[] = [];
  const answeredKeys = new Set<string>();
  let failures = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    players.map(async (player, playerIndex) => {
      let sent = 0;
      while (performance.now() < deadline) {
        const key = randomUUID();
        const body = JSON.stringify({
          contest_user: player.contestUser,
          security: 1 + ((playerIndex + sent) % 20),
          order_type: 'BUY',
          quantity: 1,
        });
        // Every other order is sent twice with the same key, as a retrying client would.
        for (let copy = 0; copy < (sent % 2 === 0 ? 2 : 1); copy += 1) {
          const before = performance.now();
          const status = await post(ordersUrl, { ...player.auth, 'idempotency-key': key }, body);
          latencies.push(performance.now() - before);
          if (status === 201 || status === 200) answeredKeys.add(key);
          else failures += 1;
        }
        sent += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  const stored = await withAdmin(appUrl, async (client) => {
    const { rows } = await client.query<{ orders: string; keys: string; filled: string }>(
      `select count(*) as orders, count(distinct (contest_user_id, idempotency_key)) as keys,
              count(*) filter (where status = 'filled') as filled
       from orders`,
    );
    return rows[0]!;
  });
  const ordersPerSecond = answeredKeys.size / elapsed;
  const sorted = latencies.sort((a, b) => a - b);
  const p99 = percentile(sorted, 0.99);
  const lostOrDuplicated =
    Math.abs(Number(stored.orders) - answeredKeys.size) +
    (Number(stored.orders) - Number(stored.keys));

  console.log(`\nOrders on PostgreSQL, ${PLAYERS} players each in their own portfolio`);
  console.log('| measure | value | target | mark |');
  console.log('| --- | ---: | ---: | --- |');
  if (tps !== null) {
    const ratio = ordersPerSecond / tps;
    console.log(`| pgbench TPC-B tps (baseline, 16 clients, scale 16) | ${tps.toFixed(0)} | | |`);
    console.log(
      `| orders/s (${answeredKeys.size} orders, ${latencies.length} requests, ${failures} refused) | ${ordersPerSecond.toFixed(0)} | | |`,
    );
    console.log(
      `| ratio to pgbench | ${ratio.toFixed(3)} | ≥ ${TARGET_RATIO} | ${ratio >= TARGET_RATIO ? 'pass' : 'short'} |`,
    );
  } else {
    console.log(
      `| orders/s (pgbench not installed: no ratio) | ${ordersPerSecond.toFixed(0)} | | |`,
    );
  }
  console.log(
    `| p50 / p99 ms | ${percentile(sorted, 0.5).toFixed(1)} / ${p99.toFixed(1)} | p99 ≤ ${TARGET_P99_MS} | ${p99 <= TARGET_P99_MS ? 'pass' : 'short'} |`,
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
