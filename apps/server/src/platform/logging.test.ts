import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../app.ts';
import { buildLoggedApp, buildUser } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { scrubText, serializeError } from './logging.ts';

/**
 * A user insert or update that fails in the database is logged without its query parameters:
 * no password, no password hash, no email address in any log line.
 */
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let lines: string[];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-logging-'));
  database = await createTestDatabase();
  ({ app, lines } = await buildLoggedApp(dataDir, database));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function refuseWritesToUsers() {
  await database.db.execute(
    sql.raw(`create or replace function refuse_user_writes() returns trigger language plpgsql
      as $$ begin raise exception 'writes to users are refused in this test'; end $$`),
  );
  await database.db.execute(
    sql.raw(`create trigger refuse_user_writes before insert or update on users
      for each row execute function refuse_user_writes()`),
  );
}

describe('the error log', () => {
  it('holds neither the password, nor its hash, nor the email of a failed user write', async () => {
    const existing = await buildUser(app.deps, { email: 'kept-private@school.test' });
    await refuseWritesToUsers();
    lines.length = 0;

    const signup = await app.inject({
      method: 'POST',
      url: '/api/users/',
      payload: {
        username: 'secretive',
        email: 'secret-address@school.test',
        password: 'my-very-secret-passphrase',
        first_name: 'Ann',
        last_name: 'Lee',
        date_of_birth: '2000-01-01',
      },
    });
    expect(signup.statusCode).toBe(500);
    const update = await app.inject({
      method: 'PUT',
      url: `/api/users/${existing.user.id}/`,
      headers: existing.auth,
      payload: { password: 'another-secret-phrase', current_password: existing.password },
    });
    expect(update.statusCode).toBe(500);

    const log = lines.join('\n');
    const failures = lines.filter((line) => line.includes('unhandled error'));
    expect(failures).toHaveLength(2);
    // The failure is still useful: what failed, and why.
    expect(log).toContain('writes to users are refused in this test');
    expect(log).toContain('insert into');
    for (const secret of [
      'my-very-secret-passphrase',
      'another-secret-phrase',
      existing.password,
      'secret-address@school.test',
      'kept-private@school.test',
      '$argon2',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('scrubbing errors', () => {
  it('drops query params, quoted key values, hashes, tokens and addresses', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      detail: 'Key (lower(email))=(ann@school.test) already exists.',
      code: '23505',
    });
    const error = Object.assign(
      new Error('Failed query: insert into "users" values ($1, $2)\nparams: ann,$argon2id$v=19$m'),
      { params: ['ann', '$argon2id$v=19$m'], query: 'insert into "users" values ($1, $2)', cause },
    );
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).not.toContain('argon2');
    expect(serialized).not.toContain('ann@school.test');
    expect(serialized).not.toContain('"params"');
    expect(serialized).toContain('23505');
    expect(serialized).toContain('insert into');
    expect(scrubText('token eyJhbGciOi.eyJzdWIiOjF9.sig1 sent to bo@x.org')).toBe(
      'token [redacted] sent to [redacted]',
    );
  });
});

describe('the request log', () => {
  it("holds no link token: neither a query's nor a parent's consent link in the path", async () => {
    lines.length = 0;
    await app.inject({ url: '/api/consents/secret-consent-link-1/' });
    await app.inject({ url: '/public/parent-consent?token=secret-consent-link-2&decision=grant' });
    await app.inject({ url: '/api/consents/mine/' });
    const log = lines.join('\n');
    expect(log).toContain('/api/consents/[redacted]/');
    expect(log).toContain('/api/consents/mine/');
    expect(log).toContain('token=[redacted]&decision=grant');
    expect(log).not.toContain('secret-consent-link');
  });
});
