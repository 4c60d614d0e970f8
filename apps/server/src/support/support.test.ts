import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp.ts';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import { grantStaff } from '../users/queries.ts';
import { users } from '../db/schema/users.ts';
import { humanCheckKeys, issueChallenge } from './human-check.ts';

/**
 * The support API over HTTP on a real app: the rules of spec section 5 for a visitor and for
 * a signed-in user on all three endpoints, the ALTCHA check solved with altcha-lib's own
 * solver (the challenge made cheap through configuration), mail through a real SMTP server,
 * the rate limit per client address and the staff inbox.
 */

const SUPPORT_EMAIL = 'help-desk@bullpen.test';
const RATE_LIMIT = 3;
let smtp: SmtpCapture;
let received: ParsedMail[];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  received = smtp.received;
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    SUPPORT_EMAIL,
    SUPPORT_RATE_LIMIT_MAX: String(RATE_LIMIT),
    HUMAN_CHECK_COST: '10',
    HUMAN_CHECK_COUNTER_MAX: '30',
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const endpoints = {
  support: '/api/support-tickets/',
  contact_sales: '/api/support-tickets/contact-sales/',
  school_event: '/api/support-tickets/school-event/',
} as const;

let addressSequence = 0;
/** Each test sends from its own client address, so the rate limit counts only its tickets. */
const newAddress = () =>
  `10.20.${Math.floor(addressSequence / 250)}.${(addressSequence++ % 250) + 1}`;

function post(
  url: string,
  payload: unknown,
  options: { auth?: Record<string, string>; address?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: options.auth,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.address ?? newAddress(),
  });
}

async function fetchChallenge(): Promise<Challenge> {
  const response = await t.app.inject({ url: '/api/support-tickets/challenge/' });
  expect(response.statusCode).toBe(200);
  return response.json() as Challenge;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** What the widget puts in `g_recaptcha_token`: the challenge and altcha-lib's solution. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return encode({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  });
}

const solvedToken = async () => solve(await fetchChallenge());

const visitor = {
  first_name: 'Dana',
  last_name: 'Reyes',
  email: 'dana.reyes@district.test',
  position: 'Administrator',
  school_name: 'Lincoln Middle School',
  description: 'We would like Bullpen for 6 classes next term.',
};

const inboxOf = async (auth: Record<string, string>, query = '') =>
  t.app.inject({ url: `/api/support-tickets/inbox/${query}`, headers: auth });

async function staffUser() {
  const staff = await buildUser(t.deps, { first_name: 'Sam', last_name: 'Staff' });
  await grantStaff(t.deps.db, staff.user.id);
  return staff;
}

const mailTo = (address: string) =>
  received.filter((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '') === address);

describe('the human check challenge', () => {
  it('is a signed PBKDF2 challenge with the configured cost and an expiry, never cached', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await t.app.inject({ url: '/api/support-tickets/challenge/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json() as Challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 10 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(before + 1200 - 1);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(before + 1200 + 2);
  });
});

describe('the rules for a visitor (spec section 5)', () => {
  it('requires name, email and description on the support form, and the human check', async () => {
    const response = await post(endpoints.support, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      first_name: ['Required'],
      last_name: ['Required'],
      email: ['Required'],
      description: ['Required'],
      g_recaptcha_token: ['Verify that you are human.'],
    });
  });

  it('requires first and last name, email, school name and description on contact sales', async () => {
    const response = await post(endpoints.contact_sales, { position: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      first_name: ['Required'],
      last_name: ['Required'],
      email: ['Required'],
      school_name: ['Required'],
      description: ['Required'],
      g_recaptcha_token: ['Verify that you are human.'],
    });
  });

  it('requires first and last name, email, position and description on the event form', async () => {
    const response = await post(endpoints.school_event, {
      school_name: '',
      anticipated_teacher_participation: '',
      anticipated_student_participation: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      first_name: ['Required'],
      last_name: ['Required'],
      email: ['Required'],
      position: ['Required'],
      description: ['Required'],
      g_recaptcha_token: ['Verify that you are human.'],
    });
  });

  it('says Required for blank text and Invalid email for a malformed address', async () => {
    for (const url of Object.values(endpoints)) {
      const response = await post(url, {
        ...visitor,
        first_name: '   ',
        email: 'dana.reyes@',
        g_recaptcha_token: await solvedToken(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ first_name: ['Required'], email: ['Invalid email'] });
    }
  });

  it('wants whole numbers for participation, the phone mask and a known position', async () => {
    const response = await post(endpoints.school_event, {
      ...visitor,
      position: 'Principal',
      phone: '(055) 123-4567',
      anticipated_teacher_participation: 'twelve',
      anticipated_student_participation: -3,
      g_recaptcha_token: await solvedToken(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      position: ['Choose Administrator, Educator, Parent or Other.'],
      phone: ['Enter a phone number as (NNN) NNN-NNNN.'],
      anticipated_teacher_participation: ['Enter a whole number.'],
      anticipated_student_participation: ['Enter a whole number.'],
    });
  });

  it('takes an event request with the optional fields left out, and one with all of them', async () => {
    const minimal = await post(endpoints.school_event, {
      first_name: 'Lee',
      last_name: 'Ng',
      email: 'lee.ng@school.test',
      position: 'Parent',
      description: 'A stock-market day for our PTA.',
      g_recaptcha_token: await solvedToken(),
    });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({ kind: 'school_event', status: 'open' });

    const full = await post(endpoints.school_event, {
      ...visitor,
      phone: '(555) 123-4567',
      anticipated_teacher_participation: '12',
      anticipated_student_participation: 340,
      g_recaptcha_token: await solvedToken(),
    });
    expect(full.statusCode).toBe(201);
    const staff = await staffUser();
    const inbox = (await inboxOf(staff.auth)).json();
    const stored = inbox.results.find((ticket: { id: number }) => ticket.id === full.json().id);
    expect(stored).toMatchObject({
      kind: 'school_event',
      phone: '(555) 123-4567',
      anticipated_teacher_participation: 12,
      anticipated_student_participation: 340,
      user: null,
      first_name: 'Dana',
      email: 'dana.reyes@district.test',
    });
  });

  it('takes contact sales without a position (optional) and refuses an unknown field', async () => {
    const withoutPosition = { ...visitor, position: undefined };
    const ok = await post(endpoints.contact_sales, {
      ...withoutPosition,
      g_recaptcha_token: await solvedToken(),
    });
    expect(ok.statusCode).toBe(201);
    const extra = await post(endpoints.contact_sales, {
      ...visitor,
      budget: 'big',
      g_recaptcha_token: await solvedToken(),
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ budget: ['This field is not allowed.'] });
  });

  it('answers a body that is not an object in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: endpoints.support,
      headers: { 'content-type': 'application/json' },
      payload: '["a"]',
      remoteAddress: newAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('non_field_errors');
  });
});

describe('the human check', () => {
  const refused = { g_recaptcha_token: ['Verify that you are human.'] };

  it('refuses a payload that is not ALTCHA at all', async () => {
    for (const token of [
      'abc',
      encode({ hello: 'world' }),
      encode({ challenge: null, solution: null, test: true }),
    ]) {
      const response = await post(endpoints.support, { ...visitor, g_recaptcha_token: token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused);
    }
  });

  it('refuses a forged challenge: other parameters, or another secret', async () => {
    const challenge = await fetchChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    // Cheaper parameters under the server's signature.
    const tampered = encode({
      challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } },
      solution,
    });
    // A challenge signed with a secret that is not the server's.
    const foreignKeys = humanCheckKeys(new TextEncoder().encode('not the server secret at all!!'));
    const foreign = await issueChallenge(foreignKeys, {
      cost: 10,
      counterMax: 30,
      expirySeconds: 600,
    });
    // A made-up key: the proof of work was not done.
    const flipped = solution!.derivedKey.startsWith('0') ? '1' : '0';
    const wrongKey = encode({
      challenge,
      solution: { ...solution!, derivedKey: flipped + solution!.derivedKey.slice(1) },
    });
    for (const token of [tampered, await solve(foreign), wrongKey]) {
      const response = await post(endpoints.contact_sales, {
        ...visitor,
        g_recaptcha_token: token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused);
    }
  });

  it('refuses an expired challenge', async () => {
    const keys = humanCheckKeys(t.deps.signingKey);
    const settings = { cost: 10, counterMax: 30, expirySeconds: 60 };
    const expired = await issueChallenge(keys, settings, new Date(Date.now() - 120_000));
    const response = await post(endpoints.support, {
      ...visitor,
      g_recaptcha_token: await solve(expired),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
    // The same keys and settings with the present time pass: only the expiry differed.
    const fresh = await issueChallenge(keys, settings);
    const ok = await post(endpoints.support, { ...visitor, g_recaptcha_token: await solve(fresh) });
    expect(ok.statusCode).toBe(201);
  });

  it('accepts a solution once, also when replayed to another endpoint or server process', async () => {
    const token = await solvedToken();
    const first = await post(endpoints.support, { ...visitor, g_recaptcha_token: token });
    expect(first.statusCode).toBe(201);
    const again = await post(endpoints.support, { ...visitor, g_recaptcha_token: token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refused);
    const elsewhere = await post(endpoints.contact_sales, { ...visitor, g_recaptcha_token: token });
    expect(elsewhere.json()).toEqual(refused);

    // A second server process on the same database refuses it too.
    const second = await buildApp({ config: t.deps.config, database: t.database, logger: false });
    try {
      const token2 = await solvedToken();
      const onFirst = await post(endpoints.support, { ...visitor, g_recaptcha_token: token2 });
      expect(onFirst.statusCode).toBe(201);
      const onSecond = await second.inject({
        method: 'POST',
        url: endpoints.support,
        payload: { ...visitor, g_recaptcha_token: token2 },
        remoteAddress: newAddress(),
      });
      expect(onSecond.statusCode).toBe(400);
      expect(onSecond.json()).toEqual(refused);
    } finally {
      await second.close();
    }
  });

  it('is not used up by a form that failed validation', async () => {
    const token = await solvedToken();
    const invalid = await post(endpoints.support, {
      ...visitor,
      email: 'nope',
      g_recaptcha_token: token,
    });
    expect(invalid.json()).toEqual({ email: ['Invalid email'] });
    const fixed = await post(endpoints.support, { ...visitor, g_recaptcha_token: token });
    expect(fixed.statusCode).toBe(201);
  });
});

describe('the rules for a signed-in user', () => {
  it('requires only the description on the support form, school name and description on contact sales, position and description on the event form', async () => {
    const user = await buildUser(t.deps);
    const expected = {
      support: { description: ['Required'] },
      contact_sales: { school_name: ['Required'], description: ['Required'] },
      school_event: { position: ['Required'], description: ['Required'] },
    };
    for (const [kind, url] of Object.entries(endpoints)) {
      const response = await post(url, {}, { auth: user.auth });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected[kind as keyof typeof expected]);
    }
  });

  it('sends without name, email or human check, taking them from the account', async () => {
    const user = await buildUser(t.deps, {
      first_name: 'Maya',
      last_name: 'Lin',
      email: 'maya.lin@school.test',
    });
    const response = await post(
      endpoints.contact_sales,
      {
        first_name: 'Someone',
        last_name: 'Else',
        email: 'not-even-an-address',
        school_name: 'Hill High',
        description: 'Pricing for our district, please.',
      },
      { auth: user.auth },
    );
    expect(response.statusCode).toBe(201);
    const staff = await staffUser();
    const inbox = (await inboxOf(staff.auth)).json();
    const stored = inbox.results.find((ticket: { id: number }) => ticket.id === response.json().id);
    expect(stored).toMatchObject({
      first_name: 'Maya',
      last_name: 'Lin',
      email: 'maya.lin@school.test',
      user: user.user.id,
      school_name: 'Hill High',
    });
  });

  it('refuses a bad token (401) rather than treating the request as a visitor', async () => {
    const response = await post(
      endpoints.support,
      { description: 'Help' },
      { auth: { authorization: 'JWT nonsense' } },
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('the mail', () => {
  it('mails the ticket to the support address and a confirmation to the visitor, over SMTP', async () => {
    const email = 'mail.check@district.test';
    const response = await post(endpoints.contact_sales, {
      ...visitor,
      first_name: 'Buy <cheap> pills',
      email,
      description: 'Line one\nLine <two>',
      g_recaptcha_token: await solvedToken(),
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().id as number;
    const team = mailTo(SUPPORT_EMAIL).find((mail) => mail.text?.includes(`number ${id})`));
    expect(team?.subject).toBe('New contact-sales request from the Bullpen website');
    expect(team?.text).toContain(`From: Buy <cheap> pills Reyes <${email}>`);
    expect(team?.text).toContain('School or district: Lincoln Middle School');
    expect(team?.text).toContain('Line one\nLine <two>');
    expect(team?.text).toContain('http://bullpen.test/support-inbox');
    expect(team?.html).toContain('Line one\nLine &lt;two&gt;');

    const confirmation = mailTo(email).at(-1);
    expect(confirmation?.subject).toBe('We received your message to Bullpen');
    expect(confirmation?.text).toContain('Thank you for contacting the Bullpen team.');
    // Nothing the visitor typed reaches the address they named.
    expect(confirmation?.text).not.toContain('pills');
    expect(confirmation?.text).toMatch(/^Hi,/);
  });

  it('confirms in the language the request names, or the account language', async () => {
    const email = 'spanish.visitor@district.test';
    await post(endpoints.support, {
      ...visitor,
      email,
      language: 'es',
      g_recaptcha_token: await solvedToken(),
    });
    expect(mailTo(email).at(-1)?.subject).toBe('Recibimos tu mensaje a Bullpen');

    const user = await buildUser(t.deps, { language: 'es', first_name: 'Lucía' });
    await post(endpoints.support, { description: 'Ayuda' }, { auth: user.auth });
    const mail = mailTo(user.user.email).at(-1);
    expect(mail?.subject).toBe('Recibimos tu mensaje a Bullpen');
    expect(mail?.text).toMatch(/^Hola, Lucía:/);
  });
});

describe('a student without an email address', () => {
  it('has the message mailed to the teacher who made the account and those of its classes', async () => {
    const teacher = await buildUser(t.deps, {
      first_name: 'Marta',
      email: 'marta.teacher@school.test',
      is_teacher: true,
      language: 'es',
    });
    const student = await buildUser(t.deps, { first_name: 'Cy', last_name: 'Cole' });
    await t.deps.db
      .update(users)
      .set({ email: null, createdByTeacherId: teacher.user.id })
      .where(eq(users.id, student.user.id));
    // The teacher of a class Cy joined hears of it too; a class Cy is not in, not.
    const classTeacher = await buildUser(t.deps, {
      first_name: 'Omar',
      email: 'omar.teacher@school.test',
      is_teacher: true,
    });
    const otherTeacher = await buildUser(t.deps, {
      email: 'other.teacher@school.test',
      is_teacher: true,
    });
    const classOf = async (owner: typeof classTeacher) => {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/classrooms/classrooms/',
        headers: owner.auth,
        payload: { name: 'Period 4', grade: '5', subject: 'Math' },
      });
      return made.json() as { id: number; join_code: string };
    };
    const joined = await classOf(classTeacher);
    await classOf(otherTeacher);
    const join = await t.app.inject({
      method: 'POST',
      url: '/api/classrooms/classrooms/join/',
      headers: student.auth,
      payload: { code: joined.join_code },
    });
    expect(join.statusCode).toBeLessThan(300);
    const response = await post(
      endpoints.support,
      { description: 'I cannot find my <lesson>.' },
      { auth: student.auth },
    );
    expect(response.statusCode).toBe(201);
    const id = response.json().id as number;
    const toTeacher = mailTo('marta.teacher@school.test').at(-1);
    expect(toTeacher?.subject).toBe('Un estudiante de tu clase escribió al soporte de Bullpen');
    expect(toTeacher?.text).toMatch(/^Hola, Marta:/);
    expect(toTeacher?.text).toContain(`Cy Cole (${student.user.username})`);
    expect(toTeacher?.text).toContain(`(solicitud ${id})`);
    expect(toTeacher?.text).toContain('I cannot find my <lesson>.');
    expect(toTeacher?.html).toContain('I cannot find my &lt;lesson&gt;.');
    expect(mailTo('omar.teacher@school.test').at(-1)?.text).toMatch(/^Hi Omar,/);
    expect(mailTo('other.teacher@school.test')).toHaveLength(0);
    // The team's copy and the inbox still have it; nobody mails the empty address.
    expect(mailTo(SUPPORT_EMAIL).some((mail) => mail.text?.includes(`number ${id})`))).toBe(true);
    const staff = await staffUser();
    const stored = (await inboxOf(staff.auth))
      .json()
      .results.find((ticket: { id: number }) => ticket.id === id);
    expect(stored).toMatchObject({ user: student.user.id, email: '' });

    // A student with an address is answered by mail: the teacher gets nothing.
    const before = mailTo('marta.teacher@school.test').length;
    const withEmail = await buildUser(t.deps);
    await t.deps.db
      .update(users)
      .set({ createdByTeacherId: teacher.user.id })
      .where(eq(users.id, withEmail.user.id));
    await post(endpoints.support, { description: 'Hello' }, { auth: withEmail.auth });
    expect(mailTo('marta.teacher@school.test')).toHaveLength(before);
  });
});

describe('the rate limit per client address', () => {
  it('refuses the ticket after the limit with 429, others are unaffected, the check survives', async () => {
    const address = newAddress();
    for (let index = 0; index < RATE_LIMIT; index += 1) {
      const ok = await post(
        endpoints.support,
        { ...visitor, g_recaptcha_token: await solvedToken() },
        { address },
      );
      expect(ok.statusCode).toBe(201);
    }
    const token = await solvedToken();
    const refused = await post(
      endpoints.support,
      { ...visitor, g_recaptcha_token: token },
      { address },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(
      /^Too many attempts\. Please wait \d+ seconds and try again\.$/,
    );
    const seconds = Number(/wait (\d+) seconds/.exec(refused.json().error)![1]);
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(600);

    // A signed-in user from that address is counted too.
    const user = await buildUser(t.deps);
    const member = await post(
      endpoints.support,
      { description: 'Hi' },
      { auth: user.auth, address },
    );
    expect(member.statusCode).toBe(429);

    // The refused ticket did not use up its check: it works from another address.
    const other = await post(endpoints.support, { ...visitor, g_recaptcha_token: token });
    expect(other.statusCode).toBe(201);
  });
});

describe('the staff inbox', () => {
  it('lists tickets newest first for staff, filtered by status and paginated', async () => {
    const staff = await staffUser();
    const sender = await buildUser(t.deps);
    const ids: number[] = [];
    for (const description of ['first', 'second', 'third']) {
      const response = await post(endpoints.support, { description }, { auth: sender.auth });
      ids.push(response.json().id);
    }
    const page = await inboxOf(staff.auth, '?page_size=2');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.results.map((ticket: { id: number }) => ticket.id)).toEqual([ids[2], ids[1]]);
    expect(body.next).toContain('page=2');
    expect(body.count).toBeGreaterThanOrEqual(3);
    const created = body.results.map((ticket: { created_at: string }) => ticket.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const marked = await t.app.inject({
      method: 'PATCH',
      url: `/api/support-tickets/${ids[1]}/`,
      headers: staff.auth,
      payload: { status: 'answered' },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: ids[1], status: 'answered' });
    expect(Date.parse(marked.json().answered_at)).not.toBeNaN();

    const answered = (await inboxOf(staff.auth, '?status=answered&page_size=100')).json();
    expect(answered.results.map((ticket: { id: number }) => ticket.id)).toContain(ids[1]);
    expect(
      answered.results.every((ticket: { status: string }) => ticket.status === 'answered'),
    ).toBe(true);
    const open = (await inboxOf(staff.auth, '?status=open&page_size=500')).json();
    const openIds = open.results.map((ticket: { id: number }) => ticket.id);
    expect(openIds).toContain(ids[2]);
    expect(openIds).not.toContain(ids[1]);

    const bad = await inboxOf(staff.auth, '?status=closed');
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/support-tickets/999999/',
      headers: staff.auth,
      payload: { status: 'answered' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is refused to a student and a teacher (403) and to a stranger (401)', async () => {
    const student = await buildUser(t.deps);
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const sent = await post(endpoints.support, { description: 'mine' }, { auth: student.auth });
    const id = sent.json().id as number;
    for (const who of [student, teacher]) {
      const list = await inboxOf(who.auth);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toEqual({ error: 'You do not have permission to perform this action.' });
      const mark = await t.app.inject({
        method: 'PATCH',
        url: `/api/support-tickets/${id}/`,
        headers: who.auth,
        payload: { status: 'answered' },
      });
      expect(mark.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/support-tickets/inbox/' })).statusCode).toBe(401);
    const anonymousMark = await t.app.inject({
      method: 'PATCH',
      url: `/api/support-tickets/${id}/`,
      payload: { status: 'answered' },
    });
    expect(anonymousMark.statusCode).toBe(401);
  });

  it('puts is_staff on the session user', async () => {
    const staff = await staffUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api-token-verify/',
      payload: { token: staff.token },
    });
    expect(response.json().user).toMatchObject({ is_staff: true });
  });
});
