import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { classroomLessonMessages } from '@bullpen/contract/classroom-lessons';
import type { ClassroomCourses } from '@bullpen/contract/classroom-lessons';
import { classroomMessages } from '@bullpen/contract/classrooms';
import { LESSON_POINTS } from '@bullpen/contract/points';
import { classroomLessons } from '../../db/schema/classrooms.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { recordPoints } from '../../points/service.ts';
import {
  buildTestApp,
  buildUser,
  grossNetRight,
  latestMailTo,
  type TestApp,
} from '../../test/app.ts';
import { insertClassroomForTest, insertStudentForTest } from './queries.ts';

/** Lessons in a class: the courses view, enabling, due dates, reminders, statistics, overdue. */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
let teacher: User;
let otherTeacher: User;
let ana: User;
let ben: User;
let noEmail: User;
let outsider: User;
let classA: number;
let classB: number;
const lesson: Record<string, number> = {};
let moneyId: number;
let marketId: number;

const base = (id: number) => `/api/classrooms/classrooms/${id}`;

beforeAll(async () => {
  t = await buildTestApp();
  teacher = await buildUser(t.deps, { is_teacher: true, first_name: 'Rosa', last_name: 'Rivera' });
  otherTeacher = await buildUser(t.deps, { is_teacher: true });
  ana = await buildUser(t.deps, { first_name: 'Ana', last_name: 'Alvarez', language: 'es' });
  ben = await buildUser(t.deps, { first_name: 'Ben', last_name: 'Brown' });
  noEmail = await buildUser(t.deps, { first_name: 'Cy', last_name: 'Cole' });
  await t.deps.db.update(users).set({ email: null }).where(eq(users.id, noEmail.user.id));
  outsider = await buildUser(t.deps);

  classA = await insertClassroomForTest(t.deps.db, {
    teacherId: teacher.user.id,
    name: 'Period <3>',
  });
  classB = await insertClassroomForTest(t.deps.db, { teacherId: otherTeacher.user.id });
  for (const student of [ana, ben, noEmail]) {
    await insertStudentForTest(t.deps.db, classA, student.user.id);
  }
  await insertStudentForTest(t.deps.db, classB, outsider.user.id);

  const courses = (await coursesOf(teacher, classA)).json() as ClassroomCourses;
  for (const course of courses.results) {
    for (const row of course.lessons) lesson[row.title] = row.id;
  }
  moneyId = courses.results.find((course) => course.title === 'Money basics')!.id;
  marketId = courses.results.find((course) => course.title === 'Market basics')!.id;
});
afterAll(async () => {
  await t.close();
});

function coursesOf(who: User | null, classroomId: number) {
  return t.app.inject({ url: `${base(classroomId)}/courses/`, headers: who?.auth ?? {} });
}

function post(who: User | null, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: who?.auth ?? {},
    payload: payload as object,
  });
}

function patch(who: User | null, url: string, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: who?.auth ?? {},
    payload: payload as object,
  });
}

function attempt(who: User, lessonId: number, answers: Record<string, number>) {
  return post(who, `/api/learn/lessons/${lessonId}/attempts/`, { answers });
}

const grossNet = () => lesson['Gross pay and net pay']!;
const payFirst = () => lesson['Pay yourself first']!;

/** The refusals every teacher endpoint shares. */
async function expectTeacherOnly(
  call: (
    who: User | null,
    classroomId: number,
  ) => Promise<{ statusCode: number; json: () => unknown }>,
) {
  const student = await call(ana, classA);
  expect(student.statusCode).toBe(403);
  expect(student.json()).toEqual({ error: classroomMessages.teacherOnly });
  const otherStudent = await call(outsider, classA);
  expect(otherStudent.statusCode).toBe(404);
  expect(otherStudent.json()).toEqual({ error: classroomMessages.notFound });
  expect((await call(otherTeacher, classA)).statusCode).toBe(404);
  expect((await call(null, classA)).statusCode).toBe(401);
  expect((await call(teacher, 999_999)).statusCode).toBe(404);
}

describe('GET …/{id}/courses/', () => {
  it('shows the teacher every live course and lesson, none enabled at first', async () => {
    const response = await coursesOf(teacher, classA);
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as ClassroomCourses;
    expect(results.map((course) => course.title)).toEqual(['Money basics', 'Market basics']);
    expect(results[0]!.lessons[0]).toEqual({
      id: grossNet(),
      title: 'Gross pay and net pay',
      sub_title: expect.any(String),
      order: 1,
      minutes: 8,
      enabled: false,
      due_at: null,
      reminded_at: null,
      status: null,
      best_percent: null,
    });
  });

  it('is for members only', async () => {
    expect((await coursesOf(ana, classA)).statusCode).toBe(200);
    expect((await coursesOf(outsider, classA)).statusCode).toBe(404);
    expect((await coursesOf(otherTeacher, classA)).statusCode).toBe(404);
    expect((await coursesOf(null, classA)).statusCode).toBe(401);
  });
});

describe('POST …/{id}/lessons/ and PATCH …/{id}/lessons/{lessonId}/', () => {
  it('refuses everyone but the teacher of the class', async () => {
    await expectTeacherOnly((who, id) =>
      post(who, `${base(id)}/lessons/`, { lessons: [grossNet()] }),
    );
    await expectTeacherOnly((who, id) =>
      patch(who, `${base(id)}/lessons/${grossNet()}/`, { due_at: null }),
    );
  });

  it('names unknown lessons and enables nothing', async () => {
    const response = await post(teacher, `${base(classA)}/lessons/`, {
      lessons: [grossNet(), 999_999],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      lessons: [classroomLessonMessages.unknownLesson.replace('{id}', '999999')],
    });
    const { results } = (await coursesOf(teacher, classA)).json() as ClassroomCourses;
    expect(results.flatMap((c) => c.lessons).some((l) => l.enabled)).toBe(false);
    for (const payload of [
      { lessons: [] },
      { lessons: ['x'] },
      { lessons: [1], due_at: 'soon' },
      {},
    ]) {
      expect((await post(teacher, `${base(classA)}/lessons/`, payload)).statusCode).toBe(400);
    }
  });

  it('enables lessons with a due date, idempotently; the student sees only those', async () => {
    const dueAt = '2030-01-15T15:00:00.000Z';
    for (let round = 0; round < 2; round += 1) {
      const response = await post(teacher, `${base(classA)}/lessons/`, {
        lessons: [grossNet(), payFirst()],
        due_at: dueAt,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        results: [
          { id: grossNet(), enabled: true, due_at: dueAt },
          { id: payFirst(), enabled: true, due_at: dueAt },
        ],
      });
    }
    const [{ rows }] = [
      await t.deps.db
        .select({ rows: sql<number>`count(*)::int` })
        .from(classroomLessons)
        .where(eq(classroomLessons.classroomId, classA)),
    ].flat() as [{ rows: number }];
    expect(rows).toBe(2);
    // Enabling again without a due date keeps it.
    await post(teacher, `${base(classA)}/lessons/`, { lessons: [grossNet()] });

    const mine = (await coursesOf(ana, classA)).json() as ClassroomCourses;
    expect(mine.results).toHaveLength(1);
    expect(mine.results[0]!.lessons.map((l) => [l.id, l.due_at, l.status, l.reminded_at])).toEqual([
      [grossNet(), dueAt, 'not_started', null],
      [payFirst(), dueAt, 'not_started', null],
    ]);
    // Class B has nothing enabled.
    expect(((await coursesOf(outsider, classB)).json() as ClassroomCourses).results).toEqual([]);
  });

  it('changes a due date and turns a lesson off and on', async () => {
    const url = `${base(classA)}/lessons/${payFirst()}/`;
    const cleared = await patch(teacher, url, { due_at: null });
    expect(cleared.json()).toEqual({ id: payFirst(), enabled: true, due_at: null });
    const off = await patch(teacher, url, { enabled: false });
    expect(off.json()).toEqual({ id: payFirst(), enabled: false, due_at: null });
    const mine = (await coursesOf(ben, classA)).json() as ClassroomCourses;
    expect(mine.results[0]!.lessons.map((l) => l.id)).toEqual([grossNet()]);
    const on = await patch(teacher, url, { enabled: true, due_at: '2030-02-01T00:00:00Z' });
    expect(on.json()).toEqual({
      id: payFirst(),
      enabled: true,
      due_at: '2030-02-01T00:00:00.000Z',
    });

    expect((await patch(teacher, url, {})).statusCode).toBe(400);
    const market =
      lesson['What is a share?'] ??
      Object.values(lesson).find((id) => id !== grossNet() && id !== payFirst())!;
    const never = await patch(teacher, `${base(classA)}/lessons/${market}/`, { due_at: null });
    expect(never.statusCode).toBe(404);
    expect(never.json()).toEqual({ error: classroomLessonMessages.notEnabled });
    expect(
      (await patch(teacher, `${base(classA)}/lessons/999999/`, { enabled: true })).statusCode,
    ).toBe(404);
  });
});

describe('POST …/{id}/lessons/{lessonId}/remind/', () => {
  const remind = (who: User | null, id: number, lessonId = grossNet()) =>
    post(who, `${base(id)}/lessons/${lessonId}/remind/`, undefined);

  it('refuses everyone but the teacher of the class', async () => {
    await expectTeacherOnly((who, id) => remind(who, id));
  });

  it('reminds in the app everyone who has not completed it, by mail those with an address, once an hour', async () => {
    // Ben completes the lesson: he gets no reminder.
    expect((await attempt(ben, grossNet(), grossNetRight)).statusCode).toBe(201);
    const before = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);

    const first = await remind(teacher, classA);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mailed: 1, in_app: 2 });
    // Both see it in the app; Cy has no address, so only Ana gets it by mail too. Each reads
    // only their own.
    const inbox = (who: User) =>
      t.app.inject({ method: 'GET', url: '/api/notifications/', headers: who.auth });
    const [reminder] = (await inbox(noEmail)).json().results;
    expect(reminder).toMatchObject({
      kind: 'lesson_reminder',
      read_at: null,
      payload: { classroom_id: classA, classroom: 'Period <3>', lesson_id: grossNet() },
    });
    expect(reminder.payload.due_at).toMatch(/^2030-01-15T/);
    const [anas] = (await inbox(ana)).json().results;
    expect(anas).toMatchObject({ kind: 'lesson_reminder', payload: { lesson_id: grossNet() } });
    expect(anas.id).not.toBe(reminder.id);
    expect(
      (await inbox(ben)).json().results.map((note: { kind: string }) => note.kind),
    ).not.toContain('lesson_reminder');
    const read = (who: User) =>
      t.app.inject({
        method: 'POST',
        url: `/api/notifications/${reminder.id}/read/`,
        headers: who.auth,
      });
    expect((await read(ana)).statusCode).toBe(404);
    expect((await inbox(noEmail)).json().results[0].read_at).toBeNull();
    const done = await read(noEmail);
    expect(done.statusCode).toBe(200);
    expect(done.json().read_at).not.toBeNull();
    const mail = await latestMailTo(t.deps, ana.user.email);
    expect(mail?.subject).toBe('Un recordatorio sobre una lección de tu clase en Bullpen');
    expect(mail?.textBody).toContain('Hola, Ana:');
    expect(mail?.textBody).toContain('La fecha de entrega es el 15 de enero de 2030');
    expect(mail?.textBody).toContain('“Period <3>”');
    expect(mail?.textBody).toContain(`http://bullpen.test/lessons?lesson=${grossNet()}`);
    expect(mail?.htmlBody).toContain('Period &lt;3&gt;');
    const after = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0]!.n - before[0]!.n).toBe(1);

    const again = await remind(teacher, classA);
    expect(again.statusCode).toBe(429);
    expect((again.json() as { error: string }).error).toMatch(
      /less than an hour ago\. You can send the next one at \d{4}-\d\d-\d\d \d\d:\d\d UTC\./,
    );
    // Another lesson has its own hour.
    expect((await remind(teacher, classA, payFirst())).statusCode).toBe(200);

    // An hour later it may go again.
    await t.deps.db
      .update(classroomLessons)
      .set({ remindedAt: sql`${classroomLessons.remindedAt} - interval '61 minutes'` })
      .where(
        and(eq(classroomLessons.classroomId, classA), eq(classroomLessons.lessonId, grossNet())),
      );
    expect((await remind(teacher, classA)).statusCode).toBe(200);
  });

  it('sends once when two reminders arrive together', async () => {
    await t.deps.db
      .update(classroomLessons)
      .set({ remindedAt: null })
      .where(
        and(eq(classroomLessons.classroomId, classA), eq(classroomLessons.lessonId, grossNet())),
      );
    const before = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const notesBefore = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.userId, noEmail.user.id));
    const statuses = (
      await Promise.all([remind(teacher, classA), remind(teacher, classA), remind(teacher, classA)])
    )
      .map((response) => response.statusCode)
      .sort();
    expect(statuses).toEqual([200, 429, 429]);
    const after = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0]!.n - before[0]!.n).toBe(1);
    const left = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.userId, noEmail.user.id));
    expect(left[0]!.n - notesBefore[0]!.n).toBe(1);
  });

  it('refuses a lesson that is not enabled in the class', async () => {
    const other = Object.values(lesson).find((id) => id !== grossNet() && id !== payFirst())!;
    const response = await remind(teacher, classA, other);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: classroomLessonMessages.notEnabled });
  });
});

describe('POST …/{id}/statistics/ and …/{id}/overdue-lessons/', () => {
  it('refuses everyone but the teacher of the class', async () => {
    await expectTeacherOnly((who, id) => post(who, `${base(id)}/statistics/`, { course: moneyId }));
    await expectTeacherOnly((who, id) =>
      post(who, `${base(id)}/overdue-lessons/`, { course: moneyId }),
    );
  });

  it('counts completions, scores, points and activity from real attempts', async () => {
    // Ana: 60% then 80% on gross-and-net-pay (completes it), nothing on the other lesson.
    const wrong = { ...grossNetRight, 'net-pay-meaning': 0, 'net-pay-sum': 1 };
    expect((await attempt(ana, grossNet(), wrong)).statusCode).toBe(201);
    expect((await attempt(ana, grossNet(), { ...grossNetRight, 'hourly-pay': 1 })).statusCode).toBe(
      201,
    );
    // Ben (100% on gross-and-net-pay earlier) fails pay-yourself-first: 40%.
    const payFirstFail = {
      'first-step': 1,
      'ten-percent': 15,
      'months-to-goal': 0,
      'why-first': 1,
      'goal-kind': 1,
    };
    expect((await attempt(ben, payFirst(), payFirstFail)).statusCode).toBe(201);
    await recordPoints(t.deps.db, [
      { userId: ben.user.id, points: 25, reason: 'award', source: 'test:1' },
    ]);
    // A spend lowers the balance, never the points earned.
    await recordPoints(t.deps.db, [
      { userId: ben.user.id, points: -10, reason: 'redemption', source: 'test:spend' },
    ]);

    const response = await post(teacher, `${base(classA)}/statistics/`, { course: moneyId });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { lessons: number; results: Record<string, unknown>[] };
    expect(body.lessons).toBe(2);
    expect(body.results.map((row) => row.username)).toEqual([
      ana.user.username,
      ben.user.username,
      noEmail.user.username,
    ]);
    expect(body.results[0]).toEqual({
      id: ana.user.id,
      username: ana.user.username,
      first_name: 'Ana',
      last_name: 'Alvarez',
      completed: 1,
      average_percent: 80,
      // The first try is kept beside the best: 60% before the 80% retry.
      first_attempt_percent: 60,
      best_percent: 80,
      attempts: 2,
      // Completing gross-and-net-pay paid its lesson points.
      points: LESSON_POINTS,
      points_earned: {
        lessons: LESSON_POINTS,
        modules: 0,
        awards: 0,
        contests: 0,
        total: LESSON_POINTS,
      },
      last_active: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(body.results[1]).toMatchObject({
      completed: 1,
      average_percent: 70,
      first_attempt_percent: 70,
      best_percent: 100,
      attempts: 2,
      // The spendable balance, and what was earned by source beside it.
      points: LESSON_POINTS + 25 - 10,
      points_earned: {
        lessons: LESSON_POINTS,
        modules: 0,
        awards: 25,
        contests: 0,
        total: LESSON_POINTS + 25,
      },
    });
    expect(body.results[2]).toMatchObject({
      completed: 0,
      average_percent: null,
      first_attempt_percent: null,
      best_percent: null,
      attempts: 0,
      last_active: null,
    });

    // By category: the market course has no enabled lesson in the class.
    const markets = (
      await post(teacher, `${base(classA)}/statistics/`, { category: 'markets' })
    ).json();
    expect(markets.lessons).toBe(0);
    expect(markets.results[0]).toMatchObject({ completed: 0, best_percent: null });
    expect(
      (await post(teacher, `${base(classA)}/statistics/`, { course: 999_999 })).statusCode,
    ).toBe(400);
    expect(
      (await post(teacher, `${base(classA)}/statistics/`, { category: 'astrology' })).statusCode,
    ).toBe(400);
    expect(
      (await post(teacher, `${base(classA)}/statistics/`, { course: marketId })).json().lessons,
    ).toBe(0);
  });

  it('lists students × lessons past due and not complete', async () => {
    const empty = await post(teacher, `${base(classA)}/overdue-lessons/`, { course: moneyId });
    expect(empty.json()).toEqual({ results: [] });
    const past = '2020-05-01T12:00:00.000Z';
    await patch(teacher, `${base(classA)}/lessons/${grossNet()}/`, { due_at: past });
    const response = await post(teacher, `${base(classA)}/overdue-lessons/`, { course: moneyId });
    expect(response.statusCode).toBe(200);
    // Ana and Ben completed it; only Cy is behind.
    expect(response.json()).toEqual({
      results: [
        {
          student: {
            id: noEmail.user.id,
            username: noEmail.user.username,
            first_name: 'Cy',
            last_name: 'Cole',
          },
          lesson: { id: grossNet(), title: 'Gross pay and net pay', course: 'Money basics' },
          due_at: past,
          best_percent: null,
        },
      ],
    });
    const mine = (await coursesOf(noEmail, classA)).json() as ClassroomCourses;
    expect(mine.results[0]!.lessons[0]!.status).toBe('overdue');
    const anas = (await coursesOf(ana, classA)).json() as ClassroomCourses;
    expect(anas.results[0]!.lessons.map((l) => [l.status, l.best_percent])).toEqual([
      ['done', 80],
      ['not_started', null],
    ]);
    const bens = (await coursesOf(ben, classA)).json() as ClassroomCourses;
    expect(bens.results[0]!.lessons[1]!.status).toBe('in_progress');
    expect((await post(teacher, `${base(classB)}/overdue-lessons/`, {})).statusCode).toBe(404);
  });
});
