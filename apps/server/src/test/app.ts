import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { startSession } from '../auth/service.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { loadConfig } from '../platform/config.ts';
import type { Deps } from '../platform/deps.ts';
import type { UserRow } from '../users/presenter.ts';
import { registerUser } from '../users/service.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  database: DatabaseHandle;
  close: () => Promise<void>;
};

/** The real app on an isolated database and data directory; `env` overrides configuration. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://bullpen.test',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    AUTH_RATE_LIMIT_MAX: '1000',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database });
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
  }> = {},
): Promise<{ user: UserRow; password: string; token: string; auth: { authorization: string } }> {
  sequence += 1;
  const unique = `${process.pid}${sequence}${Math.floor(Math.random() * 1e6)}`;
  const password = overrides.password ?? `tall-maple-${unique}`;
  const user = await registerUser(
    deps,
    {
      username: overrides.username ?? `user${unique}`,
      email: overrides.email ?? `user${unique}@school.test`,
      password,
      first_name: overrides.first_name ?? 'Test',
      last_name: overrides.last_name ?? 'Student',
      is_teacher: overrides.is_teacher ?? false,
    },
    undefined,
    { sendVerification: false, verified: overrides.verified ?? false },
  );
  const { token } = await startSession(deps, user);
  return { user, password, token, auth: { authorization: `JWT ${token}` } };
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
