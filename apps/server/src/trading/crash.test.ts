import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseUrlFor } from '../test/database.ts';
import { START_TIMEOUT_MS, startServer as startServerProcess } from '../test/server-process.ts';

/**
 * A real server process, killed with SIGKILL in the middle of a burst of orders and started
 * again on the same data: no order is half-written, every acknowledged order survived, and
 * the books balance. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-crash-'));
/** The running server's address: the system picks its port at each start. */
let base = '';
const adminUrl = process.env.TEST_DATABASE_URL;
const databaseName = `bullpen_crash_${randomBytes(5).toString('hex')}`;
let server: ChildProcess | undefined;

async function startServer(): Promise<ChildProcess> {
  const { server: started, port } = await startServerProcess({
    DATA_DIR: dataDir,
    ...(adminUrl ? { DATABASE_URL: databaseUrlFor(adminUrl, databaseName) } : {}),
    SEED_DEMO: 'false',
    MARKET_CALENDAR: 'always',
    AUTH_RATE_LIMIT_MAX: '1000',
  });
  base = `http://127.0.0.1:${port}`;
  return started.child;
}

async function call(
  pathname: string,
  init: { method?: string; body?: unknown; token?: string; key?: string } = {},
) {
  const response = await fetch(`${base}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `JWT ${init.token}` } : {}),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

beforeAll(async () => {
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
  }
  server = await startServer();
}, START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
});

it('loses no acknowledged order and half-writes none when killed mid-burst', async () => {
  const signup = await call('/api/users/', {
    method: 'POST',
    body: {
      username: 'crash.kid',
      email: 'crash@school.test',
      password: 'sturdy pancake 42',
      first_name: 'Cy',
      last_name: 'Ro',
      date_of_birth: '2000-01-01',
    },
  });
  const token = signup.body.token as string;
  const contest = await call('/api/contests/', {
    method: 'POST',
    token,
    body: {
      name: 'Crash test',
      visibility: 'public',
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      ends_at: new Date(Date.now() + 86_400_000).toISOString(),
      starting_cash: 5_000_000,
      commission: 7,
    },
  });
  const contestUser = contest.body.my_contest_user as number;
  const securities = [1, 2, 3];

  const acknowledged: number[] = [];
  let sent = 0;
  let killed = false;
  const worker = async (lane: number) => {
    while (!killed && sent < 400) {
      sent += 1;
      const n = sent;
      const side = n % 3 === 0 ? 'SELL' : 'BUY';
      const result = await call('/api/contest-user-orders/', {
        method: 'POST',
        token,
        key: `burst-${lane}-${n}`,
        body: {
          contest_user: contestUser,
          security: securities[n % 3],
          order_type: side,
          quantity: 1 + (n % 4),
        },
      }).catch(() => null);
      if (result?.status === 201) acknowledged.push(result.body.id);
      if (acknowledged.length >= 60 && !killed) {
        killed = true;
        server!.kill('SIGKILL');
      }
    }
  };
  await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(worker));
  expect(killed).toBe(true);
  const killedServer = server!;
  if (killedServer.exitCode === null && killedServer.signalCode === null) {
    await new Promise((resolve) => killedServer.once('exit', resolve));
  }

  server = await startServer();
  const orders = (
    await call(`/api/contest-user-orders/?contest_user=${contestUser}&page_size=500`, { token })
  ).body;
  const ids = new Set(orders.results.map((order: { id: number }) => order.id));
  for (const id of acknowledged) expect(ids.has(id), `acknowledged order ${id}`).toBe(true);

  const filled = orders.results.filter((order: { status: string }) => order.status === 'filled');
  for (const order of filled) {
    expect(order.fill_price).toBeGreaterThan(0);
    expect(order.total).not.toBeNull();
  }
  const holdings = (
    await call(`/api/contest-user-securities/?contest_user=${contestUser}`, { token })
  ).body;
  const cashFromOrders = filled.reduce(
    (sum: number, order: { total: number }) => sum + order.total,
    5_000_000,
  );
  expect(holdings.cash).toBe(cashFromOrders);
  expect(holdings.cash).toBeGreaterThanOrEqual(0);
  for (const security of securities) {
    const shares = filled
      .filter((order: { security: number }) => order.security === security)
      .reduce(
        (sum: number, order: { order_type: string; quantity: number }) =>
          sum + (order.order_type === 'BUY' ? order.quantity : -order.quantity),
        0,
      );
    const held =
      holdings.results.find((row: { security: number }) => row.security === security)?.share ?? 0;
    expect(held, `shares of security ${security}`).toBe(shares);
  }
  const stats = (
    await call('/api/portfolio-stats/', {
      method: 'POST',
      token,
      body: { contest_user: contestUser },
    })
  ).body;
  expect(stats.value).toBe(
    5_000_000 + stats.realized_pnl + stats.unrealized_pnl - stats.commissions,
  );

  // The restarted server still trades, and the retried key of a committed order is not repeated.
  const again = await call('/api/contest-user-orders/', {
    method: 'POST',
    token,
    key: 'after-restart',
    body: { contest_user: contestUser, security: 1, order_type: 'BUY', quantity: 1 },
  });
  expect(again.status).toBe(201);
}, 360_000); // two starts (START_TIMEOUT_MS each) and the burst between them
