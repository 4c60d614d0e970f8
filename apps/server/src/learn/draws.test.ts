import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { learnMessages, QUIZ_BANK_MIN, QUIZ_QUESTIONS_PER_ATTEMPT } from '@bullpen/contract/learn';
import type { QuizItemFile } from '@bullpen/contract/learn';
import { lessons, quizDraws } from '../db/schema/learn.ts';
import { users } from '../db/schema/users.ts';
import { buildTestApp, buildUser, testContentDir, type TestApp } from '../test/app.ts';
import { readCurriculum } from './content-files.ts';
import { drawQuestions } from './grading.ts';
import { loadCurriculum, syncCurriculum } from './service.ts';

/**
 * Each attempt's questions are drawn by the server: unseen first, then the least recently
 * asked. The test curriculum gets two more lessons here in market-basics: `big-bank`, whose bank
 * has 17 choice questions (`q01`…`q17`, the right answer always the first choice), and
 * `growing-bank` (see `growing`).
 */
const BANK_SIZE = 17;
let t: TestApp;
let bigBank: number;
let smallBank: number;
/** `growing`: a lesson whose bank starts as the first five of `bank` and grows to all of it. */
let growing: number;
let syncWith: (growingBank: QuizItemFile[]) => Promise<void>;
type User = Awaited<ReturnType<typeof buildUser>>;

const bank: QuizItemFile[] = Array.from({ length: BANK_SIZE }, (_, index) => {
  const id = `q${String(index + 1).padStart(2, '0')}`;
  return {
    id,
    type: 'choice',
    question: `Question ${id}?`,
    choices: [{ text: 'Right' }, { text: 'Wrong' }],
    answer: 0,
    explanation: `The first choice is right for ${id}.`,
  };
});

beforeAll(async () => {
  t = await buildTestApp();
  const sources = loadCurriculum(testContentDir);
  const market = sources.find((source) => source.course.slug === 'market-basics')!;
  const model = market.lessons[market.lessons.length - 1]!;
  const base = [...market.lessons];
  syncWith = async (growingBank) => {
    market.lessons = [
      ...base,
      {
        ...model,
        file: 'courses/market-basics/03-big-bank.md',
        order: model.order + 1,
        front: { ...model.front, slug: 'big-bank', title: 'A big bank', quiz: bank },
      },
      {
        ...model,
        file: 'courses/market-basics/04-growing-bank.md',
        order: model.order + 2,
        front: { ...model.front, slug: 'growing-bank', title: 'A growing bank', quiz: growingBank },
      },
    ];
    await syncCurriculum(t.deps.db, sources);
  };
  await syncWith(bank.slice(0, 5));
  for (const row of await t.deps.db.select().from(lessons)) {
    if (row.slug === 'big-bank') bigBank = row.id;
    if (row.slug === 'growing-bank') growing = row.id;
    if (row.slug === 'gross-and-net-pay') smallBank = row.id;
  }
});
afterAll(async () => {
  await t.close();
});

async function open(who: User, lessonId: number): Promise<string[]> {
  const response = await t.app.inject({
    url: `/api/learn/lessons/${lessonId}/`,
    headers: who.auth,
  });
  expect(response.statusCode).toBe(200);
  return (response.json().questions as { id: string }[]).map((question) => question.id);
}

function attempt(
  who: User,
  lessonId: number,
  answers: Record<string, number>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/learn/lessons/${lessonId}/attempts/`,
    headers: { ...who.auth, ...headers },
    payload: { answers },
  });
}

/** Every question answered with the wrong choice: a failed attempt. */
const wrong = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, 1]));

describe('drawing the questions of an attempt', () => {
  it('asks unseen questions first, then the least recently asked', async () => {
    const ann = await buildUser(t.deps);
    const first = await open(ann, bigBank);
    expect(first).toHaveLength(QUIZ_QUESTIONS_PER_ATTEMPT);
    // Opening again before answering, even many times at once, shows the same draw.
    const again = await Promise.all(Array.from({ length: 6 }, () => open(ann, bigBank)));
    for (const draw of again) expect(draw).toEqual(first);
    const firstResult = await attempt(ann, bigBank, wrong(first));
    expect(firstResult.statusCode).toBe(201);
    expect(firstResult.json().total).toBe(QUIZ_QUESTIONS_PER_ATTEMPT);

    const second = await open(ann, bigBank);
    expect(second).toHaveLength(QUIZ_QUESTIONS_PER_ATTEMPT);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    expect((await attempt(ann, bigBank, wrong(second))).statusCode).toBe(201);

    // One question is still unseen; the other seven are the first attempt's, asked longest ago.
    const unseen = bank.map((item) => item.id).filter((id) => ![...first, ...second].includes(id));
    expect(unseen).toHaveLength(1);
    const third = await open(ann, bigBank);
    expect(third).toHaveLength(QUIZ_QUESTIONS_PER_ATTEMPT);
    expect(third).toContain(unseen[0]);
    expect(third.filter((id) => id !== unseen[0]).every((id) => first.includes(id))).toBe(true);
  });

  it('refuses answers to questions outside the open draw, and keeps the draw', async () => {
    const ben = await buildUser(t.deps);
    const drawn = await open(ben, bigBank);
    const outside = bank.map((item) => item.id).find((id) => !drawn.includes(id))!;
    const swapped = { ...wrong(drawn.slice(1)), [outside]: 0 };
    const refused = await attempt(ben, bigBank, swapped);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      [`answers.${outside}`]: [learnMessages.unknownQuestion.replace('{item}', outside)],
    });
    // The whole bank at once is refused too.
    expect((await attempt(ben, bigBank, wrong(bank.map((item) => item.id)))).statusCode).toBe(400);
    expect(await open(ben, bigBank)).toEqual(drawn);
    expect((await attempt(ben, bigBank, wrong(drawn))).statusCode).toBe(201);
  });

  it('answers a resend with its Idempotency-Key as the first time, after the draw closed', async () => {
    const cat = await buildUser(t.deps);
    const drawn = await open(cat, bigBank);
    const key = { 'idempotency-key': 'draw-resend-1' };
    const first = await attempt(cat, bigBank, wrong(drawn), key);
    expect(first.statusCode).toBe(201);
    const again = await attempt(cat, bigBank, wrong(drawn), key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    // Sent at once with one new key, the same answers make one attempt.
    const next = await open(cat, bigBank);
    const key2 = { 'idempotency-key': 'draw-resend-2' };
    const both = await Promise.all(
      Array.from({ length: 5 }, () => attempt(cat, bigBank, wrong(next), key2)),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(both.map((response) => response.json().id)).size).toBe(1);
  });

  it('draws the whole of a small bank every time; a real bank leaves unseen questions to a retry', async () => {
    const dan = await buildUser(t.deps);
    const all = [
      'net-pay-meaning',
      'net-pay-sum',
      'gross-pay-meaning',
      'hourly-pay',
      'share-withheld',
    ];
    expect(await open(dan, smallBank)).toEqual(all);
    expect((await attempt(dan, smallBank, wrong(all))).statusCode).toBe(201);
    expect(await open(dan, smallBank)).toEqual(all);
    // Every real lesson's bank is bigger than an attempt (at least QUIZ_BANK_MIN): after one
    // attempt, the next draws questions not asked yet, every one of them when the bank allows.
    for (const source of readCurriculum()) {
      for (const lesson of source.lessons) {
        const ids = lesson.front.quiz.map((item) => item.id);
        expect(ids.length, lesson.front.slug).toBeGreaterThanOrEqual(QUIZ_BANK_MIN);
        const first = drawQuestions(lesson.front.quiz, new Map(), QUIZ_QUESTIONS_PER_ATTEMPT);
        expect(first, lesson.front.slug).toHaveLength(QUIZ_QUESTIONS_PER_ATTEMPT);
        const asked = new Map(first.map((id) => [id, 1]));
        const retry = drawQuestions(lesson.front.quiz, asked, QUIZ_QUESTIONS_PER_ATTEMPT);
        const unseen = retry.filter((id) => !asked.has(id)).length;
        expect(unseen, lesson.front.slug).toBe(
          Math.min(QUIZ_QUESTIONS_PER_ATTEMPT, ids.length - QUIZ_QUESTIONS_PER_ATTEMPT),
        );
      }
    }
  });

  it('names right answers once every question of the bank was asked before', async () => {
    const eve = await buildUser(t.deps);
    const answersOf = async (ids: string[]) =>
      ((await attempt(eve, bigBank, wrong(ids))).json().results as { answer: number | null }[]).map(
        (result) => result.answer,
      );
    const none = Array(QUIZ_QUESTIONS_PER_ATTEMPT).fill(null);
    expect(await answersOf(await open(eve, bigBank))).toEqual(none);
    // Every question of this attempt is new, and one of the bank is still unseen.
    expect(await answersOf(await open(eve, bigBank))).toEqual(none);
    // The third attempt asks the last unseen question: still nothing named.
    expect(await answersOf(await open(eve, bigBank))).toEqual(none);
    // Now every question was asked: a retry can only repeat, so the answers are named.
    expect(await answersOf(await open(eve, bigBank))).toEqual(
      Array(QUIZ_QUESTIONS_PER_ATTEMPT).fill(0),
    );
  });

  it('counts the bank, not the attempt: a bank that grew leaves unseen questions to ask', async () => {
    const gil = await buildUser(t.deps);
    const five = bank.slice(0, 5).map((item) => item.id);
    expect(await open(gil, growing)).toEqual(five);
    expect((await attempt(gil, growing, wrong(five))).statusCode).toBe(201);
    // The same five again, drawn before the bank grew: all asked before, but twelve are new.
    expect(await open(gil, growing)).toEqual(five);
    await syncWith(bank);
    const repeated = await attempt(gil, growing, wrong(five));
    expect(repeated.statusCode).toBe(201);
    expect(repeated.json().results.map((result: { answer: unknown }) => result.answer)).toEqual(
      Array(5).fill(null),
    );
    const next = await open(gil, growing);
    expect(next.filter((id) => five.includes(id))).toEqual([]);
  });

  it('deletes the draw with its user', async () => {
    const fay = await buildUser(t.deps);
    await open(fay, bigBank);
    const drawOf = () =>
      t.deps.db
        .select()
        .from(quizDraws)
        .where(and(eq(quizDraws.userId, fay.user.id), eq(quizDraws.lessonId, bigBank)));
    expect(await drawOf()).toHaveLength(1);
    await t.deps.db.delete(users).where(eq(users.id, fay.user.id));
    expect(await drawOf()).toEqual([]);
  });
});
