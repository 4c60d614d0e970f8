import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@bullpen/contract/messages';
import { buildTestApp, buildUser, latestMailTo, type TestApp } from '../test/app.ts';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/users.ts';
import { avatarsDir } from '../users/avatars.ts';
import { isUnder13, thirteenthBirthday, under13UntilFor } from '../users/age.ts';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

let counter = 0;
function signupForm(
  overrides: Record<string, string> = {},
  avatar?: { bytes: Buffer; name: string; type: string },
) {
  counter += 1;
  const form = new FormData();
  const fields = {
    username: `pupil${counter}`,
    email: `pupil${counter}@school.test`,
    password: 'green turtle sky',
    first_name: 'Pat',
    last_name: 'Lee',
    is_teacher: 'false',
    date_of_birth: '2000-02-29',
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (avatar)
    form.append(
      'avatar',
      new Blob([new Uint8Array(avatar.bytes)], { type: avatar.type }),
      avatar.name,
    );
  return form;
}

/** A date `years` years (and `days` days) before today, `YYYY-MM-DD`. */
function yearsAgo(years: number, days = 0): string {
  const now = new Date();
  return new Date(
    Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days),
  )
    .toISOString()
    .slice(0, 10);
}

describe('the age question at sign-up', () => {
  async function storedAge(userId: number) {
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, userId));
    return row!;
  }

  it('keeps only the day a student turns 13, never the date of birth', async () => {
    const child = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      payload: signupForm({ date_of_birth: yearsAgo(10), parent_email: 'parent@home.test' }),
    });
    expect(child.statusCode).toBe(201);
    const row = await storedAge(child.json().user.id);
    expect(row.under13Until).toBe(yearsAgo(-3));
    expect(JSON.stringify(row)).not.toContain(yearsAgo(10));
    expect(child.json().user).not.toHaveProperty('date_of_birth');
    expect(child.json().user).not.toHaveProperty('under_13_until');
    expect(isUnder13(row, new Date())).toBe(true);

    // 13 today: no longer under 13, so nothing is kept.
    const teen = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      payload: signupForm({ date_of_birth: yearsAgo(13) }),
    });
    expect(teen.statusCode).toBe(201);
    const teenRow = await storedAge(teen.json().user.id);
    expect(teenRow.under13Until).toBeNull();
    expect(isUnder13(teenRow, new Date())).toBe(false);
  });

  it('asks a student for a real, past date of birth from 1900 on; a teacher need not give one', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, authMessages.dateOfBirthRequired],
      ['', authMessages.dateOfBirthRequired],
      ['2013-02-30', authMessages.dateOfBirthInvalid],
      ['12/05/2013', authMessages.dateOfBirthInvalid],
      ['1899-12-31', authMessages.dateOfBirthTooEarly],
      [yearsAgo(0, 2), authMessages.dateOfBirthFuture],
    ];
    for (const [dateOfBirth, message] of cases) {
      const form = signupForm(dateOfBirth === undefined ? {} : { date_of_birth: dateOfBirth });
      if (dateOfBirth === undefined) form.delete('date_of_birth');
      const response = await t.app.inject({ method: 'POST', url: '/api/users/', payload: form });
      expect(response.statusCode, String(dateOfBirth)).toBe(400);
      expect(response.json()).toEqual({ date_of_birth: [message] });
    }
    const teacher = signupForm({ is_teacher: 'true' });
    teacher.delete('date_of_birth');
    const asTeacher = await t.app.inject({ method: 'POST', url: '/api/users/', payload: teacher });
    expect(asTeacher.statusCode).toBe(201);
  });

  it('counts a teacher-made account as under 13 whatever its age, and turns 13 on the day', () => {
    const now = new Date('2026-12-05T10:00:00Z');
    expect(thirteenthBirthday('2012-02-29')).toBe('2025-03-01');
    expect(under13UntilFor('2013-12-05', now)).toBeNull();
    expect(under13UntilFor('2013-12-06', now)).toBe('2026-12-06');
    const adult = { email: 'a@school.test', createdByTeacherId: null, under13Until: null };
    expect(isUnder13(adult, now)).toBe(false);
    expect(isUnder13({ ...adult, email: null }, now)).toBe(true);
    expect(isUnder13({ ...adult, createdByTeacherId: 7 }, now)).toBe(true);
    expect(isUnder13({ ...adult, under13Until: '2026-12-06' }, now)).toBe(true);
    expect(isUnder13({ ...adult, under13Until: '2026-12-05' }, now)).toBe(false);
  });
});

describe('POST /api/users/ (sign-up)', () => {
  it('signs up a student with an avatar, logs them in and sends a verification link', async () => {
    const form = signupForm({}, { bytes: PNG_1X1, name: 'me.png', type: 'image/png' });
    const email = form.get('email') as string;
    const response = await t.app.inject({ method: 'POST', url: '/api/users/', payload: form });
    expect(response.statusCode).toBe(201);
    const { token, user } = response.json();
    expect(user).toMatchObject({ email, is_teacher: false, email_verified: false });
    expect(user.avatar).toMatch(/^\/media\/avatars\/\d+-[0-9a-f]+\.webp$/);
    const image = await t.app.inject({ url: user.avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const stored = await sharp(image.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(stored.exif).toBeUndefined();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api-token-verify/', payload: { token } }))
        .statusCode,
    ).toBe(200);
    const mail = await latestMailTo(t.deps, email);
    expect(mail?.subject).toBe('Confirm your email address for Bullpen');
    expect(mail?.textBody).toContain('http://bullpen.test/public/email-verification?token=');
  });

  it('strips the metadata of an uploaded photo (it can carry a location)', async () => {
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'home address here' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const form = signupForm({}, { bytes: photo, name: 'me.jpg', type: 'image/jpeg' });
    const response = await t.app.inject({ method: 'POST', url: '/api/users/', payload: form });
    const image = await t.app.inject({ url: response.json().user.avatar });
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('signs up a teacher, as JSON too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      payload: {
        username: 'mr.okoro',
        email: 'okoro@school.test',
        password: 'chalk and cheese',
        first_name: 'Ade',
        last_name: 'Okoro',
        is_teacher: true,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ is_teacher: true, avatar: null });
  });

  it('lists every problem of a bad form per field', async () => {
    const form = new FormData();
    form.append('email', 'not-an-email');
    form.append('password', 'short');
    form.append('username', 'a b');
    const response = await t.app.inject({ method: 'POST', url: '/api/users/', payload: form });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: [authMessages.usernameFormat],
      email: ['Invalid email'],
      password: [authMessages.passwordTooShort],
      first_name: ['Required'],
      last_name: ['Required'],
    });
  });

  it('refuses common passwords and taken usernames or emails (any case)', async () => {
    const common = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      payload: signupForm({ password: 'iloveyou1' }),
    });
    expect(common.json()).toEqual({ password: [authMessages.passwordCommon] });

    const first = signupForm();
    await t.app.inject({ method: 'POST', url: '/api/users/', payload: first });
    const sameName = signupForm({ username: (first.get('username') as string).toUpperCase() });
    const taken = await t.app.inject({ method: 'POST', url: '/api/users/', payload: sameName });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ username: [authMessages.usernameTaken] });
    // Only a verified address is taken (an unverified sign-up cannot squat it).
    const verified = await buildUser(t.deps, { verified: true });
    const sameEmail = signupForm({ email: verified.user.email.toUpperCase() });
    const takenEmail = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      payload: sameEmail,
    });
    expect(takenEmail.json()).toEqual({ email: [authMessages.emailTaken] });
  });

  it('accepts a long passphrase and refuses one over the limit', async () => {
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      payload: signupForm({ password: 'w'.repeat(64) }),
    });
    expect(long.statusCode).toBe(201);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      payload: signupForm({ password: 'w'.repeat(129) }),
    });
    expect(tooLong.json()).toEqual({ password: [authMessages.passwordTooLong] });
  });

  it('refuses a file that is not an image whatever its name says, and keeps no account', async () => {
    const form = signupForm(
      {},
      { bytes: Buffer.from('<?php echo 1; ?>'), name: 'cat.png', type: 'image/png' },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/users/', payload: form });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ avatar: [authMessages.avatarType] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      payload: { username: form.get('username'), password: 'green turtle sky' },
    });
    expect(login.statusCode).toBe(400);
    expect(
      fs.readdirSync(avatarsDir(t.deps.config.dataDir)).some((name) => name.endsWith('.php')),
    ).toBe(false);
  });

  it('refuses an image over 2 MB with 413', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const form = signupForm({}, { bytes: big, name: 'big.png', type: 'image/png' });
    const response = await t.app.inject({ method: 'POST', url: '/api/users/', payload: form });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The uploaded file is too large.' });
  });

  it('refuses unknown fields and files in other fields', async () => {
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      payload: signupForm({ is_staff: 'true' }),
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ is_staff: ['This field is not allowed.'] });
    const form = signupForm();
    form.append('resume', new Blob([PNG_1X1]), 'x.png');
    const file = await t.app.inject({ method: 'POST', url: '/api/users/', payload: form });
    expect(file.statusCode).toBe(400);
  });
});

describe('GET and PUT /api/users/{id}/', () => {
  it('lets a user read their own account and refuses another user', async () => {
    const owner = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const own = await t.app.inject({ url: `/api/users/${owner.user.id}/`, headers: owner.auth });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: owner.user.id, username: owner.user.username });
    const foreign = await t.app.inject({
      url: `/api/users/${owner.user.id}/`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: authMessages.forbidden });
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${owner.user.id}/`,
      headers: other.auth,
      payload: { first_name: 'Hacked' },
    });
    expect(change.statusCode).toBe(403);
    const after = await t.app.inject({ url: `/api/users/${owner.user.id}/`, headers: owner.auth });
    expect(after.json().first_name).toBe('Test');
  });

  it('keeps a language (English by default): PATCH by its owner only, a wrong value is a 400', async () => {
    const owner = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const url = `/api/users/${owner.user.id}/`;
    expect((await t.app.inject({ url, headers: owner.auth })).json().language).toBe('en');
    const changed = await t.app.inject({
      method: 'PATCH',
      url,
      headers: owner.auth,
      payload: { language: 'es' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: owner.user.id, language: 'es' });
    expect(changed.json()).not.toHaveProperty('token');
    const foreign = await t.app.inject({
      method: 'PATCH',
      url,
      headers: other.auth,
      payload: { language: 'en' },
    });
    expect(foreign.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'PATCH',
      url,
      headers: owner.auth,
      payload: { language: 'fr' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ language: [expect.any(String)] });
    expect((await t.app.inject({ url, headers: owner.auth })).json().language).toBe('es');
  });

  it('answers 400 for a malformed id', async () => {
    const owner = await buildUser(t.deps);
    const response = await t.app.inject({ url: '/api/users/abc/', headers: owner.auth });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('id');
  });

  it('updates names as JSON and the avatar as multipart, replacing the old file', async () => {
    const owner = await buildUser(t.deps);
    const url = `/api/users/${owner.user.id}/`;
    const json = await t.app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { first_name: 'Robin' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ first_name: 'Robin' });
    expect(json.json()).not.toHaveProperty('token');

    const upload = async () => {
      const form = new FormData();
      form.append('avatar', new Blob([PNG_1X1], { type: 'image/png' }), 'a.png');
      return (await t.app.inject({ method: 'PUT', url, headers: owner.auth, payload: form })).json()
        .avatar as string;
    };
    const first = await upload();
    const second = await upload();
    expect(first).not.toBe(second);
    const files = fs.readdirSync(avatarsDir(t.deps.config.dataDir));
    expect(files).toContain(path.basename(second));
    expect(files).not.toContain(path.basename(first));

    const bad = new FormData();
    bad.append('avatar', new Blob([Buffer.from('GIF87a-not-really')]), 'x.gif');
    const refused = await t.app.inject({ method: 'PUT', url, headers: owner.auth, payload: bad });
    expect(refused.statusCode).toBe(400);
  });

  it('changes the email (after its link) and the password, both with the current one', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const url = `/api/users/${owner.user.id}/`;
    const email = await t.app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { email: 'moved@school.test', current_password: owner.password },
    });
    // The old address stays until the link mailed to the new one is opened.
    expect(email.json()).toMatchObject({
      email: owner.user.email,
      email_verified: true,
      detail: authMessages.emailChangeSent('moved@school.test'),
    });
    expect(await latestMailTo(t.deps, 'moved@school.test')).toBeDefined();

    const noCurrent = await t.app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { password: 'violet river 9' },
    });
    expect(noCurrent.json()).toHaveProperty('current_password');
    const wrongCurrent = await t.app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { password: 'violet river 9', current_password: 'wrong' },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    const changed = await t.app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { password: 'violet river 9', current_password: owner.password },
    });
    expect(changed.statusCode).toBe(200);
    const { token } = changed.json();
    expect(token).toBeTypeOf('string');
    expect((await t.app.inject({ url, headers: owner.auth })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url, headers: { authorization: `JWT ${token}` } })).statusCode,
    ).toBe(200);
  });

  it('refuses a username another user has', async () => {
    const owner = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${owner.user.id}/`,
      headers: owner.auth,
      payload: { username: other.user.username },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [authMessages.usernameTaken] });
  });
});

describe('GET /api/points/points/{userId}/', () => {
  it('shows a user their own balance, 0 until points exist, and refuses others', async () => {
    const owner = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const url = `/api/points/points/${owner.user.id}/`;
    const own = await t.app.inject({ url, headers: owner.auth });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ available_points: 0 });
    await t.app.points.record([
      { userId: owner.user.id, points: 30, reason: 'module', source: 'module:1' },
      { userId: owner.user.id, points: -5, reason: 'redemption', source: 'redemption:1' },
    ]);
    expect((await t.app.inject({ url, headers: owner.auth })).json()).toEqual({
      available_points: 25,
    });
    expect((await t.app.inject({ url, headers: other.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
