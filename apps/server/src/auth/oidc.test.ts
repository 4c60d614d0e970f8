import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oidcIdentities } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { gatherDocument } from '../privacy/service.ts';
import { purgeUser } from '../users/deletion.ts';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import {
  startOpenIdProvider,
  type TestAccount,
  type TestOpenIdProvider,
} from '../test/oidc-provider.ts';

/**
 * School sign-in end to end: a real OpenID provider on 127.0.0.1 (oidc-provider), the app's
 * start and callback routes, and every redirect between them followed as a browser would,
 * cookies included. Only the hop from the provider back to the app goes through `inject`
 * (the app's public address, bullpen.test, is not a real host).
 */
const PUBLIC_URL = 'http://bullpen.test';
const CALLBACK = `${PUBLIC_URL}/api/oidc/school/callback/`;

let idp: TestOpenIdProvider;
let t: TestApp;
let people = 0;

beforeAll(async () => {
  idp = await startOpenIdProvider([CALLBACK]);
  t = await buildTestApp({
    PUBLIC_URL,
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: 'school',
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        allowed_domains: ['district.test'],
      },
      {
        id: 'down',
        name: 'Closed District',
        // Port 9 (discard) is closed on a test machine: discovery fails.
        issuer: 'http://127.0.0.1:9',
        client_id: 'nobody',
        client_secret: 'nothing',
        allowed_domains: ['district.test'],
      },
    ]),
    OIDC_SOURCED_ID_CLAIM: 'sourced_id',
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

function person(overrides: Partial<TestAccount> = {}): TestAccount {
  people += 1;
  const unique = `${process.pid}x${people}`;
  return {
    sub: `sub-${unique}`,
    email: `pupil${unique}@district.test`,
    email_verified: true,
    given_name: 'Ana',
    family_name: 'Ríos',
    ...overrides,
  };
}

type Jar = Map<string, string>;

function keepCookies(jar: Jar, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    if (/max-age=0/i.test(line)) jar.delete(name!);
    else jar.set(name!, value.join('='));
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

const setCookiesOf = (header: string | string[] | number | undefined) =>
  header === undefined ? [] : Array.isArray(header) ? header : [String(header)];

/** GET /api/oidc/<provider>/start/ as a browser: the redirect and the cookie it sets. */
async function start(appJar: Jar, providerId = 'school') {
  const response = await t.app.inject({
    url: `/api/oidc/${providerId}/start/`,
    headers: { cookie: cookieHeader(appJar) },
  });
  keepCookies(appJar, setCookiesOf(response.headers['set-cookie']));
  return response;
}

/**
 * Follows the provider's redirects with real HTTP, the provider's cookies kept, until one
 * points back at the app: that URL.
 */
async function throughProvider(authorizationUrl: string): Promise<URL> {
  const jar: Jar = new Map();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(PUBLIC_URL)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: cookieHeader(jar) },
    });
    keepCookies(jar, response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

async function callback(appJar: Jar, back: URL) {
  const response = await t.app.inject({
    url: back.pathname + back.search,
    headers: {
      cookie: cookieHeader(appJar),
      'user-agent': 'Mozilla/5.0 (X11; CrOS x86_64) Chrome/131.0',
    },
  });
  keepCookies(appJar, setCookiesOf(response.headers['set-cookie']));
  return response;
}

/** The whole sign-in, as a browser goes through it; `tamper` changes the URL sent to the provider. */
async function signInWith(account: TestAccount, tamper?: (url: URL) => void) {
  const appJar: Jar = new Map();
  const started = await start(appJar);
  expect(started.statusCode).toBe(302);
  const authorization = new URL(started.headers.location as string);
  tamper?.(authorization);
  idp.signInAs(account);
  const back = await throughProvider(authorization.href);
  const response = await callback(appJar, back);
  return { response, appJar, back };
}

async function userByEmail(email: string) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function countUsers() {
  return (await t.deps.db.select({ id: users.id }).from(users)).length;
}

const refusedWith = (reason: string) => `/public/login?sso_error=${reason}`;

describe('the providers the login page shows', () => {
  it('lists id, name and start path to anyone, never the issuer or the secret', async () => {
    const response = await t.app.inject({ url: '/api/oidc/providers/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 'school', name: null, start_url: '/api/oidc/school/start/' },
      { id: 'down', name: 'Closed District', start_url: '/api/oidc/down/start/' },
    ]);
    expect(response.body).not.toContain(idp.issuer);
    expect(response.body).not.toContain(idp.clientSecret);
  });

  it('lists the same to a signed-in user', async () => {
    const { auth } = await buildUser(t.deps);
    const response = await t.app.inject({ url: '/api/oidc/providers/', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });
});

describe('starting a school sign-in', () => {
  it('redirects to the provider with PKCE, state and nonce, and seals them in an HttpOnly cookie', async () => {
    const jar: Jar = new Map();
    const response = await start(jar);
    expect(response.statusCode).toBe(302);
    const url = new URL(response.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = setCookiesOf(response.headers['set-cookie']).join('\n');
    expect(cookie).toMatch(
      /^bullpen_oidc=[^;]+; Path=\/api\/oidc\/school\/callback\/; Max-Age=600; HttpOnly; SameSite=Lax/,
    );
    // Sealed: neither the state nor the verifier can be read from it.
    expect(cookie).not.toContain(url.searchParams.get('state'));
  });

  it('answers 404 for a provider that is not configured', async () => {
    const response = await t.app.inject({ url: '/api/oidc/nowhere/start/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('sends the browser back to the login page when the provider is down, and the server keeps running', async () => {
    const response = await start(new Map(), 'down');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(refusedWith('unavailable'));
    const health = await t.app.inject({ url: '/api/oidc/providers/' });
    expect(health.statusCode).toBe(200);
  });
});

describe('finishing a school sign-in', () => {
  it('creates a student school account, signs in like a password login and goes home', async () => {
    const account = person({ given_name: 'Lucía', family_name: 'Gómez' });
    const before = await countUsers();
    const { response, appJar } = await signInWith(account);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/home');
    expect(appJar.has('bullpen_oidc')).toBe(false);
    const token = appJar.get('token');
    expect(token).toBeTruthy();
    expect(await countUsers()).toBe(before + 1);
    const user = (await userByEmail(account.email))!;
    expect(user).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Gómez',
      isTeacher: false,
      isStaff: false,
      consentStatus: 'school',
    });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.username).toMatch(/^lucia\./);
    // The token is a real session: the profile answers, and the session is listed.
    const me = await t.app.inject({
      url: `/api/users/${user.id}/`,
      headers: { authorization: `JWT ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const sessions = await t.app.inject({
      url: '/api/auth/sessions/',
      headers: { authorization: `JWT ${token}` },
    });
    expect(sessions.json()).toEqual([expect.objectContaining({ current: true })]);
    const links = await t.deps.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.userId, user.id));
    expect(links).toEqual([expect.objectContaining({ issuer: idp.issuer, subject: account.sub })]);
  });

  it('reuses the account on the second sign-in, even after the address changed at the school', async () => {
    const account = person();
    await signInWith(account);
    const first = (await userByEmail(account.email))!;
    const before = await countUsers();
    const moved = { ...account, email: `renamed${people}@district.test` };
    const { response, appJar } = await signInWith(moved);
    expect(response.headers.location).toBe('/home');
    expect(await countUsers()).toBe(before);
    const me = await t.app.inject({
      url: `/api/users/${first.id}/`,
      headers: { authorization: `JWT ${appJar.get('token')}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('signs an existing account in by its verified address, and links it', async () => {
    const existing = await buildUser(t.deps, {
      email: `teacher${people}@district.test`,
      is_teacher: true,
      verified: true,
    });
    const before = await countUsers();
    const { response, appJar } = await signInWith(person({ email: existing.user.email }));
    expect(response.headers.location).toBe('/home');
    expect(await countUsers()).toBe(before);
    const me = await t.app.inject({
      url: `/api/users/${existing.user.id}/`,
      headers: { authorization: `JWT ${appJar.get('token')}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ is_teacher: true });
  });

  it('does not take over an account whose address was never verified: a new account is made', async () => {
    const unverified = await buildUser(t.deps, {
      email: `claim${people}@district.test`,
      verified: false,
    });
    const { response } = await signInWith(person({ email: unverified.user.email }));
    expect(response.headers.location).toBe('/home');
    const [link] = await t.deps.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.userId, unverified.user.id));
    expect(link).toBeUndefined();
  });

  it('asks the registered matchers: a rostered teacher is created as a teacher', async () => {
    const account = person({ sourced_id: 'roster-teacher-7' });
    const seen: (string | undefined)[] = [];
    t.app.oidc.matchers.push((_db, claims) => {
      seen.push(claims.sourcedId);
      return claims.sourcedId === 'roster-teacher-7' ? { role: 'teacher' } : undefined;
    });
    try {
      await signInWith(account);
    } finally {
      t.app.oidc.matchers.pop();
    }
    expect(seen).toEqual(['roster-teacher-7']);
    expect(await userByEmail(account.email)).toMatchObject({
      isTeacher: true,
      consentStatus: null,
    });
  });

  it('asks the registered matchers: a roster may name the account to sign in', async () => {
    const rostered = await buildUser(t.deps, {
      email: `home${people}@elsewhere.test`,
      verified: true,
    });
    t.app.oidc.matchers.push((_db, claims) =>
      claims.sourcedId === 'roster-student-9' ? { userId: rostered.user.id } : undefined,
    );
    let token: string | undefined;
    try {
      const { appJar } = await signInWith(person({ sourced_id: 'roster-student-9' }));
      token = appJar.get('token');
    } finally {
      t.app.oidc.matchers.pop();
    }
    const me = await t.app.inject({
      url: `/api/users/${rostered.user.id}/`,
      headers: { authorization: `JWT ${token}` },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe('refused school sign-ins create nothing and say why on the login page', () => {
  it('refuses a forged state', async () => {
    const account = person();
    const before = await countUsers();
    const appJar: Jar = new Map();
    const started = await start(appJar);
    idp.signInAs(account);
    const back = await throughProvider(started.headers.location as string);
    back.searchParams.set('state', 'forged-by-someone-else');
    const response = await callback(appJar, back);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(refusedWith('state'));
    expect(appJar.has('token')).toBe(false);
    expect(await countUsers()).toBe(before);
  });

  it('refuses a callback without the browser’s sealed cookie (another browser’s code)', async () => {
    const appJar: Jar = new Map();
    const started = await start(appJar);
    idp.signInAs(person());
    const back = await throughProvider(started.headers.location as string);
    const response = await callback(new Map([['bullpen_oidc', 'not-a-sealed-state']]), back);
    expect(response.headers.location).toBe(refusedWith('state'));
  });

  it('refuses an ID token with another nonce', async () => {
    const account = person();
    const before = await countUsers();
    const { response, appJar } = await signInWith(account, (url) =>
      url.searchParams.set('nonce', 'a-nonce-an-attacker-chose'),
    );
    expect(response.headers.location).toBe(refusedWith('invalid'));
    expect(appJar.has('token')).toBe(false);
    expect(await countUsers()).toBe(before);
  });

  it('refuses an expired ID token signed with the issuer’s key', async () => {
    const account = person();
    const before = await countUsers();
    idp.expireNextIdToken();
    const { response } = await signInWith(account);
    expect(response.headers.location).toBe(refusedWith('invalid'));
    expect(await countUsers()).toBe(before);
  });

  it('refuses an address outside the school’s domains', async () => {
    const before = await countUsers();
    const { response } = await signInWith(person({ email: `kid${people}@gmail.test` }));
    expect(response.headers.location).toBe(refusedWith('domain'));
    expect(await countUsers()).toBe(before);
  });

  it('refuses a look-alike domain that only ends with the school’s', async () => {
    const { response } = await signInWith(person({ email: `kid${people}@notdistrict.test` }));
    expect(response.headers.location).toBe(refusedWith('domain'));
  });

  it('refuses an address the provider has not verified', async () => {
    const before = await countUsers();
    const { response } = await signInWith(person({ email_verified: false }));
    expect(response.headers.location).toBe(refusedWith('unverified'));
    expect(await countUsers()).toBe(before);
  });

  it('takes Microsoft Entra ID’s verified-domain claim in place of email_verified', async () => {
    const account = person({ email_verified: false, xms_edov: true });
    const { response } = await signInWith(account);
    expect(response.headers.location).toBe('/home');
    expect(await userByEmail(account.email)).toBeDefined();
  });

  it('refuses a deactivated account and one scheduled for deletion', async () => {
    for (const change of [
      { deactivatedAt: new Date() },
      { deletionRequestedAt: new Date(), deletionDueAt: new Date(Date.now() + 86_400_000) },
    ]) {
      const existing = await buildUser(t.deps, {
        email: `off${people}@district.test`,
        verified: true,
      });
      await t.deps.db.update(users).set(change).where(eq(users.id, existing.user.id));
      const { response, appJar } = await signInWith(person({ email: existing.user.email }));
      expect(response.headers.location).toBe(refusedWith('inactive'));
      expect(appJar.has('token')).toBe(false);
    }
  });

  it('does not reach a staff account by its address', async () => {
    const staff = await buildUser(t.deps, {
      email: `admin${people}@district.test`,
      verified: true,
    });
    await t.deps.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
    const { response } = await signInWith(person({ email: staff.user.email }));
    expect(response.headers.location).toBe(refusedWith('staff'));
    const links = await t.deps.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.userId, staff.user.id));
    expect(links).toEqual([]);
  });

  it('refuses what the provider refused (the user cancelled)', async () => {
    const appJar: Jar = new Map();
    const started = await start(appJar);
    const state = new URL(started.headers.location as string).searchParams.get('state')!;
    const response = await callback(
      appJar,
      new URL(`${CALLBACK}?error=access_denied&state=${state}`),
    );
    expect(response.headers.location).toBe(refusedWith('denied'));
  });

  it('spends the sealed state: the same callback twice does not sign in twice', async () => {
    const appJar: Jar = new Map();
    const started = await start(appJar);
    idp.signInAs(person());
    const back = await throughProvider(started.headers.location as string);
    const saved = new Map(appJar);
    expect((await callback(appJar, back)).headers.location).toBe('/home');
    // The browser dropped the cookie; an old copy of it replays a code already spent.
    const replay = await callback(saved, back);
    expect(replay.headers.location).toBe(refusedWith('invalid'));
  });

  it('answers 404 for the callback of a provider that is not configured', async () => {
    const response = await t.app.inject({ url: '/api/oidc/nowhere/callback/?code=x&state=y' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the link to a school account, as personal data', () => {
  it('is in the owner’s export as the issuer only, and goes with the account', async () => {
    const account = person();
    await signInWith(account);
    const user = (await userByEmail(account.email))!;
    const document = await gatherDocument(t.deps.db, user.id, new Date(), async () => {});
    expect(document.school_sign_ins).toEqual([{ issuer: idp.issuer, linked_at: expect.any(Date) }]);
    expect(JSON.stringify(document)).not.toContain(account.sub);
    expect(await purgeUser(t.deps, user.id)).toBe(true);
    const links = await t.deps.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.subject, account.sub));
    expect(links).toEqual([]);
    // The same person signing in again starts afresh, with a new account.
    const { response } = await signInWith(account);
    expect(response.headers.location).toBe('/home');
    expect((await userByEmail(account.email))!.id).not.toBe(user.id);
  });

  it('a stale Authorization header does not stop a school sign-in', async () => {
    const response = await t.app.inject({
      url: '/api/oidc/school/start/',
      headers: { authorization: 'JWT not-a-valid-token' },
    });
    expect(response.statusCode).toBe(302);
  });
});
