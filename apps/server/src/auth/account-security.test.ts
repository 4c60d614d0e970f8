import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authMessages } from '@bullpen/contract/messages';
import { addressFailures, loginThrottles } from '../db/schema/auth.ts';
import { addressWaitSeconds, recordAddressFailure } from './queries.ts';
import { buildTestApp, buildUser, latestMailTo, linkToken, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const login = (app: TestApp, username: string, password: string) =>
  app.app.inject({ method: 'POST', url: '/api-token-auth/', payload: { username, password } });

const verifyLink = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email/', payload: { token } });

describe('changing email or password needs the current password', () => {
  it('refuses a session token alone: missing or wrong current password is a field error', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const url = `/api/users/${owner.user.id}/`;
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: owner.auth, payload });
    for (const payload of [
      { email: 'thief@evil.test' },
      { email: 'thief@evil.test', current_password: 'guess-guess-guess' },
      { password: 'brand new phrase', current_password: 'guess-guess-guess' },
    ]) {
      const response = await put(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        current_password: [
          payload.current_password
            ? authMessages.currentPasswordWrong
            : authMessages.currentPasswordRequired,
        ],
      });
    }
    expect(await latestMailTo(t.deps, 'thief@evil.test')).toBeUndefined();
    // Other changes need no password, and the same address is no change.
    const renamed = await put({ first_name: 'Robin', email: owner.user.email });
    expect(renamed.json()).toMatchObject({ first_name: 'Robin', email: owner.user.email });
  });

  it('moves to a new address only after its link; the old one gets a notice', async () => {
    const owner = await buildUser(t.deps, { verified: true, first_name: 'Kim' });
    const oldAddress = owner.user.email;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${owner.user.id}/`,
      headers: owner.auth,
      payload: { email: 'kim.new@school.test', current_password: owner.password },
    });
    expect(response.json()).toMatchObject({
      email: oldAddress,
      email_verified: true,
      detail: authMessages.emailChangeSent('kim.new@school.test'),
    });
    // Until then the old address still logs in and still receives resets.
    expect((await login(t, oldAddress, owner.password)).statusCode).toBe(200);
    const notice = (await latestMailTo(t.deps, oldAddress))!;
    expect(notice.subject).toBe('The email address of your Bullpen account is being changed');
    expect(notice.textBody).toContain('kim.new@school.test');

    const confirm = (await latestMailTo(t.deps, 'kim.new@school.test'))!;
    expect(confirm.subject).toBe('Confirm your new email address for Bullpen');
    const confirmed = await verifyLink(linkToken(confirm.textBody, '/public/email-verification'));
    expect(confirmed.json()).toEqual({ detail: authMessages.emailChanged });
    const me = await t.app.inject({ url: `/api/users/${owner.user.id}/`, headers: owner.auth });
    expect(me.json()).toMatchObject({ email: 'kim.new@school.test', email_verified: true });
  });

  it('lets the owner undo a change from the old address: address restored, every session ended', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const oldAddress = owner.user.email;
    // The intruder knows the password (the owner does not, yet) and moves the account away.
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${owner.user.id}/`,
      headers: owner.auth,
      payload: { email: 'intruder@evil.test', current_password: owner.password },
    });
    const intruderMail = (await latestMailTo(t.deps, 'intruder@evil.test'))!;
    await verifyLink(linkToken(intruderMail.textBody, '/public/email-verification'));
    const intruder = await login(t, 'intruder@evil.test', owner.password);
    expect(intruder.statusCode).toBe(200);
    // A reset to the new address would lock the owner out; the notice's link undoes it all.
    const notice = (await latestMailTo(t.deps, oldAddress))!;
    const undone = await verifyLink(linkToken(notice.textBody, '/public/email-verification'));
    expect(undone.json()).toEqual({ detail: authMessages.emailChangeUndone });
    const intruderSession = { authorization: `JWT ${intruder.json().token}` };
    const afterUndo = await t.app.inject({
      url: `/api/users/${owner.user.id}/`,
      headers: intruderSession,
    });
    expect(afterUndo.statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/users/${owner.user.id}/`, headers: owner.auth })).statusCode,
    ).toBe(401);
    const back = await login(t, oldAddress, owner.password);
    expect(back.json().user).toMatchObject({ email: oldAddress, email_verified: true });
    expect((await login(t, 'intruder@evil.test', owner.password)).statusCode).toBe(400);
    // The undo link works once.
    expect(
      (await verifyLink(linkToken(notice.textBody, '/public/email-verification'))).statusCode,
    ).toBe(400);
  });

  it('refuses to move to an address another account verified', async () => {
    const owner = await buildUser(t.deps, { verified: true });
    const other = await buildUser(t.deps, { verified: true });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${owner.user.id}/`,
      headers: owner.auth,
      payload: { email: other.user.email, current_password: owner.password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [authMessages.emailTaken] });
  });

  it('slows a stolen session guessing the current password, like a login', async () => {
    const school = await buildTestApp({
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      LOGIN_DELAY_SECONDS: '60',
    });
    try {
      const owner = await buildUser(school.deps, { verified: true });
      const put = (current_password: string) =>
        school.app.inject({
          method: 'PUT',
          url: `/api/users/${owner.user.id}/`,
          headers: owner.auth,
          payload: { email: 'thief@evil.test', current_password },
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push((await put(`guess-number-${attempt}`)).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      // Even the right password waits now, and the login of that account waits too.
      const right = await put(owner.password);
      expect(right.statusCode).toBe(429);
      expect(right.json().error).toMatch(/^Too many failed sign-ins to this account\./);
      expect((await login(school, owner.user.username, owner.password)).statusCode).toBe(429);
    } finally {
      await school.close();
    }
  });
});

describe('sign-in limits for a school behind one address', () => {
  it('lets 40 students of a class log in from one address within a minute', async () => {
    // The default limits, not the test harness's relaxed ones.
    const school = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '' });
    try {
      const students = await Promise.all(
        Array.from({ length: 40 }, () => buildUser(school.deps, { verified: true })),
      );
      const started = Date.now();
      for (const student of students) {
        const response = await login(school, student.user.username, student.password);
        expect(response.statusCode).toBe(200);
      }
      expect(Date.now() - started).toBeLessThan(60_000);
    } finally {
      await school.close();
    }
  });

  it('slows down only the account guessed at, and its owner gets in after the delay', async () => {
    const school = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '', LOGIN_DELAY_SECONDS: '2' });
    try {
      const students = await Promise.all(
        Array.from({ length: 40 }, () => buildUser(school.deps, { verified: true })),
      );
      const [victim, ...classmates] = students as [(typeof students)[number], ...typeof students];
      const statuses: number[] = [];
      let lastError = '';
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const guess = await login(school, victim.user.username, `wrong-guess-${attempt}`);
        statuses.push(guess.statusCode);
        if (guess.statusCode === 429) lastError = guess.json().error;
      }
      // Five guesses are answered, then the account waits (guesses in the wait are not tried).
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429, 429, 429]);
      expect(lastError).toMatch(
        /^Too many failed sign-ins to this account\. Please wait \d seconds and try again\.$/,
      );
      for (const classmate of classmates) {
        const response = await login(school, classmate.user.email, classmate.password);
        expect(response.statusCode).toBe(200);
      }
      // The owner waits out the delay, then the right password works (and clears the count).
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await login(school, victim.user.username, victim.password)).statusCode).toBe(200);
      expect((await login(school, victim.user.username, 'one-more-typo')).statusCode).toBe(400);
      expect((await login(school, victim.user.username, victim.password)).statusCode).toBe(200);
    } finally {
      await school.close();
    }
  });

  it('doubles the delay with each failure after it', async () => {
    const school = await buildTestApp({
      LOGIN_FAILURES_PER_ACCOUNT: '2',
      LOGIN_DELAY_SECONDS: '1',
    });
    try {
      const student = await buildUser(school.deps, { verified: true });
      expect((await login(school, student.user.username, 'typo-one')).statusCode).toBe(400);
      expect((await login(school, student.user.username, 'typo-two')).statusCode).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await login(school, student.user.username, 'typo-three')).statusCode).toBe(400);
      const waiting = await login(school, student.user.username, student.password);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().error).toMatch(/Please wait 2 seconds/);
    } finally {
      await school.close();
    }
  });

  it('treats an unknown login name like an account, so the answers reveal nothing', async () => {
    const school = await buildTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '2' });
    try {
      const answers = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        answers.push((await login(school, 'nobody.here', 'whatever-it-is')).statusCode);
      }
      expect(answers).toEqual([400, 400, 429]);
    } finally {
      await school.close();
    }
  });

  it('stops a flood of failures from one address, far above a class', async () => {
    const school = await buildTestApp({ LOGIN_FAILURES_PER_ADDRESS: '3' });
    try {
      const student = await buildUser(school.deps, { verified: true });
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const name = `ghost${attempt}`;
        expect((await login(school, name, 'whatever-it-is')).statusCode).toBe(400);
      }
      const blocked = await login(school, student.user.username, student.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
    } finally {
      await school.close();
    }
  });

  it('tells one address only a few taken usernames, so the sign-up form cannot list accounts', async () => {
    const school = await buildTestApp({
      AUTH_RATE_LIMIT_MAX: '',
      SIGNUP_TAKEN_USERNAMES_PER_ADDRESS: '3',
    });
    try {
      const existing = await Promise.all(
        Array.from({ length: 4 }, () => buildUser(school.deps, { verified: true })),
      );
      const signUp = (username: string, address: string) =>
        school.app.inject({
          method: 'POST',
          url: '/api/users/',
          remoteAddress: address,
          payload: {
            username,
            email: `${username}@probe.test`,
            password: 'green turtle sky',
            first_name: 'Probe',
            last_name: 'Person',
            date_of_birth: '2008-05-01',
          },
        });
      for (const taken of existing.slice(0, 3)) {
        const response = await signUp(taken.user.username, '192.0.2.50');
        expect(response.json()).toEqual({ username: [authMessages.usernameTaken] });
      }
      // Past three, every sign-up from that address waits, whatever the name.
      expect((await signUp(existing[0]!.user.username, '192.0.2.50')).statusCode).toBe(429);
      expect((await signUp(existing[3]!.user.username, '192.0.2.50')).statusCode).toBe(429);
      const free = await signUp('brand.new.name', '192.0.2.50');
      expect(free.statusCode).toBe(429);
      expect(free.json().error).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
      // Another address still gets its answers.
      expect((await signUp(existing[3]!.user.username, '192.0.2.51')).statusCode).toBe(400);
      expect((await signUp('brand.new.name', '192.0.2.51')).statusCode).toBe(201);
    } finally {
      await school.close();
    }
  });

  it('lets a class of 35 sign up together from one address', async () => {
    const school = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '' });
    try {
      for (let index = 0; index < 35; index += 1) {
        const response = await school.app.inject({
          method: 'POST',
          url: '/api/users/',
          payload: {
            username: `class7b.${index}`,
            email: `class7b.${index}@school.test`,
            password: 'green turtle sky',
            first_name: 'Pupil',
            last_name: `${index}`,
            date_of_birth: '2012-09-01',
          },
        });
        expect(response.statusCode).toBe(201);
      }
    } finally {
      await school.close();
    }
  });
});

describe('device cookies: a browser that signed in before is not throttled by guesses from elsewhere', () => {
  const SCHOOL = '203.0.113.7';
  const signIn = (
    app: TestApp,
    username: string,
    password: string,
    options: { device?: string; address?: string } = {},
  ) =>
    app.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      payload: { username, password },
      remoteAddress: options.address ?? SCHOOL,
      headers: options.device ? { cookie: `bullpen_device=${options.device}` } : {},
    });
  const deviceOf = (response: Awaited<ReturnType<typeof signIn>>) =>
    response.cookies.find((cookie) => cookie.name === 'bullpen_device')?.value;

  it('sets an HttpOnly, SameSite=Lax cookie for the login route only, Secure only over https', async () => {
    const student = await buildUser(t.deps, { verified: true });
    const response = await signIn(t, student.user.username, student.password);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((each) => each.name === 'bullpen_device')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api-token-auth/' });
    expect(cookie.secure).toBeUndefined();
    expect(cookie.value).toMatch(new RegExp(`^${student.user.id}\\.[0-9a-f]{32}\\.[0-9a-f]{32}$`));
    const failed = await signIn(t, student.user.username, 'not-the-password');
    expect(deviceOf(failed)).toBeUndefined();
    const overTls = await t.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      payload: { username: student.user.username, password: student.password },
      headers: { 'x-forwarded-proto': 'https' },
    });
    // Without TRUST_PROXY the forwarded header is ignored; the flag follows the real protocol.
    expect(overTls.cookies.find((each) => each.name === 'bullpen_device')?.secure).toBeUndefined();
  });

  it('lets 40 right passwords in from one address after a pupil sent 100 wrong ones at one account', async () => {
    // The guesser waits out every delay (no per-account delay here), so all 100 are tried.
    const school = await buildTestApp({
      AUTH_RATE_LIMIT_MAX: '',
      LOGIN_FAILURES_PER_ACCOUNT: '1000',
    });
    try {
      const students = await Promise.all(
        Array.from({ length: 41 }, () => buildUser(school.deps, { verified: true })),
      );
      const [victim, ...classmates] = students as [(typeof students)[number], ...typeof students];
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const guess = await signIn(school, victim.user.username, `wrong-guess-${attempt}`);
        expect(guess.statusCode).toBe(400);
      }
      const statuses = [];
      for (const classmate of classmates) {
        statuses.push(
          (await signIn(school, classmate.user.username, classmate.password)).statusCode,
        );
      }
      expect(statuses).toEqual(Array.from({ length: 40 }, () => 200));
    } finally {
      await school.close();
    }
  });

  it('slows a guesser without the cookie while the owner with it signs in', async () => {
    const school = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '', LOGIN_DELAY_SECONDS: '600' });
    try {
      const owner = await buildUser(school.deps, { verified: true });
      const first = await signIn(school, owner.user.username, owner.password);
      const device = deviceOf(first)!;
      const guesses: number[] = [];
      for (let attempt = 0; attempt < 8; attempt += 1) {
        guesses.push((await signIn(school, owner.user.username, `guess-${attempt}`)).statusCode);
      }
      expect(guesses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
      // The right password from a browser without the cookie waits too.
      const stranger = await signIn(school, owner.user.username, owner.password);
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().error).toMatch(/^Too many failed sign-ins to this account\./);
      // The owner's browser gets in, and gets a new nonce.
      const ownerBack = await signIn(school, owner.user.username, owner.password, { device });
      expect(ownerBack.statusCode).toBe(200);
      const renewed = deviceOf(ownerBack)!;
      expect(renewed).not.toBe(device);
      // Its success does not lift the lock the guesser earned.
      expect((await signIn(school, owner.user.username, owner.password)).statusCode).toBe(429);
      // A forged cookie, or one for another account, is no cookie.
      const forged = renewed.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
      expect(
        (await signIn(school, owner.user.username, owner.password, { device: forged })).statusCode,
      ).toBe(429);
      const classmate = await buildUser(school.deps, { verified: true });
      const classmateDevice = deviceOf(
        await signIn(school, classmate.user.username, classmate.password),
      )!;
      expect(
        (await signIn(school, owner.user.username, owner.password, { device: classmateDevice }))
          .statusCode,
      ).toBe(429);
      // The browser now remembers both accounts; the owner's entry still works in it.
      const both = deviceOf(
        await signIn(school, classmate.user.username, classmate.password, { device: renewed }),
      )!;
      expect(both.split('~')).toHaveLength(2);
      expect(
        (await signIn(school, owner.user.username, owner.password, { device: both })).statusCode,
      ).toBe(200);
    } finally {
      await school.close();
    }
  });

  it('slows a browser with the cookie by its own failures', async () => {
    const school = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '', LOGIN_DELAY_SECONDS: '600' });
    try {
      const owner = await buildUser(school.deps, { verified: true });
      const device = deviceOf(await signIn(school, owner.user.username, owner.password))!;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        statuses.push(
          (await signIn(school, owner.user.username, `typo-${attempt}`, { device })).statusCode,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      expect(
        (await signIn(school, owner.user.username, owner.password, { device })).statusCode,
      ).toBe(429);
      // Other clients are not slowed by that browser's failures.
      expect((await signIn(school, owner.user.username, owner.password)).statusCode).toBe(200);
    } finally {
      await school.close();
    }
  });

  it('lets a trusted browser in while its address is over the limit', async () => {
    const school = await buildTestApp({ LOGIN_FAILURES_PER_ADDRESS: '3' });
    try {
      const student = await buildUser(school.deps, { verified: true });
      const device = deviceOf(await signIn(school, student.user.username, student.password))!;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await signIn(school, `ghost${attempt}`, 'whatever-it-is')).statusCode).toBe(400);
      }
      expect((await signIn(school, student.user.username, student.password)).statusCode).toBe(429);
      expect(
        (await signIn(school, student.user.username, student.password, { device })).statusCode,
      ).toBe(200);
      // Another address is not affected.
      expect(
        (
          await signIn(school, student.user.username, student.password, {
            address: '198.51.100.9',
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await school.close();
    }
  });

  it('keeps a client address no longer than the window needs it', async () => {
    const window = { max: 100, windowMs: 600_000 };
    const stored = () =>
      t.deps.db.select().from(addressFailures).where(eq(addressFailures.address, '198.51.100.77'));
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60 * 1000);
    await recordAddressFailure(
      t.deps.db,
      'login',
      '198.51.100.77',
      'login:x',
      elevenMinutesAgo,
      window.windowMs,
    );
    expect(await stored()).toHaveLength(1);
    // Any other address's sign-in sweeps it.
    await addressWaitSeconds(t.deps.db, 'login', '198.51.100.78', new Date(), window);
    expect(await stored()).toHaveLength(0);
  });

  it('counts concurrent wrong attempts exactly, and lets no more than the limit be tried', async () => {
    const school = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '', LOGIN_DELAY_SECONDS: '600' });
    try {
      const target = await buildUser(school.deps, { verified: true });
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, attempt) =>
          signIn(school, target.user.username, `burst-${attempt}`),
        ),
      );
      const statuses = burst.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([...Array(5).fill(400), ...Array(15).fill(429)]);

      const patient = await buildUser(school.deps, { verified: true });
      const relaxed = await buildTestApp({
        AUTH_RATE_LIMIT_MAX: '',
        LOGIN_FAILURES_PER_ACCOUNT: '1000',
      });
      try {
        const other = await buildUser(relaxed.deps, { verified: true });
        await Promise.all(
          Array.from({ length: 25 }, (_, attempt) =>
            signIn(relaxed, other.user.username, `burst-${attempt}`),
          ),
        );
        const [row] = await relaxed.deps.db
          .select({ failures: loginThrottles.failures })
          .from(loginThrottles)
          .where(eq(loginThrottles.key, `user:${other.user.id}`));
        expect(row?.failures).toBe(25);
      } finally {
        await relaxed.close();
      }
      expect((await signIn(school, patient.user.username, patient.password)).statusCode).toBe(200);
    } finally {
      await school.close();
    }
  });
});
