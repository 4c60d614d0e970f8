import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_POINTS } from '@bullpen/contract/points';
import { userChannel } from '@bullpen/contract/realtime';
import { lessons } from '../db/schema/learn.ts';
import { availablePoints, entriesOf, ledgerSum } from '../points/service.ts';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';

/** A passed lesson pays `LESSON_POINTS` once, in the transaction that completes it. */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
const ids: Record<string, number> = {};
const titles: Record<string, string> = {};

/** Right answers of gross-and-net-pay (money-basics, pass 70%), from the test content. */
const right = {
  'net-pay-meaning': 1,
  'net-pay-sum': 340,
  'gross-pay-meaning': 0,
  'hourly-pay': 120,
  'share-withheld': 15,
};
/** 2 of 5: a fail. */
const wrong = { ...right, 'net-pay-meaning': 0, 'net-pay-sum': 1, 'hourly-pay': 1 };

beforeAll(async () => {
  t = await buildTestApp();
  for (const row of await t.deps.db.select().from(lessons)) {
    ids[row.slug] = row.id;
    titles[row.slug] = row.title;
  }
});
afterAll(async () => {
  await t.close();
});

function attempt(who: User, answers: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/learn/lessons/${ids['gross-and-net-pay']}/attempts/`,
    headers: { ...who.auth, ...headers },
    payload: { answers },
  });
}

async function lessonEntries(who: User) {
  const rows = await entriesOf(t.deps.db, who.user.id, { offset: 0, limit: 100 });
  return rows.filter((row) => row.reason === 'lesson');
}

describe('points for a passed lesson', () => {
  it('pays the first pass only, with the lesson title as its note, and says so live', async () => {
    const student = await buildUser(t.deps);
    const heard: unknown[] = [];
    await t.app.realtime.subscribe(userChannel(student.user.id), {
      id: 'lesson-points-test',
      send: (data) => heard.push(JSON.parse(data)),
    });

    const failed = await attempt(student, wrong);
    expect(failed.json()).toMatchObject({ passed: false, points_awarded: 0 });
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(0);

    const passed = await attempt(student, right);
    expect(passed.statusCode).toBe(201);
    expect(passed.json()).toMatchObject({
      passed: true,
      lesson_completed: true,
      points_awarded: LESSON_POINTS,
    });
    const again = await attempt(student, right);
    expect(again.json()).toMatchObject({ passed: true, points_awarded: 0 });
    await attempt(student, wrong);

    expect(await availablePoints(t.deps.db, student.user.id)).toBe(LESSON_POINTS);
    expect(await ledgerSum(t.deps.db, student.user.id)).toBe(LESSON_POINTS);
    const entries = await lessonEntries(student);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      points: LESSON_POINTS,
      source: `lesson:${ids['gross-and-net-pay']}`,
      note: titles['gross-and-net-pay'],
      createdBy: null,
    });
    expect(heard).toEqual([
      { channel: userChannel(student.user.id), type: 'points', available_points: LESSON_POINTS },
    ]);

    // The history the student reads.
    const history = await t.app.inject({
      url: `/api/points/points/${student.user.id}/history/`,
      headers: student.auth,
    });
    expect(history.json().results).toEqual([
      expect.objectContaining({
        points: LESSON_POINTS,
        reason: 'lesson',
        note: titles['gross-and-net-pay'],
        awarded_by: null,
      }),
    ]);
  });

  it('pays nothing for a resend: it answers what the first send paid', async () => {
    const student = await buildUser(t.deps);
    const key = { 'idempotency-key': 'lesson-points-1' };
    const first = await attempt(student, right, key);
    expect(first.json()).toMatchObject({ points_awarded: LESSON_POINTS });
    const replay = await attempt(student, right, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    // A later pass, with a key of its own, pays nothing.
    const later = await attempt(student, right, { 'idempotency-key': 'lesson-points-2' });
    expect(later.json()).toMatchObject({ passed: true, points_awarded: 0 });
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(LESSON_POINTS);
    expect(await lessonEntries(student)).toHaveLength(1);
  });

  it('pays once for concurrent passes, with one key or none', async () => {
    const keyless = await buildUser(t.deps);
    const responses = await Promise.all(Array.from({ length: 6 }, () => attempt(keyless, right)));
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    const paid = responses.map((response) => response.json().points_awarded as number);
    expect(paid.filter((points) => points === LESSON_POINTS)).toHaveLength(1);
    expect(paid.reduce((sum, points) => sum + points, 0)).toBe(LESSON_POINTS);
    expect(await availablePoints(t.deps.db, keyless.user.id)).toBe(LESSON_POINTS);
    expect(await lessonEntries(keyless)).toHaveLength(1);

    const keyed = await buildUser(t.deps);
    const key = { 'idempotency-key': 'double-click' };
    const sends = await Promise.all(Array.from({ length: 6 }, () => attempt(keyed, right, key)));
    expect(sends.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 201,
    ]);
    expect(await availablePoints(t.deps.db, keyed.user.id)).toBe(LESSON_POINTS);
    expect(await ledgerSum(t.deps.db, keyed.user.id)).toBe(LESSON_POINTS);
  });

  it('pays each lesson of its own, and each student their own', async () => {
    const one = await buildUser(t.deps);
    const two = await buildUser(t.deps);
    await attempt(one, right);
    await attempt(two, right);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/learn/lessons/${ids['pay-yourself-first']}/attempts/`,
      headers: one.auth,
      payload: { answers: {} },
    });
    // An incomplete quiz is refused and pays nothing.
    expect(other.statusCode).toBe(400);
    expect(await availablePoints(t.deps.db, one.user.id)).toBe(LESSON_POINTS);
    expect(await availablePoints(t.deps.db, two.user.id)).toBe(LESSON_POINTS);
  });
});
