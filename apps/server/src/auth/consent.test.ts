import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@bullpen/contract/messages';
import { mailOutbox } from '../db/schema/mail.ts';
import { users } from '../db/schema/users.ts';
import { buildTestApp, buildUser, latestMailTo, linkToken, type TestApp } from '../test/app.ts';
import { deleteUnconsentedAccounts, maskEmail } from './consent.ts';
import { createAccountWithoutEmail } from './accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '' });
});
afterAll(async () => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date `years` years before today, `YYYY-MM-DD`. */
function yearsAgo(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

let counter = 0;
function signup(overrides: Record<string, string> = {}) {
  counter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/users/',
    payload: {
      username: `kid${counter}`,
      email: `kid${counter}@kids.test`,
      password: 'green turtle sky',
      first_name: 'Robin',
      last_name: 'Lee',
      date_of_birth: yearsAgo(10),
      ...overrides,
    },
  });
}

/** An under-13 signed up through the form, with the consent link mailed to the parent. */
async function pendingChild() {
  counter += 1;
  const parent = `parent${counter}@home.test`;
  const response = await signup({ parent_email: parent });
  expect(response.statusCode).toBe(201);
  const { token, user } = response.json() as { token: string; user: { id: number } };
  const mail = await latestMailTo(t.deps, parent);
  const consentToken = linkToken(mail!.textBody, '/public/parent-consent');
  return { auth: { authorization: `JWT ${token}` }, id: user.id, parent, consentToken, mail };
}

function decide(token: string, decision: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/consents/${token}/`,
    payload: { decision },
  });
}

function classrooms(auth: { authorization: string }) {
  return t.app.inject({ url: '/api/classrooms/classrooms/', headers: auth });
}

async function row(id: number) {
  const [found] = await t.deps.db.select().from(users).where(eq(users.id, id));
  return found;
}

describe('an under-13 signing up alone waits for a parent', () => {
  it('asks an under-13 for a parent address, not their own; a teacher or a 13-year-old is not asked', async () => {
    const missing = await signup();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ parent_email: [authMessages.parentEmailRequired] });
    const own = await signup({ email: 'same@kids.test', parent_email: 'SAME@kids.test' });
    expect(own.json()).toEqual({ parent_email: [authMessages.parentEmailSameAsYours] });
    const bad = await signup({ parent_email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['parent_email']);

    const thirteen = await signup({ date_of_birth: yearsAgo(13) });
    expect(thirteen.statusCode).toBe(201);
    expect(thirteen.json().user.awaiting_parent_consent).toBe(false);
    const { token, user } = thirteen.json();
    expect((await classrooms({ authorization: `JWT ${token}` })).statusCode).toBe(200);
    expect((await row(user.id))?.consentStatus).toBeNull();
  });

  it('creates the account waiting, mails the parent, and refuses every other route until then', async () => {
    const child = await pendingChild();
    expect(child.mail?.subject).toBe('Your child asked to join Bullpen: your consent is needed');
    expect(child.mail?.textBody).toContain('Robin signed up for Bullpen');
    expect(child.mail?.textBody).toContain('&decision=refuse');
    const stored = await row(child.id);
    expect(stored).toMatchObject({ consentStatus: 'pending', parentEmail: child.parent });

    const blocked = await classrooms(child.auth);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ error: authMessages.consentPending });
    const points = await t.app.inject({
      url: `/api/points/points/${child.id}/`,
      headers: child.auth,
    });
    expect(points.statusCode).toBe(403);

    // Its session, its consent page and logout stay open.
    const me = await t.app.inject({ url: `/api/users/${child.id}/`, headers: child.auth });
    expect(me.json()).toMatchObject({ awaiting_parent_consent: true });
    const mine = await t.app.inject({ url: '/api/consents/mine/', headers: child.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      awaiting_parent_consent: true,
      parent_email_masked: maskEmail(child.parent),
    });
    expect(JSON.stringify(mine.json())).not.toContain(child.parent);
  });

  it('opens the account once the parent consents, forgets the parent address, and the link works once', async () => {
    const child = await pendingChild();
    const page = await t.app.inject({ url: `/api/consents/${child.consentToken}/` });
    expect(page.json()).toEqual({ child_first_name: 'Robin' });

    const granted = await decide(child.consentToken, 'grant');
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ detail: authMessages.consentGranted });
    expect(await row(child.id)).toMatchObject({
      consentStatus: 'granted',
      parentEmail: null,
      parentMailedAt: null,
    });
    expect((await classrooms(child.auth)).statusCode).toBe(200);
    // Nor does the outbox keep the parent's address.
    expect(await latestMailTo(t.deps, child.parent)).toBeUndefined();

    const again = await decide(child.consentToken, 'refuse');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: authMessages.linkInvalid });
    expect(await row(child.id)).toBeDefined();
  });

  it('deletes the account at once when the parent refuses', async () => {
    const child = await pendingChild();
    const refused = await decide(child.consentToken, 'refuse');
    expect(refused.json()).toEqual({ detail: authMessages.consentRefused });
    expect(await row(child.id)).toBeUndefined();
    expect(await latestMailTo(t.deps, child.parent)).toBeUndefined();
    expect((await classrooms(child.auth)).statusCode).toBe(401);
  });

  it('grants nothing with another link, a made-up one, or a bad decision', async () => {
    const child = await pendingChild();
    const other = await pendingChild();
    // The child's own verification link (another purpose) is no consent.
    const verification = await latestMailTo(t.deps, `kid${counter - 0}@kids.test`);
    const verifyToken = linkToken(verification!.textBody, '/public/email-verification');
    expect((await decide(verifyToken, 'grant')).statusCode).toBe(400);
    expect((await decide('made-up-token', 'grant')).statusCode).toBe(400);
    expect((await decide(child.consentToken, 'maybe')).json()).toEqual({
      decision: [authMessages.consentDecisionInvalid],
    });
    // Another child's link decides for that child only.
    expect((await decide(other.consentToken, 'grant')).statusCode).toBe(200);
    expect((await row(child.id))?.consentStatus).toBe('pending');
    expect((await classrooms(child.auth)).statusCode).toBe(403);
    // A signed-in child's header changes nothing: the link is the only authority.
    const withHeader = await t.app.inject({
      method: 'POST',
      url: `/api/consents/${verifyToken}/`,
      headers: child.auth,
      payload: { decision: 'grant' },
    });
    expect(withHeader.statusCode).toBe(400);
    expect((await row(child.id))?.consentStatus).toBe('pending');
  });

  it('lets the child resend or correct the parent address once an hour, one mail for many clicks', async () => {
    const child = await pendingChild();
    // The sign-up's mail counts: an hour must pass.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/consents/mine/resend/',
      headers: child.auth,
      payload: {},
    });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ error: authMessages.consentResendTooSoon });

    await t.deps.db
      .update(users)
      .set({ parentMailedAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(users.id, child.id));
    t.deps.sessions.dropUser(child.id);
    const corrected = `corrected${counter}@home.test`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/consents/mine/resend/',
          headers: child.auth,
          payload: { parent_email: corrected },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 429, 429, 429, 429, 429,
    ]);
    const sent = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, corrected)));
    expect(sent).toHaveLength(1);
    expect((await row(child.id))?.parentEmail).toBe(corrected);
    // The first link stopped working; the new one decides.
    expect((await decide(child.consentToken, 'grant')).statusCode).toBe(400);
    const fresh = linkToken(sent[0]!.textBody, '/public/parent-consent');
    expect((await decide(fresh, 'grant')).statusCode).toBe(200);

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/consents/mine/resend/',
      headers: child.auth,
      payload: {},
    });
    expect(done.json()).toEqual({ non_field_errors: [authMessages.consentNotPending] });
  });

  it('deletes accounts still waiting after 14 days, and no other', async () => {
    const waiting = await buildUser(t.deps, {
      date_of_birth: yearsAgo(9),
      consentPending: true,
      parent_email: `late${counter}@home.test`,
    });
    await t.deps.mailer.send({
      to: `late${counter}@home.test`,
      subject: 's',
      text: 't',
      html: 'h',
    });
    const consented = await buildUser(t.deps, { date_of_birth: yearsAgo(9) });
    const older = await buildUser(t.deps, { date_of_birth: yearsAgo(20) });
    const now = Date.now();
    expect(await deleteUnconsentedAccounts(t.deps, new Date(now + 13 * DAY_MS))).toBe(0);
    expect(await row(waiting.user.id)).toBeDefined();
    expect(
      await deleteUnconsentedAccounts(t.deps, new Date(now + 15 * DAY_MS)),
    ).toBeGreaterThanOrEqual(1);
    expect(await row(waiting.user.id)).toBeUndefined();
    expect(await latestMailTo(t.deps, `late${counter}@home.test`)).toBeUndefined();
    expect(await row(consented.user.id)).toBeDefined();
    expect(await row(older.user.id)).toBeDefined();
  });

  it('counts a teacher-made account as consented by the school', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const student = await createAccountWithoutEmail(t.deps.db, {
      firstName: 'Sam',
      lastName: 'Park',
      passwordHash: 'x',
      teacher: teacher.user,
    });
    expect(student.consentStatus).toBe('school');
  });
});
