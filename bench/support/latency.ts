import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A request to the app on loopback (only), as JSON, signed in when `token` is given. */
export async function call(
  url: string,
  init: RequestInit & { token?: string } = {},
): Promise<Response> {
  if (!new URL(url).hostname.startsWith('127.')) throw new Error('benchmarks only target loopback');
  const { token, ...rest } = init;
  return fetch(url, {
    ...rest,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `JWT ${token}` } : {}),
    },
  });
}

export type SignedIn = { token: string; user: { id: number } };

/** Signs a demo account in (`SEED_DEMO` is on in `startApp`). */
export async function login(base: string, username: string, password: string): Promise<SignedIn> {
  const response = await call(`${base}/api-token-auth/`, {
    method: 'POST',
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  return (await response.json()) as SignedIn;
}

export type Latencies = { name: string; count: number; p50: number; p99: number; max: number };

/**
 * Each client sends its request back to back until `until` settles (and for at least `seconds`):
 * each answer's latency as the client waited for it. A request stuck behind a blocked event loop
 * counts for the whole wait, which a load generator that stops at its deadline would leave out.
 */
export async function probe(
  name: string,
  clients: (() => Promise<unknown>)[],
  until: Promise<unknown>,
  seconds: number,
): Promise<Latencies> {
  let done = false;
  const minimum = new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  void Promise.all([until, minimum]).then(() => (done = true));
  const latencies: number[] = [];
  await Promise.all(
    clients.map(async (request) => {
      while (!done) {
        const started = performance.now();
        await request();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!;
  return { name, count: latencies.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** The latency table of `probe`'s rows, under `title`. */
export function printLatencies(title: string, rows: Latencies[]): void {
  console.log(`\n${title}`);
  console.log('| request | answers | p50 ms | p99 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.count} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} |`,
    );
  }
}

async function withAdmin(databaseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Runs `body` with the app's environment for one engine: PGlite when `databaseUrl` is absent,
 * or PostgreSQL in a database of its own, dropped afterwards.
 */
export async function withBenchDatabase(
  databaseUrl: string | undefined,
  body: (env: Record<string, string>) => Promise<void>,
): Promise<void> {
  if (!databaseUrl) return body({});
  const databaseName = `bullpen_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(databaseUrl, `create database ${databaseName}`);
  try {
    const url = Object.assign(new URL(databaseUrl), { pathname: `/${databaseName}` });
    await body({ DATABASE_URL: url.toString() });
  } finally {
    await withAdmin(databaseUrl, `drop database if exists ${databaseName} with (force)`);
  }
}
