import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@bullpen/contract/routes';
import type { buildApp } from '../app.ts';
import { buildLoggedApp, buildUser, linkToken } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { eq } from 'drizzle-orm';
import { staffAuditLog } from '../db/schema/users.ts';
import { grantStaff } from '../users/queries.ts';

/**
 * Without SMTP_URL a mail is held in the outbox: the log says only that one was held (no
 * address, no link, no token) unless MAIL_LOG_LINKS asks, and staff read held mail.
 */
type Started = {
  app: Awaited<ReturnType<typeof buildApp>>;
  lines: string[];
  close: () => Promise<void>;
};

async function start(env: Record<string, string> = {}): Promise<Started> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-outbox-'));
  const database = await createTestDatabase();
  const { app, lines } = await buildLoggedApp(dataDir, database, env);
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asks for a password reset mail and returns the token it carries, read from the outbox. */
async function resetMail(started: Started, email: string): Promise<string> {
  const response = await started.app.inject({
    method: 'POST',
    url: '/api/auth/send-reset-password-email/',
    payload: { email },
  });
  expect(response.statusCode).toBe(200);
  const staff = await buildUser(started.app.deps, { verified: true });
  await grantStaff(started.app.deps.db, staff.user.id);
  const outbox = await started.app.inject({ url: api.staffOutbox.build(), headers: staff.auth });
  const held = outbox
    .json()
    .results.find((mail: { recipient: string }) => mail.recipient === email);
  return linkToken(held.text, '/public/reset-password');
}

describe('held mail in the log', () => {
  let quiet: Started;
  let loud: Started;
  beforeAll(async () => {
    [quiet, loud] = await Promise.all([start(), start({ MAIL_LOG_LINKS: 'true' })]);
  });
  afterAll(async () => {
    await Promise.all([quiet?.close(), loud?.close()]);
  });

  it('says only that a mail was held, by default', async () => {
    const { user } = await buildUser(quiet.app.deps, { verified: true });
    quiet.lines.length = 0;
    const token = await resetMail(quiet, user.email);
    const log = quiet.lines.join('\n');
    expect(log).toContain('mail held in the outbox');
    expect(log).not.toContain(user.email);
    expect(log).not.toContain(token);
    expect(log).not.toContain('/public/reset-password');
  });

  it('prints the address and the link only with MAIL_LOG_LINKS', async () => {
    const { user } = await buildUser(loud.app.deps, { verified: true });
    loud.lines.length = 0;
    const token = await resetMail(loud, user.email);
    const log = loud.lines.join('\n');
    expect(log).toContain(user.email);
    expect(log).toContain(`/public/reset-password?token=${token}`);
  });
});

describe('GET /api/staff/outbox/', () => {
  let t: Started;
  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows staff the held mail, newest first, and refuses a teacher and a stranger', async () => {
    const { user } = await buildUser(t.app.deps, { verified: true });
    for (let sent = 0; sent < 3; sent += 1)
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/send-reset-password-email/',
        payload: { email: user.email },
      });
    const staff = await buildUser(t.app.deps, { verified: true });
    await grantStaff(t.app.deps.db, staff.user.id);
    const teacher = await buildUser(t.app.deps, {
      verified: true,
      is_teacher: true,
      trusted: true,
    });

    const page = await t.app.inject({
      url: `${api.staffOutbox.build()}?page_size=2`,
      headers: staff.auth,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.count).toBe(3);
    expect(body.results).toHaveLength(2);
    expect(body.next).toContain('page=2');
    expect(body.results[0]).toMatchObject({ recipient: user.email });
    expect(body.results[0].id).toBeGreaterThan(body.results[1].id);
    expect(body.results[0].text).toContain('/public/reset-password?token=');
    // Each read is in the audit log, by whom; the refused reads below leave no row.
    const audit = await t.app.deps.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'outbox.read'));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: staff.user.id, targetUserId: null }),
    ]);

    const refused = await t.app.inject({ url: api.staffOutbox.build(), headers: teacher.auth });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: api.staffOutbox.build() });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      url: `${api.staffOutbox.build()}?page=zero`,
      headers: staff.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ page: ['Enter a page number.'] });
    const after = await t.app.deps.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'outbox.read'));
    expect(after).toHaveLength(1);
  });
});
