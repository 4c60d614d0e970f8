import fs from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { classroomChannel } from '@bullpen/contract/classroom-posts';
import { GUARDIAN_INVITATIONS_PER_DAY } from '@bullpen/contract/guardians';
import { api } from '@bullpen/contract/routes';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { ledgerSum } from '../points/service.ts';
import { buildUser, testConfig, testContentDir } from '../test/app.ts';
import { buildClassroom } from '../test/classrooms.ts';
import { createTestDatabase } from '../test/database.ts';
import { spawnServer, START_TIMEOUT_MS, type ServerProcess } from '../test/server-process.ts';

/**
 * The real server, several processes on one PostgreSQL database (issue #50,
 * docs/decisions/045-several-processes.md): two separate processes A and B, where every limit
 * is one count whichever process answers and an event caused through A reaches a socket on B;
 * and one `WORKERS=2` cluster that restarts its workers (SIGHUP) under a stream of requests
 * without a failed request or a lost write.
 */

const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (
    url: string,
    options?: { headers?: Record<string, string> },
  ) => {
    send: (data: string) => void;
    terminate: () => void;
    on: (event: string, listener: (...args: never[]) => void) => void;
    once: (event: string, listener: (...args: never[]) => void) => void;
  };
};

/** This file's ports (3721–3723); a fixed port, since a cluster's workers share the primary's. */
const PORT_A = 3721;
const PORT_B = 3722;
const PORT_CLUSTER = 3723;
const JWT_SECRET = 'processes-test-secret-of-at-least-32-characters';

type Answer = { status: number; body: string };

/** One request on a connection of its own (no keep-alive: each is routed afresh). */
function call(
  port: number,
  method: string,
  url: string,
  { body, headers = {} }: { body?: object; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        timeout: 20_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(payload);
  });
}

type Started = ServerProcess & {
  /** Every line of its output but the request lines (which `output()` keeps the end of). */
  notable: () => string;
};

/** Starts the server on `port` and waits for `ready` in its output and a healthy answer. */
async function startOn(port: number, env: Record<string, string>, ready: RegExp): Promise<Started> {
  const spawned = spawnServer({ ...env, HOST: '127.0.0.1', PORT: String(port) });
  let kept = '';
  let partial = '';
  spawned.child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!/"msg":"(incoming request|request completed)"/.test(line)) kept += `${line}\n`;
    }
  });
  const server: Started = { ...spawned, notable: () => kept };
  const deadline = Date.now() + START_TIMEOUT_MS;
  let ended: number | string | undefined;
  void server.exited.then((how) => (ended = how));
  while (ended === undefined && Date.now() < deadline) {
    if (ready.test(server.notable())) {
      const health = await call(port, 'GET', api.health.pattern).catch(() => null);
      if (health?.status === 200) return server;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server on ${port} did not start (${ended ?? 'timeout'}):\n${server.output()}`);
}

describe.runIf(inject('databaseTemplate').engine === 'postgres')(
  'several server processes on one PostgreSQL database',
  () => {
    let database: DatabaseHandle & { url?: string };
    let dataDir: string;
    /** An app on the same database that does not listen: it makes the users and the class. */
    let helper: FastifyInstance;
    let processA: Started;
    let processB: Started;
    let cluster: Started;

    beforeAll(async () => {
      database = await createTestDatabase();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-processes-'));
      helper = await buildApp({
        config: testConfig(dataDir, { DATABASE_URL: database.url, JWT_SECRET }),
        database,
      });
      await helper.ready();
      const env = {
        DATABASE_URL: database.url!,
        DATA_DIR: dataDir,
        JWT_SECRET,
        LOG_LEVEL: 'info',
        MARKET_TICK_SECONDS: '0',
        CONTENT_DIR: testContentDir,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        AUTH_RATE_LIMIT_MAX: '6',
        AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
        LOGIN_FAILURES_PER_ACCOUNT: '3',
        JOIN_CODE_MISSES_PER_ACCOUNT: '4',
      };
      [processA, processB, cluster] = await Promise.all([
        startOn(PORT_A, env, /Bullpen is ready/),
        startOn(PORT_B, env, /Bullpen is ready/),
        startOn(PORT_CLUSTER, { ...env, WORKERS: '2' }, /Bullpen is ready .*2 processes/),
      ]);
    }, 3 * START_TIMEOUT_MS);

    afterAll(async () => {
      for (const server of [processA, processB, cluster]) {
        if (server && server.child.exitCode === null) {
          server.child.kill('SIGTERM');
          await server.exited;
        }
      }
      await helper?.close();
      await database?.close();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('shares the auth routes’ rate limit: hits split over A and B reach one limit', async () => {
      const url = '/api/auth/send-reset-password-email/';
      const body = { email: 'nobody@school.test' };
      const statuses = [];
      for (let hit = 0; hit < 6; hit += 1) {
        statuses.push((await call(hit % 2 === 0 ? PORT_A : PORT_B, 'POST', url, { body })).status);
      }
      expect(statuses).not.toContain(429);
      // Three through each: either alone would still be under its 6.
      for (const port of [PORT_A, PORT_B]) {
        const refused = await call(port, 'POST', url, { body });
        expect(refused.status).toBe(429);
        expect(JSON.parse(refused.body).error).toMatch(/^Too many attempts\./);
      }
    });

    it('shares the human check’s challenge limit (30 a minute)', async () => {
      const url = api.humanChallenge.pattern;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, hit) => call(hit % 2 === 0 ? PORT_A : PORT_B, 'GET', url)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
      expect((await call(PORT_A, 'GET', url)).status).toBe(429);
      expect((await call(PORT_B, 'GET', url)).status).toBe(429);
    });

    it('shares the login throttle: failures through A and B count for one account', async () => {
      const { user } = await buildUser(helper.deps, { verified: true });
      const wrong = { username: user.username, password: 'not-the-password-at-all' };
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const port = attempt % 2 === 0 ? PORT_A : PORT_B;
        statuses.push((await call(port, 'POST', api.login.pattern, { body: wrong })).status);
      }
      expect(statuses).not.toContain(429);
      const throttled = await call(PORT_B, 'POST', api.login.pattern, { body: wrong });
      expect(throttled.status).toBe(429);
      expect(JSON.parse(throttled.body).error).toMatch(/wait/i);
    });

    it('shares the wrong-join-code limit: misses through A and B count for one account', async () => {
      const student = await buildUser(helper.deps, { verified: true });
      const miss = (port: number) =>
        call(port, 'POST', api.joinClassroom.pattern, {
          body: { code: 'WRONG001' },
          headers: student.auth,
        });
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await miss(attempt % 2 === 0 ? PORT_A : PORT_B)).status);
      }
      // Two through each: either alone would still be under its 4.
      expect(statuses).not.toContain(429);
      expect((await miss(PORT_A)).status).toBe(429);
      expect((await miss(PORT_B)).status).toBe(429);
    });

    it('shares the guardian invitations a day: sent at once through A and B, 5 in all', async () => {
      const student = await buildUser(helper.deps, { verified: true });
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          call(n % 2 === 0 ? PORT_A : PORT_B, 'POST', api.guardianInvitations.pattern, {
            body: { email: `parent${n}@home.test` },
            headers: student.auth,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(
        GUARDIAN_INVITATIONS_PER_DAY,
      );
      expect(
        statuses
          .filter((status) => status !== 201)
          .every((status) => status >= 400 && status < 500),
      ).toBe(true);
      const stored = (await helper.deps.db.execute(
        sql`select count(*)::int as count from guardian_invitations where child_id = ${student.user.id}`,
      )) as unknown as { rows: [{ count: number }] };
      expect(stored.rows[0].count).toBe(GUARDIAN_INVITATIONS_PER_DAY);
    });

    it('pays a finished module once, whichever process each of ten finishes reaches', async () => {
      const student = await buildUser(helper.deps, { verified: true });
      const modules = JSON.parse(
        (await call(PORT_A, 'GET', api.zogoModules.pattern, { headers: student.auth })).body,
      ) as { id: number; slug: string }[];
      const module = modules.find((candidate) => candidate.slug === 'save-first')!;
      const detail = JSON.parse(
        (
          await call(PORT_A, 'GET', api.zogoModule.build({ id: module.id }), {
            headers: student.auth,
          })
        ).body,
      ) as { cards: unknown[] };
      // The cards were played ten minutes ago (through the helper app, its clock set back).
      const realNow = helper.zogo.clock.now;
      const earlier = new Date(realNow().getTime() - 10 * 60_000);
      helper.zogo.clock.now = () => earlier;
      try {
        for (let card = 0; card < detail.cards.length; card += 1) {
          const started = await helper.inject({
            method: 'POST',
            url: api.zogoCardStart.build({ id: module.id, card }),
            headers: student.auth,
          });
          expect(started.statusCode).toBe(200);
        }
      } finally {
        helper.zogo.clock.now = realNow;
      }
      const { zogo_token } = JSON.parse(
        (await call(PORT_B, 'GET', api.zogoToken.pattern, { headers: student.auth })).body,
      ) as { zogo_token: string };
      const body = {
        module: module.id,
        answers: [
          { question: 'first-step', choice: 1 },
          { question: 'ten-of-hundred', choice: 1 },
        ],
        zogo_token,
      };
      const finishes = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          call(n % 2 === 0 ? PORT_A : PORT_B, 'PUT', api.zogoPoints.pattern, {
            body,
            headers: student.auth,
          }),
        ),
      );
      expect(finishes.map((finish) => finish.status)).toEqual(Array(10).fill(200));
      const paid = finishes.map(
        (finish) => (JSON.parse(finish.body) as { points_awarded: number }).points_awarded,
      );
      expect(paid.filter((points) => points > 0)).toHaveLength(1);
      expect(await ledgerSum(helper.deps.db, student.user.id)).toBe(Math.max(...paid));
    });

    it('places an order once when its Idempotency-Key reaches A and B at once', async () => {
      const player = await buildUser(helper.deps, { verified: true });
      const created = await call(PORT_A, 'POST', api.contests.pattern, {
        body: {
          name: 'Across processes',
          visibility: 'private',
          starts_at: new Date(Date.now() - 3_600_000).toISOString(),
          ends_at: new Date(Date.now() + 86_400_000).toISOString(),
          starting_cash: 10_000_000,
        },
        headers: player.auth,
      });
      expect(created.status, created.body).toBe(201);
      const contestUser = (JSON.parse(created.body) as { my_contest_user: number }).my_contest_user;
      const headers = { ...player.auth, 'idempotency-key': 'one-order-two-processes' };
      const order = { contest_user: contestUser, security: 1, order_type: 'BUY', quantity: 2 };
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          call(n % 2 === 0 ? PORT_A : PORT_B, 'POST', api.orders.pattern, { body: order, headers }),
        ),
      );
      const ids = answers.map((answer) => {
        expect([200, 201], answer.body).toContain(answer.status);
        return (JSON.parse(answer.body) as { id: number }).id;
      });
      expect(new Set(ids).size).toBe(1);
      const history = await call(
        PORT_B,
        'GET',
        `${api.orders.pattern}?contest_user=${contestUser}`,
        {
          headers: player.auth,
        },
      );
      expect((JSON.parse(history.body) as { count: number }).count).toBe(1);
    });

    it('brings a post made through A to a socket on B', async () => {
      const teacher = await buildUser(helper.deps, {
        is_teacher: true,
        verified: true,
        trusted: true,
      });
      const student = await buildUser(helper.deps, { verified: true });
      const classroom = await buildClassroom(helper.deps, teacher.user.id, {
        studentIds: [student.user.id],
      });
      const socket = new WebSocket(`ws://127.0.0.1:${PORT_B}/ws`, { headers: student.auth });
      try {
        const received: { type: string; channel?: string; post?: { message: string } }[] = [];
        socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString())));
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', (error: Error) => reject(error));
        });
        const channel = classroomChannel(classroom.id);
        socket.send(JSON.stringify({ type: 'subscribe', channel }));
        await expect
          .poll(() => received.some((message) => message.type === 'subscribed'))
          .toBe(true);
        const posted = await call(PORT_A, 'POST', api.classroomPosts.build({ id: classroom.id }), {
          body: { message: 'Across processes' },
          headers: teacher.auth,
        });
        expect(posted.status, posted.body).toBe(201);
        await expect
          .poll(() => received.find((message) => message.type === 'post'), { timeout: 10_000 })
          .toMatchObject({ channel, post: { message: 'Across processes' } });
      } finally {
        socket.terminate();
      }
    });

    it(
      'restarts the workers one at a time (SIGHUP) under requests: none fails, no write is lost',
      async () => {
        const writers = await Promise.all(
          Array.from({ length: 10 }, () => buildUser(helper.deps, { verified: true })),
        );
        // A socket on the cluster is told 1001 (going away) when its worker closes.
        const socket = new WebSocket(`ws://127.0.0.1:${PORT_CLUSTER}/ws`);
        const closed = new Promise<number>((resolve) =>
          socket.on('close', (code: number) => resolve(code)),
        );
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', (error: Error) => reject(error));
        });

        const budgetsUrl = api.masterBudgets.pattern;
        const outcomes: { kind: 'read' | 'write'; status: number | string }[] = [];
        let restarted = false;
        let sent = 0;
        let writes = 0;
        // Bounded: at least 200 requests, and on until the restart is done (at most 3000).
        const lane = async () => {
          while ((sent < 200 || !restarted) && sent < 3000) {
            sent += 1;
            const write = sent % 4 === 0 && writes < writers.length * 20;
            let answer: Promise<Answer>;
            if (write) {
              const writer = writers[writes % writers.length]!;
              writes += 1;
              answer = call(PORT_CLUSTER, 'POST', budgetsUrl, {
                body: { name: `Budget ${writes}` },
                headers: writer.auth,
              });
            } else {
              answer = call(PORT_CLUSTER, 'GET', api.health.pattern);
            }
            outcomes.push({
              kind: write ? 'write' : 'read',
              status: await answer.then(
                (result) => result.status,
                (error: Error) => error.message,
              ),
            });
            await new Promise((resolve) => setTimeout(resolve, 40));
          }
        };
        const primary = cluster.child.pid!;
        const restartDone = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 500));
          process.kill(primary, 'SIGHUP');
          while (!cluster.notable().includes('rolling restart done')) {
            if (cluster.child.exitCode !== null) throw new Error(cluster.notable());
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          restarted = true;
        })();
        await Promise.all([lane(), lane(), lane(), restartDone]);

        const failed = outcomes.filter(
          (outcome) => outcome.status !== (outcome.kind === 'write' ? 201 : 200),
        );
        expect(failed).toEqual([]);
        expect(outcomes.length).toBeGreaterThanOrEqual(200);
        // Every write answered 201 is in the database: as many budgets as were sent.
        const stored = await Promise.all(
          writers.map(async (writer) => {
            const page = await call(PORT_CLUSTER, 'GET', budgetsUrl, { headers: writer.auth });
            return (JSON.parse(page.body) as { count: number }).count;
          }),
        );
        expect(stored.reduce((sum, count) => sum + count, 0)).toBe(writes);
        expect(writes).toBeGreaterThan(40);
        // Two workers started and two closed: the restart really happened.
        expect(cluster.notable().match(/"msg":"SIGTERM received, closing"/g)?.length).toBe(2);
        expect(await closed).toBe(1001);
      },
      3 * START_TIMEOUT_MS,
    );

    /** The pids of the workers that logged they listen, in order. */
    const listeners = () =>
      [...cluster.notable().matchAll(/"pid":(\d+)[^\n]*"msg":"Server listening/g)].map((match) =>
        Number(match[1]),
      );

    it(
      'replaces a worker that dies, and answers meanwhile',
      async () => {
        const before = listeners();
        const victim = before.at(-1)!;
        process.kill(victim, 'SIGKILL');
        await expect
          .poll(() => cluster.notable(), { timeout: 5_000 })
          .toContain(`"worker":${victim},"code":null,"signal":"SIGKILL"`);
        // The other worker answers while the new one starts.
        expect((await call(PORT_CLUSTER, 'GET', api.health.pattern)).status).toBe(200);
        await expect
          .poll(() => listeners().length, { timeout: START_TIMEOUT_MS, interval: 500 })
          .toBe(before.length + 1);
        expect(listeners().at(-1)).not.toBe(victim);
      },
      START_TIMEOUT_MS + 10_000,
    );

    it('closes every worker gracefully on SIGTERM, then the primary exits 0', async () => {
      cluster.child.kill('SIGTERM');
      expect(await cluster.exited).toBe(0);
      expect(cluster.notable()).toContain('SIGTERM received, closing the workers');
      // The two restarted by SIGHUP, then the two alive now.
      expect(cluster.notable().match(/"msg":"SIGTERM received, closing"/g)?.length).toBe(4);
    });
  },
);
