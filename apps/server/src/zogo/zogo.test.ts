import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannel } from '@bullpen/contract/realtime';
import { ZOGO_TOKEN_TTL_SECONDS, zogoMessages } from '@bullpen/contract/zogo';
import { startSession } from '../auth/service.ts';
import { ledgerSum } from '../points/service.ts';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import { endAllSessions, findUserById } from '../users/queries.ts';

/**
 * The learn-and-earn API over the test modules (`learn/test-content/modules`: gross-or-net in
 * earning, save-first in saving, what-a-share-is in markets, linked to the test lessons).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Who = Awaited<ReturnType<typeof buildUser>>;
type Module = {
  id: number;
  slug: string;
  skill: number;
  category: number;
  points: number;
  lessons: number[];
};

const URL = {
  token: '/api/auth/zogo-token/',
  categories: '/api/zogo/categories/',
  skills: '/api/zogo/skills/',
  modules: '/api/zogo/modules/',
  module: (id: number | string) => `/api/zogo/modules/${id}/`,
  check: (id: number | string) => `/api/zogo/modules/${id}/check/`,
  start: (id: number | string, card: number | string) =>
    `/api/zogo/modules/${id}/cards/${card}/start/`,
  today: '/api/zogo/today/',
  bySkills: '/api/zogo/completed-modules/by-skills/',
  points: '/api/points/points/zogo/',
};

/** The right answers of the test modules, by slug. */
const RIGHT: Record<string, { question: string; choice: number }[]> = {
  'gross-or-net': [
    { question: 'gross-is', choice: 0 },
    { question: 'net-pay-sum', choice: 1 },
  ],
  'save-first': [
    { question: 'first-step', choice: 1 },
    { question: 'ten-of-hundred', choice: 1 },
  ],
  'what-a-share-is': [
    { question: 'share-is', choice: 1 },
    { question: 'price-moves', choice: 0 },
    { question: 'two-shares', choice: 1 },
  ],
};

async function modules(who: Who, query = ''): Promise<Module[]> {
  const response = await t.app.inject({ url: `${URL.modules}${query}`, headers: who.auth });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function moduleBySlug(who: Who, slug: string): Promise<Module> {
  const found = (await modules(who)).find((module) => module.slug === slug);
  if (!found) throw new Error(`no module ${slug}`);
  return found;
}

async function zogoToken(who: Who): Promise<string> {
  const response = await t.app.inject({ url: URL.token, headers: who.auth });
  expect(response.statusCode).toBe(200);
  return response.json().zogo_token;
}

/**
 * Serves every card of a module to this user ten minutes ago, as the player does one by one,
 * so the module's pace is long satisfied (pacing itself is tested in pacing.test.ts).
 */
async function played(who: Who, moduleId: number): Promise<void> {
  const detail = await t.app.inject({ url: URL.module(moduleId), headers: who.auth });
  const cards = (detail.json() as { cards: unknown[] }).cards.length;
  const realNow = t.app.zogo.clock.now;
  const earlier = new Date(realNow().getTime() - 10 * 60_000);
  t.app.zogo.clock.now = () => earlier;
  try {
    for (let card = 0; card < cards; card++) {
      const response = await t.app.inject({
        method: 'POST',
        url: URL.start(moduleId, card),
        headers: who.auth,
      });
      expect(response.statusCode).toBe(200);
    }
  } finally {
    t.app.zogo.clock.now = realNow;
  }
}

function complete(who: Who, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: URL.points, headers: who.auth, payload });
}

async function balanceOf(who: Who): Promise<number> {
  const response = await t.app.inject({
    url: `/api/points/points/${who.user.id}/`,
    headers: who.auth,
  });
  return response.json().available_points;
}

describe('the catalogue', () => {
  it('lists the nine categories in order, each with its live modules counted', async () => {
    const student = await buildUser(t.deps);
    const response = await t.app.inject({ url: URL.categories, headers: student.auth });
    expect(response.statusCode).toBe(200);
    const categories = response.json() as { slug: string; name: string; module_count: number }[];
    expect(categories.map((category) => category.slug)).toEqual([
      'earning',
      'budgeting',
      'saving',
      'banking',
      'credit',
      'investing',
      'markets',
      'consumer',
      'careers',
    ]);
    expect(categories[0]).toMatchObject({ name: 'Earning and income', module_count: 1 });
    expect(categories[1]).toMatchObject({ slug: 'budgeting', module_count: 0 });
  });

  it('lists the skills with their category and module count', async () => {
    const student = await buildUser(t.deps);
    const [categories, skills] = await Promise.all(
      [URL.categories, URL.skills].map(async (url) =>
        (await t.app.inject({ url, headers: student.auth })).json(),
      ),
    );
    const earning = categories.find((category: { slug: string }) => category.slug === 'earning');
    expect(skills).toEqual([
      {
        id: expect.any(Number),
        slug: 'reading-a-paycheck',
        name: 'Reading a paycheck',
        category: earning.id,
        module_count: 1,
      },
      expect.objectContaining({ slug: 'saving-habits', module_count: 1 }),
      expect.objectContaining({ slug: 'what-stocks-are', module_count: 1 }),
    ]);
  });

  it('lists modules, filtered by category or skill, with their lessons and image', async () => {
    const student = await buildUser(t.deps);
    const all = await modules(student);
    expect(all.map((module) => module.slug)).toEqual([
      'gross-or-net',
      'save-first',
      'what-a-share-is',
    ]);
    expect(all[0]).toMatchObject({
      name: 'Gross or net?',
      points: 20,
      imgSrc: '/modules/paycheck.svg',
      minutes: 3,
      completed: false,
    });
    expect(all[2]!.lessons).toHaveLength(2);
    const share = all[2]!;
    expect((await modules(student, `?category=${share.category}`)).map((m) => m.slug)).toEqual([
      'what-a-share-is',
    ]);
    expect((await modules(student, `?skill=${all[1]!.skill}`)).map((m) => m.slug)).toEqual([
      'save-first',
    ]);
    expect(await modules(student, `?skill=${all[1]!.skill}&category=${share.category}`)).toEqual(
      [],
    );
    expect(await modules(student, '?category=999999')).toEqual([]);
  });

  it('shows one module with its cards, the questions without their answers', async () => {
    const student = await buildUser(t.deps);
    const module = await moduleBySlug(student, 'gross-or-net');
    const response = await t.app.inject({ url: URL.module(module.id), headers: student.auth });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ id: module.id, slug: 'gross-or-net', completed: false });
    expect(detail.cards).toHaveLength(4);
    expect(detail.cards[0]).toEqual({
      type: 'read',
      title: 'Gross pay',
      text: expect.stringContaining('**Gross pay**'),
    });
    expect(detail.cards[1]).toEqual({
      type: 'question',
      id: 'gross-is',
      question: 'What is gross pay?',
      choices: ['Pay before anything is taken out', 'Pay after taxes', 'The tip you get'],
    });
    expect(response.body).not.toContain('explanation');
    expect(response.body).not.toContain('"answer"');
  });

  it('answers 404 for a module that does not exist, 400 for an id out of range', async () => {
    const student = await buildUser(t.deps);
    const missing = await t.app.inject({ url: URL.module(999999), headers: student.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Module not found.' });
    for (const id of ['0', '-1', 'abc', '2147483648']) {
      const bad = await t.app.inject({ url: URL.module(id), headers: student.auth });
      expect(bad.statusCode, id).toBe(400);
    }
  });

  it('refuses every route to an anonymous request (401)', async () => {
    const student = await buildUser(t.deps);
    const module = await moduleBySlug(student, 'save-first');
    const token = await zogoToken(student);
    const calls = [
      { method: 'GET' as const, url: URL.token },
      { method: 'GET' as const, url: URL.categories },
      { method: 'GET' as const, url: URL.skills },
      { method: 'GET' as const, url: URL.modules },
      { method: 'GET' as const, url: URL.module(module.id) },
      {
        method: 'POST' as const,
        url: URL.check(module.id),
        payload: { question: 'first-step', choice: 1 },
      },
      { method: 'POST' as const, url: URL.start(module.id, 0) },
      { method: 'GET' as const, url: URL.today },
      { method: 'POST' as const, url: URL.bySkills, payload: { skills: [module.skill] } },
      {
        method: 'PUT' as const,
        url: URL.points,
        payload: { module: module.id, answers: RIGHT['save-first'], zogo_token: token },
      },
    ];
    for (const call of calls) {
      const response = await t.app.inject(call);
      expect(response.statusCode, call.url).toBe(401);
    }
  });
});

describe('checking one answer', () => {
  it('says whether it is right, with the explanation only when it is', async () => {
    const student = await buildUser(t.deps);
    const module = await moduleBySlug(student, 'gross-or-net');
    await played(student, module.id);
    const check = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: URL.check(module.id), headers: student.auth, payload });
    const right = await check({ question: 'net-pay-sum', choice: 1 });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({
      correct: true,
      explanation: '$150 minus $20 is $130, and that is what you take home.',
    });
    const wrong = await check({ question: 'net-pay-sum', choice: 0 });
    expect(wrong.json()).toEqual({ correct: false, explanation: null });
  });

  it('refuses an unknown question, a choice that is not offered, and a malformed body', async () => {
    const student = await buildUser(t.deps);
    const module = await moduleBySlug(student, 'gross-or-net');
    await played(student, module.id);
    const check = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: URL.check(module.id), headers: student.auth, payload });
    const unknown = await check({ question: 'share-is', choice: 0 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ question: [zogoMessages.unknownQuestion] });
    const offered = await check({ question: 'gross-is', choice: 3 });
    expect(offered.statusCode).toBe(400);
    expect(offered.json()).toEqual({ choice: ['Choose an answer.'] });
    const malformed = await check({ question: 'gross-is', choice: -1, extra: true });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ choice: ['Choose an answer.'] });
    const gone = await t.app.inject({
      method: 'POST',
      url: URL.check(999999),
      headers: student.auth,
      payload: { question: 'gross-is', choice: 0 },
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('the learn-and-earn token', () => {
  it('is short-lived, and is not a session token', async () => {
    const student = await buildUser(t.deps);
    const token = await zogoToken(student);
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.sub).toBe(String(student.user.id));
    expect(claims.exp - claims.iat).toBe(ZOGO_TOKEN_TTL_SECONDS);
    expect(claims.sid).toEqual(expect.any(String));
    const asSession = await t.app.inject({
      url: `/api/users/${student.user.id}/`,
      headers: { authorization: `JWT ${token}` },
    });
    expect(asSession.statusCode).toBe(401);
  });
});

describe('completing a module', () => {
  it('pays its points once, marks it completed everywhere, and announces the balance', async () => {
    const student = await buildUser(t.deps);
    const module = await moduleBySlug(student, 'what-a-share-is');
    await played(student, module.id);
    const heard: unknown[] = [];
    await t.app.realtime.subscribe(userChannel(student.user.id), {
      id: 'zogo-test',
      send: (data) => heard.push(JSON.parse(data)),
    });
    const zogo_token = await zogoToken(student);
    const payload = { module: module.id, answers: RIGHT['what-a-share-is'], zogo_token };
    const first = await complete(student, payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      module: module.id,
      points_awarded: 30,
      available_points: 30,
      completed: true,
    });
    expect(heard).toEqual([
      { channel: userChannel(student.user.id), type: 'points', available_points: 30 },
    ]);
    const again = await complete(student, payload);
    expect(again.json()).toEqual({
      module: module.id,
      points_awarded: 0,
      available_points: 30,
      completed: true,
    });
    expect(heard).toHaveLength(1);
    expect(await balanceOf(student)).toBe(30);

    expect(await moduleBySlug(student, 'what-a-share-is')).toMatchObject({ completed: true });
    const detail = await t.app.inject({ url: URL.module(module.id), headers: student.auth });
    expect(detail.json().completed).toBe(true);
    // Another student has not completed it.
    const other = await buildUser(t.deps);
    expect(await moduleBySlug(other, 'what-a-share-is')).toMatchObject({ completed: false });

    // The lessons it goes with list it as completed.
    for (const lessonId of module.lessons) {
      const linked = await t.app.inject({
        url: `/api/learn/lessons/${lessonId}/completed-modules/`,
        headers: student.auth,
      });
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toEqual([
        { id: module.id, name: 'What a share is', imgSrc: '/modules/chart.svg', completed: true },
      ]);
      const theirs = await t.app.inject({
        url: `/api/learn/lessons/${lessonId}/completed-modules/`,
        headers: other.auth,
      });
      expect(theirs.json()).toEqual([expect.objectContaining({ completed: false })]);
    }

    // The ledger says where the points came from.
    const history = await t.app.inject({
      url: `/api/points/points/${student.user.id}/history/`,
      headers: student.auth,
    });
    expect(history.json().results).toEqual([
      expect.objectContaining({ points: 30, reason: 'module', note: 'What a share is' }),
    ]);
  });

  it('pays once for 20 concurrent sends of one completion; the balance is the ledger sum', async () => {
    const student = await buildUser(t.deps);
    const module = await moduleBySlug(student, 'gross-or-net');
    await played(student, module.id);
    const zogo_token = await zogoToken(student);
    const payload = { module: module.id, answers: RIGHT['gross-or-net'], zogo_token };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => complete(student, payload)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const awarded = responses.map((response) => response.json().points_awarded);
    expect(awarded.filter((points) => points === 20)).toHaveLength(1);
    expect(awarded.filter((points) => points === 0)).toHaveLength(19);
    expect(await balanceOf(student)).toBe(20);
    expect(await ledgerSum(t.deps.db, student.user.id)).toBe(20);
  });

  it('needs every question answered right', async () => {
    const student = await buildUser(t.deps);
    const module = await moduleBySlug(student, 'save-first');
    await played(student, module.id);
    const zogo_token = await zogoToken(student);
    const [first, second] = RIGHT['save-first']!;
    for (const answers of [
      [first],
      [first, { ...second!, choice: 0 }],
      [first, second, { question: 'no-such-question', choice: 0 }],
    ]) {
      const response = await complete(student, { module: module.id, answers, zogo_token });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['answers']);
    }
    const wrong = await complete(student, {
      module: module.id,
      answers: [first, { ...second!, choice: 2 }],
      zogo_token,
    });
    expect(wrong.json()).toEqual({ answers: [zogoMessages.answerAll] });
    const unknown = await complete(student, {
      module: module.id,
      answers: [first, second, { question: 'no-such-question', choice: 0 }],
      zogo_token,
    });
    expect(unknown.json()).toEqual({ answers: [zogoMessages.unknownQuestion] });
    const twice = await complete(student, {
      module: module.id,
      answers: [first, first, second],
      zogo_token,
    });
    expect(twice.statusCode).toBe(400);
    expect(await balanceOf(student)).toBe(0);
  });

  it("refuses another user's token, an expired one, a session token and none (403)", async () => {
    const student = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const module = await moduleBySlug(student, 'save-first');
    await played(student, module.id);
    const answers = RIGHT['save-first'];
    const refused = async (zogo_token: string) => {
      const response = await complete(student, { module: module.id, answers, zogo_token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: zogoMessages.token });
    };
    await refused(await zogoToken(other));
    await refused(student.token);
    await refused('not-a-token');

    const token = await zogoToken(student);
    const realNow = t.app.zogo.clock.now;
    try {
      t.app.zogo.clock.now = () =>
        new Date(realNow().getTime() + (ZOGO_TOKEN_TTL_SECONDS + 5) * 1000);
      await refused(token);
    } finally {
      t.app.zogo.clock.now = realNow;
    }
    const missing = await complete(student, { module: module.id, answers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ zogo_token: [zogoMessages.token] });
    expect(await balanceOf(student)).toBe(0);

    const ok = await complete(student, { module: module.id, answers, zogo_token: token });
    expect(ok.json()).toMatchObject({ points_awarded: 15 });
  });

  it('refuses a token made before the user ended every session', async () => {
    const student = await buildUser(t.deps);
    const module = await moduleBySlug(student, 'save-first');
    await played(student, module.id);
    const before = await zogoToken(student);
    await endAllSessions(t.deps.db, student.user.id, new Date());
    const user = (await findUserById(t.deps.db, student.user.id))!;
    const { token } = await startSession(t.deps, user);
    const again = { ...student, auth: { authorization: `JWT ${token}` } };
    const payload = { module: module.id, answers: RIGHT['save-first'] };
    const stale = await complete(again, { ...payload, zogo_token: before });
    expect(stale.statusCode).toBe(403);
    const fresh = await complete(again, { ...payload, zogo_token: await zogoToken(again) });
    expect(fresh.json()).toMatchObject({ points_awarded: 15 });
  });

  it('refuses a token after its session logged out, and from another session of the user', async () => {
    const student = await buildUser(t.deps);
    const module = await moduleBySlug(student, 'save-first');
    await played(student, module.id);
    const payload = { module: module.id, answers: RIGHT['save-first'] };
    const zogo_token = await zogoToken(student);
    const user = (await findUserById(t.deps.db, student.user.id))!;
    const { token } = await startSession(t.deps, user);
    const elsewhere = { ...student, auth: { authorization: `JWT ${token}` } };
    const otherSession = await complete(elsewhere, { ...payload, zogo_token });
    expect(otherSession.statusCode).toBe(403);
    expect(otherSession.json()).toEqual({ error: zogoMessages.token });

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: student.auth,
    });
    expect(logout.statusCode).toBeLessThan(300);
    const loggedOut = await complete(student, { ...payload, zogo_token });
    expect(loggedOut.statusCode).toBe(401);
    // Signed in again, the old token still pays nothing.
    const { token: again } = await startSession(t.deps, user);
    const relogged = { ...student, auth: { authorization: `JWT ${again}` } };
    const stale = await complete(relogged, { ...payload, zogo_token });
    expect(stale.statusCode).toBe(403);
    expect(await ledgerSum(t.deps.db, student.user.id)).toBe(0);
  });

  it('answers 404 for a module that does not exist', async () => {
    const student = await buildUser(t.deps);
    const response = await complete(student, {
      module: 999999,
      answers: [{ question: 'gross-is', choice: 0 }],
      zogo_token: await zogoToken(student),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('completed modules by skills', () => {
  it("answers this user's completions in those skills only", async () => {
    const student = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const share = await moduleBySlug(student, 'what-a-share-is');
    const save = await moduleBySlug(student, 'save-first');
    const gross = await moduleBySlug(student, 'gross-or-net');
    for (const [who, module, slug] of [
      [student, share, 'what-a-share-is'],
      [student, save, 'save-first'],
      [other, gross, 'gross-or-net'],
    ] as const) {
      await played(who, module.id);
      const response = await complete(who, {
        module: module.id,
        answers: RIGHT[slug],
        zogo_token: await zogoToken(who),
      });
      expect(response.statusCode).toBe(200);
    }
    const bySkills = (skills: unknown) =>
      t.app.inject({
        method: 'POST',
        url: URL.bySkills,
        headers: student.auth,
        payload: { skills },
      });
    const response = await bySkills([share.skill, gross.skill]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { module: share.id, skill: share.skill, points: 30, completed_at: expect.any(String) },
    ]);
    expect((await bySkills([share.skill, save.skill])).json()).toHaveLength(2);
    expect((await bySkills([999999])).json()).toEqual([]);
  });

  it('refuses a skill listed twice, with the field-error shape', async () => {
    const student = await buildUser(t.deps);
    const save = await moduleBySlug(student, 'save-first');
    const response = await t.app.inject({
      method: 'POST',
      url: URL.bySkills,
      headers: student.auth,
      payload: { skills: [save.skill, save.skill] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'skills.1': [zogoMessages.skillsUnique] });
    const empty = await t.app.inject({
      method: 'POST',
      url: URL.bySkills,
      headers: student.auth,
      payload: { skills: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});
