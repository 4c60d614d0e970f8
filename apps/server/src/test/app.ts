import type { Language } from '@bullpen/contract/languages';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { startSession } from '../auth/service.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { users } from '../db/schema/users.ts';
import { loadConfig } from '../platform/config.ts';
import type { Deps } from '../platform/deps.ts';
import type { UserRow } from '../users/presenter.ts';
import { markTeacherTrusted } from '../users/queries.ts';
import { registerUser } from '../auth/accounts.ts';
import { createTestDatabase } from './database.ts';

/**
 * The small curriculum the API tests run on (2 courses, 4 lessons, 2 articles); the real
 * `content/` is checked by `learn/content.test.ts` and by `learn/sync.test.ts`.
 */
export const testContentDir = path.resolve(import.meta.dirname, '../learn/test-content');

/**
 * The right answer of every question of the test content's gross-and-net-pay lesson
 * (`learn/test-content/courses/money-basics/01-gross-and-net-pay.md`), by question id. Five
 * questions: one wrong answer still passes (80%).
 */
export const grossNetRight = {
  'net-pay-meaning': 1,
  'net-pay-sum': 340,
  'gross-pay-meaning': 0,
  'hourly-pay': 120,
  'share-withheld': 15,
};

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  database: DatabaseHandle;
  close: () => Promise<void>;
};

/**
 * The tests' configuration: quiet, no demo data, no market ticks, the small curriculum, no web
 * build; `env` overrides it (a `DATABASE_URL` for apps that share one database).
 */
export function testConfig(dataDir: string, env: Record<string, string | undefined> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://bullpen.test',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    AUTH_RATE_LIMIT_MAX: '1000',
    MARKET_TICK_SECONDS: '0',
    CONTENT_DIR: testContentDir,
    ...env,
  });
}

/**
 * The real app on an isolated database and data directory; `env` overrides configuration.
 * `seeDatabase` hands the app a wrapped handle, for a test that watches what the app asks of it.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  { seeDatabase }: { seeDatabase?: (database: DatabaseHandle) => DatabaseHandle } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-data-'));
  const config = testConfig(dataDir, env);
  const database = await createTestDatabase();
  const app = await buildApp({ config, database: seeDatabase?.(database) ?? database });
  await app.ready();
  return {
    app,
    deps: app.deps,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app with its log lines kept (`LOG_LEVEL: info`), on a database and data directory
 * the test owns and closes (a test that starts the app more than once on the same data, or reads
 * what a start logs). Not yet ready: the caller runs `app.ready()`.
 */
export async function buildLoggedApp(
  dataDir: string,
  database: DatabaseHandle & { url?: string },
  env: Record<string, string | undefined> = {},
) {
  const lines: string[] = [];
  const config = testConfig(dataDir, {
    LOG_LEVEL: 'info',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logStream: { write: (line) => lines.push(line) },
  });
  return { app, lines };
}

/**
 * The file's app: built before its tests and closed after them. The handle reads the app at
 * call time, so helpers made at load (`callAs(t)`) see the one `beforeAll` built.
 */
export function testAppForFile(env: Record<string, string> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await buildTestApp(env);
  });
  afterAll(async () => current?.close());
  const built = () => {
    if (!current) throw new Error('the test app is built in beforeAll');
    return current;
  };
  return {
    get app() {
      return built().app;
    },
    get deps() {
      return built().deps;
    },
    get database() {
      return built().database;
    },
    close: () => built().close(),
  };
}

let sequence = 0;

/** A user made straight through the service, with a valid session token. */
export async function buildUser(
  deps: Deps,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    first_name: string;
    last_name: string;
    is_teacher: boolean;
    verified: boolean;
    /** A teacher trusted to award points and define rewards, as staff approval makes one. */
    trusted: boolean;
    language: Language;
    /** `YYYY-MM-DD`: an under-13 when it is less than 13 years ago. */
    date_of_birth: string;
    /**
     * An under-13's parent: their consent is granted unless `consentPending` (the account
     * then reaches nothing but its consent routes).
     */
    parent_email: string;
    consentPending: boolean;
  }> = {},
): Promise<{
  /** A signed-up user always has an email address (only teacher-made accounts have none). */
  user: UserRow & { email: string };
  password: string;
  token: string;
  auth: { authorization: string };
}> {
  sequence += 1;
  const unique = `${process.pid}${sequence}${Math.floor(Math.random() * 1e6)}`;
  const password = overrides.password ?? `tall-maple-${unique}`;
  let user = await registerUser(
    deps,
    {
      username: overrides.username ?? `user${unique}`,
      email: overrides.email ?? `user${unique}@school.test`,
      password,
      first_name: overrides.first_name ?? 'Test',
      last_name: overrides.last_name ?? 'Student',
      is_teacher: overrides.is_teacher ?? false,
      language: overrides.language,
      date_of_birth: overrides.date_of_birth,
      parent_email: overrides.parent_email ?? `parent${unique}@home.test`,
    },
    undefined,
    { sendVerification: false, verified: overrides.verified ?? false },
  );
  if (user.consentStatus === 'pending' && !overrides.consentPending) {
    [user] = (await deps.db
      .update(users)
      .set({ consentStatus: 'granted', parentEmail: null, parentMailedAt: null })
      .where(eq(users.id, user.id))
      .returning()) as [UserRow];
  }
  if (overrides.trusted) {
    if (!user.isTeacher) throw new Error('only a teacher is trusted');
    user = (await markTeacherTrusted(deps.db, user.id, null, new Date())) ?? user;
  }
  const { token } = await startSession(deps, user);
  if (user.email === null) throw new Error('a signed-up user has an email address');
  return {
    user: { ...user, email: user.email },
    password,
    token,
    auth: { authorization: `JWT ${token}` },
  };
}

/** The newest message the product sent to an address (the outbox holds every one). */
export async function latestMailTo(deps: Deps, recipient: string) {
  const [row] = await deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

export function linkToken(text: string, pathname: string): string {
  const match = text.match(new RegExp(`${pathname}\\?token=([\\w-]+)`));
  if (!match?.[1]) throw new Error(`no ${pathname} link in: ${text}`);
  return match[1];
}

/** Instants on the NYSE calendar used by trading tests (New York is UTC−5 in November). */
export const marketTimes = {
  /** Wednesday 18 November 2026, 10:00 in New York: the market is open. */
  open: new Date('2026-11-18T15:00:00Z'),
  /** Saturday 21 November 2026: closed. */
  weekend: new Date('2026-11-21T15:00:00Z'),
  /** Monday 23 November 2026, 9:31 in New York: the first minute of the next session. */
  nextOpen: new Date('2026-11-23T14:31:00Z'),
  /** Monday 23 November 2026 at the opening bell. */
  nextOpenBell: new Date('2026-11-23T14:30:00Z'),
};

/** A contest made through the API by `owner`, with sensible defaults. */
export async function buildContest(
  t: TestApp,
  owner: { auth: { authorization: string } },
  overrides: Record<string, unknown> = {},
) {
  const now = t.app.market.clock.now().getTime();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/contests/',
    headers: owner.auth,
    payload: {
      name: 'Class 7B Challenge',
      visibility: 'public',
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      starting_cash: 1_000_000,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`contest not created: ${response.body}`);
  return response.json() as {
    id: number;
    join_code: string;
    my_contest_user: number;
    starting_cash: number;
  };
}

/** `who` joins a public contest through the API; its new portfolio's id. */
export async function joinContest(
  t: TestApp,
  who: { auth: { authorization: string } },
  contestId: number,
): Promise<number> {
  const joined = await t.app.inject({
    method: 'POST',
    url: '/api/contest-users/',
    headers: who.auth,
    payload: { contest: contestId },
  });
  if (joined.statusCode !== 201) throw new Error(`not joined: ${joined.body}`);
  return joined.json().id as number;
}

/** POST /api/contest-user-orders/ as `who`, with extra headers (an Idempotency-Key, say). */
export function postOrder(
  t: TestApp,
  who: { auth: Record<string, string> },
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/contest-user-orders/',
    headers: { ...who.auth, ...headers },
    payload,
  });
}
