import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnMessages } from '@bullpen/contract/learn';
import { lessons } from '../db/schema/learn.ts';
import { buildTestApp, buildUser, grossNetRight, type TestApp } from '../test/app.ts';

/**
 * The learn API over the test curriculum (`learn/test-content`: money-basics with lessons
 * gross-and-net-pay and pay-yourself-first, pass 70%; market-basics with what-is-a-share and
 * placing-an-order, pass 80%; 5 questions each).
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
let alice: User;
let bob: User;
const ids: Record<string, number> = {};
let moneyId: number;
let marketId: number;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await buildUser(t.deps);
  bob = await buildUser(t.deps);
  for (const row of await t.deps.db.select().from(lessons)) ids[row.slug] = row.id;
  const courses = (await t.app.inject({ url: '/api/learn/courses/' })).json() as {
    results: { id: number; slug: string }[];
  };
  moneyId = courses.results.find((course) => course.slug === 'money-basics')!.id;
  marketId = courses.results.find((course) => course.slug === 'market-basics')!.id;
});
afterAll(async () => {
  await t.close();
});

function attempt(
  who: User | null,
  lessonId: number,
  answers: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/learn/lessons/${lessonId}/attempts/`,
    headers: { ...(who ? who.auth : {}), ...headers },
    payload: { answers },
  });
}

describe('GET /api/learn/courses/', () => {
  it('lists live courses in catalogue order for anyone, progress only when signed in', async () => {
    const anonymous = await t.app.inject({ url: '/api/learn/courses/' });
    expect(anonymous.statusCode).toBe(200);
    const page = anonymous.json();
    expect(page).toMatchObject({ count: 2, next: null, previous: null });
    expect(page.results.map((course: { slug: string }) => course.slug)).toEqual([
      'money-basics',
      'market-basics',
    ]);
    expect(page.results[0]).toEqual({
      id: moneyId,
      slug: 'money-basics',
      title: 'Money basics',
      description: expect.stringContaining('pay and saving'),
      category: 'earning',
      grade_min: 6,
      grade_max: 8,
      pass_percent: 70,
      lessons_count: 2,
      sources: [
        {
          title: 'Understanding your paycheck',
          publisher: 'Consumer Financial Protection Bureau',
          url: 'https://www.consumerfinance.gov/',
        },
      ],
      progress: null,
    });
    const carol = await buildUser(t.deps);
    const signedIn = (
      await t.app.inject({ url: '/api/learn/courses/', headers: carol.auth })
    ).json();
    expect(signedIn.results[0].progress).toEqual({ completed: 0, total: 2 });
  });

  it('refuses a bad token instead of answering as nobody', async () => {
    const response = await t.app.inject({
      url: '/api/learn/courses/',
      headers: { authorization: 'JWT not-a-token' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('pages the catalogue', async () => {
    const first = (await t.app.inject({ url: '/api/learn/courses/?page_size=1' })).json();
    expect(first.count).toBe(2);
    expect(first.results).toHaveLength(1);
    expect(first.next).toBe('http://bullpen.test/api/learn/courses/?page_size=1&page=2');
    expect((await t.app.inject({ url: '/api/learn/courses/?page=3' })).statusCode).toBe(404);
  });

  it('GET /api/learn/courses/{id}/ answers one course, 404 for an unknown one', async () => {
    const one = await t.app.inject({ url: `/api/learn/courses/${marketId}/` });
    expect(one.json()).toMatchObject({ slug: 'market-basics', pass_percent: 80, progress: null });
    const missing = await t.app.inject({ url: '/api/learn/courses/999999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: learnMessages.courseNotFound });
    expect((await t.app.inject({ url: '/api/learn/courses/abc/' })).statusCode).toBe(400);
  });
});

describe('GET /api/learn/courses/preview/', () => {
  it('is public, pages by 50 and lists each course with its lessons', async () => {
    const response = await t.app.inject({ url: '/api/learn/courses/preview/' });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.count).toBe(2);
    expect(page.results[0].progress).toBeUndefined();
    expect(page.results[0].lessons).toEqual([
      {
        order: 1,
        title: 'Gross pay and net pay',
        sub_title: 'Why a paycheck is smaller than the pay you earned',
        link: `/lessons?lesson=${ids['gross-and-net-pay']}`,
        slug: 'gross-and-net-pay',
      },
      expect.objectContaining({ order: 2, slug: 'pay-yourself-first' }),
    ]);
    expect(page.results[1].lessons.map((lesson: { slug: string }) => lesson.slug)).toEqual([
      'what-is-a-share',
      'placing-an-order',
    ]);
  });
});

describe('GET /api/learn/glossary/', () => {
  it('is public: every term A to Z, with the first lesson that teaches it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/learn/glossary/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      terms: [
        {
          term: 'gross pay',
          slug: 'gross-pay',
          definition: 'All the pay you earn before anything is taken out.',
          lesson: { slug: 'gross-and-net-pay', title: 'Gross pay and net pay' },
        },
        {
          term: 'net pay',
          slug: 'net-pay',
          definition: 'The pay you take home after taxes and other deductions come out.',
          lesson: { slug: 'gross-and-net-pay', title: 'Gross pay and net pay' },
        },
        {
          term: 'pay yourself first',
          slug: 'pay-yourself-first',
          definition: 'Saving a part of each payday before you spend any of it.',
          lesson: { slug: 'pay-yourself-first', title: 'Pay yourself first' },
        },
      ],
    });
  });

  it('answers a signed-in user the same', async () => {
    const user = await buildUser(t.deps);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/learn/glossary/',
      headers: user.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().terms).toHaveLength(3);
  });
});

describe('GET /api/learn/lessons/?course=', () => {
  it('lists lesson cards, with progress for the signed-in user only', async () => {
    const url = `/api/learn/lessons/?course=${moneyId}`;
    const anonymous = (await t.app.inject({ url })).json();
    expect(anonymous.count).toBe(2);
    expect(anonymous.results[0]).toEqual({
      id: ids['gross-and-net-pay'],
      course: moneyId,
      slug: 'gross-and-net-pay',
      order: 1,
      title: 'Gross pay and net pay',
      sub_title: 'Why a paycheck is smaller than the pay you earned',
      link: `/lessons?lesson=${ids['gross-and-net-pay']}`,
      minutes: 8,
      completed: null,
      best_percent: null,
    });
    const dave = await buildUser(t.deps);
    const fresh = (await t.app.inject({ url, headers: dave.auth })).json();
    expect(fresh.results[0]).toMatchObject({ completed: false, best_percent: null });
  });

  it('needs a course that exists', async () => {
    expect((await t.app.inject({ url: '/api/learn/lessons/' })).statusCode).toBe(400);
    const missing = await t.app.inject({ url: '/api/learn/lessons/?course=999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: learnMessages.courseNotFound });
  });
});

describe('GET /api/learn/lessons/{id}/', () => {
  it('needs a user', async () => {
    const response = await t.app.inject({ url: `/api/learn/lessons/${ids['what-is-a-share']}/` });
    expect(response.statusCode).toBe(401);
  });

  it('sends the reading and the questions without answers or explanations', async () => {
    const response = await t.app.inject({
      url: `/api/learn/lessons/${ids['gross-and-net-pay']}/`,
      headers: alice.auth,
    });
    expect(response.statusCode).toBe(200);
    const lesson = response.json();
    expect(lesson).toMatchObject({
      id: ids['gross-and-net-pay'],
      slug: 'gross-and-net-pay',
      course: { id: moneyId, slug: 'money-basics', title: 'Money basics', pass_percent: 70 },
      order: 1,
      minutes: 8,
      objectives: ['Tell gross pay from net pay', 'Work out net pay from gross pay and deductions'],
      try_it: { path: '/budgeting', label: 'Plan a budget with your take-home pay' },
      // Each standard with its statement from standards.yaml; the decision as written.
      standards: [
        {
          code: 'EI-3',
          title:
            'Taxes and deductions make take-home pay smaller than gross pay; workers file tax returns.',
        },
      ],
      decision: {
        title: 'Two summer jobs',
        options: [
          { label: 'The café', outcome: '20 × $14 = $280 a week, with no fare to pay.' },
          {
            label: 'The grocery',
            outcome: '25 × $12.50 = $312.50, minus 5 × $3 = $15 of fare, leaves $297.50 a week.',
          },
        ],
      },
      previous: null,
      next: { id: ids['pay-yourself-first'], title: 'Pay yourself first' },
    });
    expect(lesson.html).toContain('<strong>gross pay</strong>');
    expect(lesson.html).toContain('<h2>Worked example</h2>');
    expect(lesson.questions).toHaveLength(5);
    expect(lesson.questions[0]).toEqual({
      id: 'net-pay-meaning',
      type: 'choice',
      question: 'What is net pay?',
      choices: [
        'The pay before anything is taken out',
        'The pay you take home after deductions',
        'The pay you get for extra hours',
      ],
    });
    expect(lesson.questions[1]).toEqual({
      id: 'net-pay-sum',
      type: 'number',
      question: 'Maya earns $400 and $60 is taken out. What is her net pay in dollars?',
      unit: 'dollars',
    });
    expect(response.body).not.toMatch(/"answer"|"explanation"|"tolerance"/);
    expect(response.body).not.toContain('Net pay is $400 minus $60');
  });

  it('links the last lesson of a course back, not on', async () => {
    const lesson = (
      await t.app.inject({
        url: `/api/learn/lessons/${ids['placing-an-order']}/`,
        headers: alice.auth,
      })
    ).json();
    expect(lesson.previous).toEqual({ id: ids['what-is-a-share'], title: 'What is a share?' });
    expect(lesson.next).toBeNull();
  });

  it('answers 404 for an unknown lesson and 400 for a malformed id', async () => {
    const missing = await t.app.inject({ url: '/api/learn/lessons/999999/', headers: alice.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: learnMessages.lessonNotFound });
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const response = await t.app.inject({
        url: `/api/learn/lessons/${bad}/`,
        headers: alice.auth,
      });
      expect(response.statusCode, bad).toBe(400);
    }
  });
});

describe('POST /api/learn/lessons/{id}/attempts/', () => {
  it('names the right answers of a failed attempt only once every question was asked before', async () => {
    const fay = await buildUser(t.deps);
    const lessonId = ids['gross-and-net-pay']!;
    const wrong = { ...grossNetRight, 'net-pay-meaning': 0, 'net-pay-sum': 1 };
    const answersOf = async (answers: Record<string, number>) =>
      ((await attempt(fay, lessonId, answers)).json().results as { answer: number | null }[]).map(
        (result) => result.answer,
      );
    expect(await answersOf(wrong)).toEqual(Array(5).fill(null));
    // This lesson's bank is its five questions, all asked already: nothing unseen is left.
    const exhausted = await answersOf(wrong);
    expect(exhausted).not.toContain(null);
    expect(exhausted.slice(0, 2)).toEqual([1, 340]);
    // Another student's first failed attempt still names nothing.
    const gus = await buildUser(t.deps);
    const theirs = await attempt(gus, lessonId, wrong);
    expect(theirs.json().results.map((result: { answer: unknown }) => result.answer)).toEqual(
      Array(5).fill(null),
    );
  });

  it('needs a user', async () => {
    const response = await attempt(null, ids['gross-and-net-pay']!, grossNetRight);
    expect(response.statusCode).toBe(401);
  });

  it('grades on the server: a failed attempt, then a passed one completes the lesson', async () => {
    const erin = await buildUser(t.deps);
    const lessonId = ids['gross-and-net-pay']!;
    const failed = await attempt(erin, lessonId, {
      'net-pay-meaning': 0,
      'net-pay-sum': 460,
      'gross-pay-meaning': 0,
      'hourly-pay': 120,
      'share-withheld': 20,
    });
    expect(failed.statusCode).toBe(201);
    const first = failed.json();
    expect(first).toMatchObject({
      lesson: lessonId,
      score: 2,
      total: 5,
      percent: 40,
      passed: false,
      lesson_completed: false,
    });
    // A first failed attempt explains but names no right answer: the retry is no copy.
    expect(first.results[0]).toEqual({
      item: 'net-pay-meaning',
      correct: false,
      given: 0,
      answer: null,
      explanation: 'Net pay is what is left after taxes and other deductions come out.',
      // Why the chosen choice is wrong, without naming the right one.
      why: 'That is gross pay, the amount before any deduction.',
    });
    expect(first.results[1]).toMatchObject({
      item: 'net-pay-sum',
      correct: false,
      answer: null,
      why: null,
    });
    expect(first.results.map((result: { answer: unknown }) => result.answer)).toEqual(
      Array(5).fill(null),
    );

    // 15.4 is within the 0.5 tolerance of 15; 4 of 5 is 80%, at least the course's 70%.
    const passed = await attempt(erin, lessonId, {
      ...grossNetRight,
      'hourly-pay': 100,
      'share-withheld': 15.4,
    });
    expect(passed.json()).toMatchObject({
      score: 4,
      percent: 80,
      passed: true,
      lesson_completed: true,
    });
    expect(passed.json().results[4]).toMatchObject({ item: 'share-withheld', correct: true });
    // Passed, every right answer is named.
    expect(passed.json().results[1]).toMatchObject({ item: 'net-pay-sum', answer: 340 });

    // A worse retry keeps the lesson complete and the best score.
    const worse = await attempt(erin, lessonId, { ...grossNetRight, 'net-pay-meaning': 2 });
    expect(worse.json()).toMatchObject({ percent: 80, passed: true, lesson_completed: true });
    const zero = await attempt(erin, lessonId, {
      'net-pay-meaning': 0,
      'net-pay-sum': 1,
      'gross-pay-meaning': 1,
      'hourly-pay': 1,
      'share-withheld': 1,
    });
    expect(zero.json()).toMatchObject({
      score: 0,
      percent: 0,
      passed: false,
      lesson_completed: true,
    });

    const lesson = (
      await t.app.inject({ url: `/api/learn/lessons/${lessonId}/`, headers: erin.auth })
    ).json();
    expect(lesson.progress).toEqual({ completed: true, best_percent: 80, attempts: 4 });
    const cards = (
      await t.app.inject({ url: `/api/learn/lessons/?course=${moneyId}`, headers: erin.auth })
    ).json();
    expect(cards.results[0]).toMatchObject({ completed: true, best_percent: 80 });
    expect(cards.results[1]).toMatchObject({ completed: false, best_percent: null });
    const course = (
      await t.app.inject({ url: `/api/learn/courses/${moneyId}/`, headers: erin.auth })
    ).json();
    expect(course.progress).toEqual({ completed: 1, total: 2 });
  });

  it("uses the course's pass percent (80% in market basics)", async () => {
    const fay = await buildUser(t.deps);
    const response = await attempt(fay, ids['what-is-a-share']!, {
      'share-meaning': 1,
      'cost-of-shares': 100,
      'shares-for-money': 5,
      'price-moves': 1,
      'owner-word': 1,
    });
    expect(response.json()).toMatchObject({ percent: 60, passed: false, lesson_completed: false });
    const exactly = await attempt(fay, ids['what-is-a-share']!, {
      'share-meaning': 1,
      'cost-of-shares': 100,
      'shares-for-money': 5,
      'price-moves': 0,
      'owner-word': 1,
    });
    expect(exactly.json()).toMatchObject({ percent: 80, passed: true, lesson_completed: true });
  });

  it('keeps two users apart: attempts and progress are each their own', async () => {
    const lessonId = ids['pay-yourself-first']!;
    const right = {
      'first-step': 1,
      'ten-percent': 15,
      'months-to-goal': 5,
      'why-first': 0,
      'goal-kind': 0,
    };
    expect((await attempt(alice, lessonId, right)).statusCode).toBe(201);
    const list = (who: User) =>
      t.app.inject({ url: `/api/learn/lessons/${lessonId}/attempts/`, headers: who.auth });
    const mine = (await list(alice)).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ lesson: lessonId, score: 5, percent: 100, passed: true });
    expect(mine[0].results).toBeUndefined();
    expect((await list(bob)).json()).toEqual([]);
    const bobs = (
      await t.app.inject({ url: `/api/learn/lessons/${lessonId}/`, headers: bob.auth })
    ).json();
    expect(bobs.progress).toEqual({ completed: false, best_percent: null, attempts: 0 });
    const bobCards = (
      await t.app.inject({ url: `/api/learn/lessons/?course=${moneyId}`, headers: bob.auth })
    ).json();
    expect(bobCards.results[1]).toMatchObject({ completed: false, best_percent: null });
    expect(
      (await t.app.inject({ url: `/api/learn/lessons/${lessonId}/attempts/` })).statusCode,
    ).toBe(401);
  });

  it('lists my attempts newest first, each saying whether the lesson was complete by then', async () => {
    const gil = await buildUser(t.deps);
    const lessonId = ids['placing-an-order']!;
    const right = {
      'market-order': 0,
      'limit-order': 1,
      'limit-fill': 50,
      'order-cost': 60,
      'market-hours': 0,
    };
    await attempt(gil, lessonId, { ...right, 'limit-order': 0, 'order-cost': 61 });
    await attempt(gil, lessonId, right);
    const list = (
      await t.app.inject({ url: `/api/learn/lessons/${lessonId}/attempts/`, headers: gil.auth })
    ).json();
    expect(list.map((item: { percent: number }) => item.percent)).toEqual([100, 60]);
    expect(list.map((item: { lesson_completed: boolean }) => item.lesson_completed)).toEqual([
      true,
      false,
    ]);
  });

  it('refuses answers that do not fit the quiz, with the question named', async () => {
    const lessonId = ids['gross-and-net-pay']!;
    const missingOne: Record<string, number> = { ...grossNetRight };
    delete missingOne['hourly-pay'];
    const cases: [unknown, number, Record<string, string[]>][] = [
      [missingOne, 400, { answers: [learnMessages.answerEveryQuestion] }],
      [{}, 400, { answers: [learnMessages.answerEveryQuestion] }],
      [
        { ...grossNetRight, 'not-a-question': 1 },
        400,
        { 'answers.not-a-question': ['This quiz has no question not-a-question.'] },
      ],
      [
        { ...grossNetRight, 'net-pay-meaning': 3 },
        400,
        { 'answers.net-pay-meaning': ['Pick one of the choices for question net-pay-meaning.'] },
      ],
      [
        { ...grossNetRight, 'net-pay-meaning': -1 },
        400,
        { 'answers.net-pay-meaning': ['Pick one of the choices for question net-pay-meaning.'] },
      ],
      [
        { ...grossNetRight, 'gross-pay-meaning': 0.5 },
        400,
        {
          'answers.gross-pay-meaning': ['Pick one of the choices for question gross-pay-meaning.'],
        },
      ],
    ];
    for (const [answers, status, body] of cases) {
      const response = await attempt(alice, lessonId, answers);
      expect(response.statusCode, JSON.stringify(answers)).toBe(status);
      expect(response.json()).toEqual(body);
    }
    // Wrong types and shapes are refused by the contract's schema.
    for (const answers of [
      { ...grossNetRight, 'net-pay-sum': '340' },
      { ...grossNetRight, 'net-pay-sum': null },
      { ...grossNetRight, 'net-pay-sum': [340] },
      { ...grossNetRight, 'Bad Key': 1 },
      [1, 340, 0, 120, 15],
      'all of them',
    ]) {
      const response = await attempt(alice, lessonId, answers);
      expect(response.statusCode, JSON.stringify(answers)).toBe(400);
    }
    for (const key of ['__proto__', 'constructor']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/learn/lessons/${lessonId}/attempts/`,
        headers: { ...alice.auth, 'content-type': 'application/json' },
        payload: `{"answers":{"${key}":1,"net-pay-meaning":1}}`,
      });
      expect(response.statusCode, key).toBe(400);
    }
    const extraField = await t.app.inject({
      method: 'POST',
      url: `/api/learn/lessons/${lessonId}/attempts/`,
      headers: alice.auth,
      payload: { answers: grossNetRight, score: 5 },
    });
    expect(extraField.statusCode).toBe(400);
    expect(extraField.json()).toHaveProperty('score');
    // A key given twice in the JSON text is read once (the last one); the quiz still needs all.
    const duplicated = await t.app.inject({
      method: 'POST',
      url: `/api/learn/lessons/${lessonId}/attempts/`,
      headers: { ...alice.auth, 'content-type': 'application/json' },
      payload:
        '{"answers":{"net-pay-meaning":1,"net-pay-meaning":0,"net-pay-sum":340,"gross-pay-meaning":0}}',
    });
    expect(duplicated.statusCode).toBe(400);
    expect(duplicated.json()).toEqual({ answers: [learnMessages.answerEveryQuestion] });
    const missing = await attempt(alice, 999999, grossNetRight);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: learnMessages.lessonNotFound });
    // None of the refused attempts was stored.
    const list = (
      await t.app.inject({ url: `/api/learn/lessons/${lessonId}/attempts/`, headers: alice.auth })
    ).json();
    expect(list).toEqual([]);
  });
});

describe('Idempotency-Key on attempts', () => {
  it('returns the first attempt for a resend, and refuses the key with other answers', async () => {
    const hal = await buildUser(t.deps);
    const lessonId = ids['gross-and-net-pay']!;
    const key = { 'idempotency-key': 'quiz-try-1' };
    const first = await attempt(hal, lessonId, grossNetRight, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await attempt(hal, lessonId, { ...grossNetRight }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await attempt(hal, lessonId, { ...grossNetRight, 'net-pay-meaning': 0 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: learnMessages.idempotencyMismatch });
    // The same key is another user's own, and another lesson's.
    expect((await attempt(bob, lessonId, grossNetRight, key)).statusCode).toBe(201);
    const list = (
      await t.app.inject({ url: `/api/learn/lessons/${lessonId}/attempts/`, headers: hal.auth })
    ).json();
    expect(list).toHaveLength(1);
    expect(
      (await attempt(hal, lessonId, grossNetRight, { 'idempotency-key': 'bad key!' })).statusCode,
    ).toBe(400);
  });

  it('makes one attempt of concurrent sends with one key', async () => {
    const ida = await buildUser(t.deps);
    const lessonId = ids['gross-and-net-pay']!;
    const key = { 'idempotency-key': 'double-click' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => attempt(ida, lessonId, grossNetRight, key)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 200, 200, 201,
    ]);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    const lesson = (
      await t.app.inject({ url: `/api/learn/lessons/${lessonId}/`, headers: ida.auth })
    ).json();
    expect(lesson.progress).toEqual({ completed: true, best_percent: 100, attempts: 1 });
  });
});

describe('GET /api/learn/lessons/{id}/completed-modules/', () => {
  it("lists the lesson's learn-and-earn modules; 401 anonymous, 404 unknown", async () => {
    // zogo/zogo.test.ts marks one completed.
    const url = `/api/learn/lessons/${ids['what-is-a-share']}/completed-modules/`;
    const response = await t.app.inject({ url, headers: alice.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        name: 'What a share is',
        imgSrc: '/modules/chart.svg',
        completed: false,
      },
    ]);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const missing = await t.app.inject({
      url: '/api/learn/lessons/999999/completed-modules/',
      headers: alice.auth,
    });
    expect(missing.statusCode).toBe(404);
  });
});
