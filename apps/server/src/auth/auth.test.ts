import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authMessages } from '@bullpen/contract/messages';
import { users } from '../db/schema/users.ts';
import { buildTestApp, buildUser, latestMailTo, linkToken, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

describe('POST /api-token-auth/', () => {
  it('logs in with the username or the email address, case-insensitively', async () => {
    const { user, password } = await buildUser(t.deps, { username: 'Maya.Lin' });
    for (const login of ['Maya.Lin', 'maya.lin', user.email.toUpperCase()]) {
      const response = await post('/api-token-auth/', { username: login, password });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toMatchObject({ id: user.id, username: 'Maya.Lin', is_teacher: false });
      expect(body.user).not.toHaveProperty('password_hash');
      expect(body.token.split('.')).toHaveLength(3);
    }
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const { user } = await buildUser(t.deps);
    const wrong = await post('/api-token-auth/', {
      username: user.username,
      password: 'nope-nope-nope',
    });
    const unknown = await post('/api-token-auth/', { username: 'nobody-here', password: 'x' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: [authMessages.badCredentials] });
    }
  });

  it('answers bad input with per-field messages and never a 500', async () => {
    const missing = await post('/api-token-auth/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ username: ['Required'], password: ['Required'] });

    const wrongType = await post('/api-token-auth/', { username: 42, password: ['a'] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({
      username: ['Enter text here.'],
      password: ['Enter text here.'],
    });

    const unknownField = await post('/api-token-auth/', {
      username: 'a',
      password: 'b',
      admin: true,
    });
    expect(unknownField.json()).toEqual({ admin: ['This field is not allowed.'] });

    const notAnObject = await post('/api-token-auth/', [1, 2]);
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json()).toHaveProperty('non_field_errors');
  });

  it('answers malformed JSON, a wrong content type and an oversized body with 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'The request body is not valid JSON.' });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);

    const huge = await post('/api-token-auth/', { username: 'a', password: 'x'.repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'The request body is too large.' });
  });

  it('ignores a stale Authorization header on login', async () => {
    const { user, password } = await buildUser(t.deps);
    const response = await post(
      '/api-token-auth/',
      { username: user.username, password },
      { authorization: 'JWT not-a-token' },
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('verifies a valid token and returns the current user', async () => {
    const { user, token } = await buildUser(t.deps);
    const response = await post('/api-token-verify/', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token, user: { id: user.id, email: user.email } });
  });

  it('refuses a garbage, a forged and an expired token', async () => {
    const { user } = await buildUser(t.deps);
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 2 * 86400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86400)
      .sign(t.deps.signingKey);
    for (const token of ['garbage', forged, expired]) {
      const verify = await post('/api-token-verify/', { token });
      expect(verify.statusCode).toBe(401);
      expect(verify.json()).toEqual({ error: authMessages.tokenInvalid });
      const me = await t.app.inject({
        url: `/api/users/${user.id}/`,
        headers: { authorization: `JWT ${token}` },
      });
      expect(me.statusCode).toBe(401);
    }
  });

  it('refuses a validly signed token whose subject is no id a user can have, with 401', async () => {
    const { user } = await buildUser(t.deps);
    for (const subject of ['2147483648', '9999999999', '0', '-1', '1.5', 'admin']) {
      const token = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setJti('subject-test')
        .setExpirationTime('1h')
        .sign(t.deps.signingKey);
      const verify = await post('/api-token-verify/', { token });
      expect(verify.statusCode, subject).toBe(401);
      expect(verify.json()).toEqual({ error: authMessages.tokenInvalid });
      const me = await t.app.inject({
        url: `/api/users/${user.id}/`,
        headers: { authorization: `JWT ${token}` },
      });
      expect(me.statusCode, subject).toBe(401);
    }
  });

  it('accepts the spec header form only with a token in it', async () => {
    const { user, token } = await buildUser(t.deps);
    const ok = await t.app.inject({
      url: `/api/users/${user.id}/`,
      headers: { authorization: `JWT ${token}` },
    });
    expect(ok.statusCode).toBe(200);
    const noToken = await t.app.inject({
      url: `/api/users/${user.id}/`,
      headers: { authorization: 'JWT' },
    });
    expect(noToken.statusCode).toBe(401);
    const anonymous = await t.app.inject({ url: `/api/users/${user.id}/` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: authMessages.notAuthenticated });
  });

  it('logout kills its token on the server (a copied token dies with it); other sessions go on', async () => {
    const { user, password, token, auth } = await buildUser(t.deps);
    const otherDevice = (
      await post('/api-token-auth/', { username: user.username, password })
    ).json().token as string;
    const logout = await post('/api/auth/logout/', undefined, auth);
    expect(logout.statusCode).toBe(200);
    expect((await post('/api-token-verify/', { token })).statusCode).toBe(401);
    const copied = await t.app.inject({ url: `/api/users/${user.id}/`, headers: auth });
    expect(copied.statusCode).toBe(401);
    expect((await post('/api/auth/logout/', undefined, auth)).statusCode).toBe(401);
    expect((await post('/api-token-verify/', { token: otherDevice })).statusCode).toBe(200);
  });

  it('a new password ends every session of the user', async () => {
    const { user, password, token } = await buildUser(t.deps);
    const otherDevice = (
      await post('/api-token-auth/', { username: user.username, password })
    ).json().token as string;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}/`,
      headers: { authorization: `JWT ${token}` },
      payload: { password: 'a whole new phrase', current_password: password },
    });
    expect(changed.statusCode).toBe(200);
    for (const old of [token, otherDevice]) {
      expect((await post('/api-token-verify/', { token: old })).statusCode).toBe(401);
    }
    expect((await post('/api-token-verify/', { token: changed.json().token })).statusCode).toBe(
      200,
    );
  });
});

describe('email verification', () => {
  it('sends a single-use link that verifies the address', async () => {
    const { user, auth } = await buildUser(t.deps);
    const request = await post('/api/auth/send-verification-email/', {}, auth);
    expect(request.json()).toEqual({ detail: authMessages.verificationSent });
    const mail = await latestMailTo(t.deps, user.email);
    expect(mail?.status).toBe('held');
    const token = linkToken(mail!.textBody, '/public/email-verification');

    const verify = await post('/api/auth/verify-email/', { token });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ detail: authMessages.emailVerified });
    const me = await t.app.inject({ url: `/api/users/${user.id}/`, headers: auth });
    expect(me.json().email_verified).toBe(true);

    const reuse = await post('/api/auth/verify-email/', { token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: authMessages.linkInvalid });

    const already = await post('/api/auth/send-verification-email/', {}, auth);
    expect(already.json()).toEqual({ detail: authMessages.alreadyVerified });
  });

  it('does not claim to mail an account that has no address', async () => {
    const { user, auth } = await buildUser(t.deps);
    await t.deps.db.update(users).set({ email: null }).where(eq(users.id, user.id));
    const response = await post('/api/auth/send-verification-email/', {}, auth);
    expect(response.json()).toEqual({ detail: authMessages.noEmailToVerify });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await post('/api/auth/send-verification-email/', {
      email: 'ghost@school.test',
    });
    expect(response.json()).toEqual({ detail: authMessages.verificationSent });
    expect(await latestMailTo(t.deps, 'ghost@school.test')).toBeUndefined();
  });

  it('refuses an expired link', async () => {
    const { user, auth } = await buildUser(t.deps);
    await post('/api/auth/send-verification-email/', {}, auth);
    const token = linkToken(
      (await latestMailTo(t.deps, user.email))!.textBody,
      '/public/email-verification',
    );
    const { userTokens } = await import('../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.deps.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user.id));
    const verify = await post('/api/auth/verify-email/', { token });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toEqual({ error: authMessages.linkInvalid });
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address exists', async () => {
    const { user } = await buildUser(t.deps);
    const known = await post('/api/auth/send-reset-password-email/', { email: user.email });
    const unknown = await post('/api/auth/send-reset-password-email/', {
      email: 'nobody@school.test',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await latestMailTo(t.deps, user.email)).toBeDefined();
    expect(await latestMailTo(t.deps, 'nobody@school.test')).toBeUndefined();
  });

  it('resets the password once, ends old sessions, and refuses common passwords', async () => {
    const { user, token: oldToken } = await buildUser(t.deps);
    await post('/api/auth/send-reset-password-email/', { email: user.email });
    const token = linkToken(
      (await latestMailTo(t.deps, user.email))!.textBody,
      '/public/reset-password',
    );

    const common = await post('/api/auth/reset-password/', { token, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ password: [authMessages.passwordCommon] });
    const short = await post('/api/auth/reset-password/', { token, password: 'short' });
    expect(short.json()).toEqual({ password: [authMessages.passwordTooShort] });

    const reset = await post('/api/auth/reset-password/', {
      token,
      password: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ detail: authMessages.passwordReset });
    expect((await post('/api-token-verify/', { token: oldToken })).statusCode).toBe(401);
    const login = await post('/api-token-auth/', {
      username: user.username,
      password: 'a brand new secret',
    });
    expect(login.statusCode).toBe(200);

    const reuse = await post('/api/auth/reset-password/', {
      token,
      password: 'another new secret',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: authMessages.linkInvalid });
  });

  it('only the newest link works', async () => {
    const { user } = await buildUser(t.deps);
    await post('/api/auth/send-reset-password-email/', { email: user.email });
    const first = linkToken(
      (await latestMailTo(t.deps, user.email))!.textBody,
      '/public/reset-password',
    );
    await post('/api/auth/send-reset-password-email/', { email: user.email });
    const second = linkToken(
      (await latestMailTo(t.deps, user.email))!.textBody,
      '/public/reset-password',
    );
    expect(
      (await post('/api/auth/reset-password/', { token: first, password: 'orange kite 77' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/auth/reset-password/', { token: second, password: 'orange kite 77' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message on sign-up and reset once the limit is reached', async () => {
    const limited = await buildTestApp({
      AUTH_RATE_LIMIT_MAX: '3',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    try {
      const cases = [
        { url: '/api/auth/send-reset-password-email/', payload: { email: 'a@school.test' } },
        { url: '/api/users/', payload: {} },
      ];
      for (const { url, payload } of cases) {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const response = await limited.app.inject({ method: 'POST', url, payload });
          expect(response.statusCode).not.toBe(429);
        }
        const blocked = await limited.app.inject({ method: 'POST', url, payload });
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().error).toMatch(
          /^Too many attempts\. Please wait \d+ seconds and try again\.$/,
        );
        expect(blocked.headers['retry-after']).toBeDefined();
      }
    } finally {
      await limited.close();
    }
  });
});
