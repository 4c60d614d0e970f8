import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  HomeClasses,
  HomeContests,
  HomeCourses,
  HomeInactiveStudents,
  HomeLeaders,
  HomeLessonsDue,
  HomePoints,
  HomeReports,
  HomeRetention,
  HomeRewardRequests,
} from '@bullpen/contract/home';
import { classroomLessons, classroomPostReports, classroomPosts } from '../db/schema/classrooms.ts';
import { lessons } from '../db/schema/learn.ts';
import { redemptions, rewards } from '../db/schema/rewards.ts';
import { users } from '../db/schema/users.ts';
import { recordPoints } from '../points/service.ts';
import { recordRetentionRun } from '../privacy/retention.ts';
import { buildTestApp, buildUser, grossNetRight, type TestApp } from '../test/app.ts';
import { createClassWithStudents } from '../test/classrooms.ts';
import { grantStaff } from '../users/queries.ts';

/**
 * The signed-in home's cards over the test curriculum (learn/test-content): each
 * card's data, its empty state, and who is refused.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
let teacher: User;
let otherTeacher: User;
let staff: User;
let ana: User;
let ben: User;
let newcomer: User;
let classroom: { id: number; name: string };
const lessonId: Record<string, number> = {};
const DAY = 86_400_000;

const get = <T>(who: User, url: string) =>
  t.app.inject({ url, headers: who.auth }).then((response) => ({
    status: response.statusCode,
    body: response.json() as T,
  }));

function attempt(who: User, lesson: number, answers: Record<string, number>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/learn/lessons/${lesson}/attempts/`,
    headers: who.auth,
    payload: { answers },
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  teacher = await buildUser(t.deps, { is_teacher: true, trusted: true, first_name: 'Rosa' });
  otherTeacher = await buildUser(t.deps, { is_teacher: true });
  staff = await buildUser(t.deps);
  await grantStaff(t.deps.db, staff.user.id);
  newcomer = await buildUser(t.deps);
  const made = await createClassWithStudents(t.app, teacher, {
    name: 'Period 3',
    students: [
      { first_name: 'Ana', last_name: 'Alvarez' },
      { first_name: 'Ben', last_name: 'Brown' },
    ],
  });
  classroom = made.classroom;
  [ana, ben] = made.students as [User, User];
  for (const row of await t.deps.db.select().from(lessons)) lessonId[row.slug] = row.id;
});
afterAll(async () => t.close());

describe('who reads which card', () => {
  const studentCards = ['lessons-due', 'courses', 'contests', 'points'];
  const teacherCards = ['classes', 'inactive-students', 'reward-requests', 'reports', 'leaders'];

  it('needs a session for every card', async () => {
    for (const card of [...studentCards, ...teacherCards, 'retention']) {
      expect((await t.app.inject({ url: `/api/home/${card}/` })).statusCode).toBe(401);
    }
  });

  it('refuses a student the teacher cards and the staff card; a teacher the staff card', async () => {
    for (const card of teacherCards) {
      expect((await get(ana, `/api/home/${card}/`)).status).toBe(403);
      expect((await get(teacher, `/api/home/${card}/`)).status).toBe(200);
    }
    expect((await get(ana, '/api/home/retention/')).status).toBe(403);
    expect((await get(teacher, '/api/home/retention/')).status).toBe(403);
    expect((await get(staff, '/api/home/retention/')).status).toBe(200);
  });

  it('shows a new user empty cards', async () => {
    expect((await get<HomeLessonsDue>(newcomer, '/api/home/lessons-due/')).body).toEqual({
      results: [],
    });
    expect((await get<HomeCourses>(newcomer, '/api/home/courses/')).body).toEqual({
      continue: null,
      results: [],
    });
    expect((await get<HomeContests>(newcomer, '/api/home/contests/')).body).toEqual({
      results: [],
    });
    const points = (await get<HomePoints>(newcomer, '/api/home/points/')).body;
    expect(points.available_points).toBe(0);
    expect(points.affordable).toBe(0);
    expect((await get<HomeClasses>(otherTeacher, '/api/home/classes/')).body).toEqual({
      results: [],
    });
    expect((await get<HomeLeaders>(otherTeacher, '/api/home/leaders/')).body).toEqual({
      results: [],
    });
    expect(
      (await get<HomeRewardRequests>(otherTeacher, '/api/home/reward-requests/')).body,
    ).toEqual({ count: 0, results: [] });
    expect((await get<HomeRetention>(staff, '/api/home/retention/')).body).toEqual({
      last_run: null,
    });
  });
});

describe('the student’s cards', () => {
  it('lists the lessons due, overdue first, without passed ones or other classes’', async () => {
    const now = Date.now();
    await t.deps.db.insert(classroomLessons).values([
      {
        classroomId: classroom.id,
        lessonId: lessonId['what-is-a-share']!,
        dueAt: new Date(now + 3 * DAY),
      },
      {
        classroomId: classroom.id,
        lessonId: lessonId['gross-and-net-pay']!,
        dueAt: new Date(now - DAY),
      },
      {
        classroomId: classroom.id,
        lessonId: lessonId['pay-yourself-first']!,
        dueAt: new Date(now - 2 * DAY),
      },
    ]);
    const due = (await get<HomeLessonsDue>(ana, '/api/home/lessons-due/')).body.results;
    expect(due.map((line) => [line.title, line.overdue])).toEqual([
      ['Pay yourself first', true],
      ['Gross pay and net pay', true],
      ['What is a share?', false],
    ]);
    expect(due[0]!.classroom).toEqual({ id: classroom.id, name: 'Period 3' });

    expect((await attempt(ben, lessonId['gross-and-net-pay']!, grossNetRight)).statusCode).toBe(
      201,
    );
    const bens = (await get<HomeLessonsDue>(ben, '/api/home/lessons-due/')).body.results;
    expect(bens.map((line) => line.lesson_id)).not.toContain(lessonId['gross-and-net-pay']);
    expect((await get<HomeLessonsDue>(newcomer, '/api/home/lessons-due/')).body.results).toEqual(
      [],
    );
  });

  it('continues the lesson tried last and not passed, else the next lesson of the last course', async () => {
    // Ben passed gross and net pay: his next step is the course's second lesson.
    const passed = (await get<HomeCourses>(ben, '/api/home/courses/')).body;
    expect(passed.continue?.lesson_id).toBe(lessonId['pay-yourself-first']);
    expect(passed.results).toEqual([
      expect.objectContaining({ completed: 1, lessons: 2, next: passed.continue }),
    ]);
    // Ana fails a lesson of the other course: Continue reopens it.
    const wrong = { ...grossNetRight, 'net-pay-meaning': 0, 'net-pay-sum': 1 };
    expect((await attempt(ana, lessonId['gross-and-net-pay']!, wrong)).statusCode).toBe(201);
    const failed = (await get<HomeCourses>(ana, '/api/home/courses/')).body;
    expect(failed.continue?.lesson_id).toBe(lessonId['gross-and-net-pay']);
  });

  it('shows the class contests with rank and value change, only the reader’s own', async () => {
    const now = t.app.market.clock.now().getTime();
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/classrooms/classrooms/${classroom.id}/contests/`,
      headers: teacher.auth,
      payload: {
        name: 'Class market game',
        starts_at: new Date(now - DAY).toISOString(),
        ends_at: new Date(now + 30 * DAY).toISOString(),
        starting_cash: 1_000_000,
      },
    });
    expect(started.statusCode).toBe(201);
    const mine = (await get<HomeContests>(ana, '/api/home/contests/')).body.results;
    expect(mine).toEqual([
      expect.objectContaining({
        name: 'Class market game',
        classroom: { id: classroom.id, name: 'Period 3' },
        change_cents: 0,
      }),
    ]);
    expect(mine[0]!.rank).toBe(1);
    expect(mine[0]!.players).toBeGreaterThanOrEqual(2);
    expect((await get<HomeContests>(newcomer, '/api/home/contests/')).body.results).toEqual([]);

    const leaders = (await get<HomeLeaders>(teacher, '/api/home/leaders/')).body.results;
    expect(leaders).toHaveLength(1);
    expect(leaders[0]!.leaders.length).toBeLessThanOrEqual(3);
    expect(leaders[0]!.leaders.map((leader) => leader.name)).toContain('Ana');
    expect((await get<HomeLeaders>(otherTeacher, '/api/home/leaders/')).body.results).toEqual([]);
  });

  it('shows the balance, how many rewards it buys and the next one', async () => {
    const [cheap, dear] = await t.deps.db
      .insert(rewards)
      .values([
        { kind: 'classroom', classroomId: classroom.id, name: 'Pick the music', cost: 30 },
        { kind: 'classroom', classroomId: classroom.id, name: 'Homework pass', cost: 5000 },
      ])
      .returning();
    await recordPoints(t.deps.db, [
      { userId: ana.user.id, points: 40, reason: 'award', source: 'test:home' },
    ]);
    const points = (await get<HomePoints>(ana, '/api/home/points/')).body;
    expect(points.available_points).toBe(40);
    expect(points.affordable).toBeGreaterThanOrEqual(1);
    expect(points.next_reward).not.toBeNull();
    expect(points.next_reward!.missing).toBe(points.next_reward!.cost - 40);
    expect(points.next_reward!.cost).toBeGreaterThan(40);
    expect(cheap!.cost).toBeLessThanOrEqual(40);
    expect(dear!.cost).toBeGreaterThan(40);
  });
});

describe('the teacher’s cards', () => {
  it('counts each class’s overdue work: students × past-due lessons not passed', async () => {
    const classes = (await get<HomeClasses>(teacher, '/api/home/classes/')).body.results;
    expect(classes).toHaveLength(1);
    // Two overdue lessons × two students, less Ben's pass.
    expect(classes[0]).toMatchObject({ id: classroom.id, students: 2, overdue: 3 });
    expect(classes[0]!.overdue_lessons[0]).toMatchObject({
      lesson_id: lessonId['pay-yourself-first'],
      missing: 2,
    });
  });

  it('lists students not seen for a week, only the teacher’s own', async () => {
    await t.deps.db
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(users.id, ben.user.id));
    const away = (await get<HomeInactiveStudents>(teacher, '/api/home/inactive-students/')).body;
    expect(away.count).toBe(1);
    expect(away.results[0]).toMatchObject({ id: ben.user.id, name: 'Ben Brown' });
    expect(
      (await get<HomeInactiveStudents>(otherTeacher, '/api/home/inactive-students/')).body,
    ).toEqual({ count: 0, results: [] });
  });

  it('lists the pending reward requests, and approving one through the rewards API ends it', async () => {
    const [reward] = await t.deps.db
      .insert(rewards)
      .values({ kind: 'classroom', classroomId: classroom.id, name: 'Front seat', cost: 10 })
      .returning();
    const [request] = await t.deps.db
      .insert(redemptions)
      .values({
        userId: ana.user.id,
        rewardId: reward!.id,
        classroomId: classroom.id,
        cost: 10,
        status: 'pending',
      })
      .returning();
    const pending = (await get<HomeRewardRequests>(teacher, '/api/home/reward-requests/')).body;
    expect(pending.count).toBe(1);
    expect(pending.results[0]).toMatchObject({
      id: request!.id,
      reward: 'Front seat',
      student: 'Ana Alvarez',
      classroom: { id: classroom.id },
    });
    expect(
      (await get<HomeRewardRequests>(otherTeacher, '/api/home/reward-requests/')).body.count,
    ).toBe(0);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/rewards/redemptions/${request!.id}/approve/`,
      headers: teacher.auth,
    });
    expect(approved.statusCode).toBe(200);
    expect((await get<HomeRewardRequests>(teacher, '/api/home/reward-requests/')).body.count).toBe(
      0,
    );
  });

  it('counts the reported board posts of each class', async () => {
    expect((await get<HomeReports>(teacher, '/api/home/reports/')).body.results).toEqual([]);
    const [post] = await t.deps.db
      .insert(classroomPosts)
      .values({ classroomId: classroom.id, userId: ben.user.id, message: 'hello' })
      .returning();
    await t.deps.db
      .insert(classroomPostReports)
      .values({ postId: post!.id, reporterId: ana.user.id, classroomId: classroom.id });
    const reports = (await get<HomeReports>(teacher, '/api/home/reports/')).body.results;
    expect(reports).toEqual([
      expect.objectContaining({ classroom: { id: classroom.id, name: 'Period 3' }, posts: 1 }),
    ]);
    expect((await get<HomeReports>(otherTeacher, '/api/home/reports/')).body.results).toEqual([]);
  });
});

describe('the staff’s retention card', () => {
  it('shows the last run’s counts', async () => {
    await recordRetentionRun(
      t.deps,
      {
        accounts: { warned: 2, erased: 1 },
        deleted: {
          authRows: 3,
          attemptWindows: 0,
          checkWindows: 0,
          exports: 1,
          mail: 4,
          invitationSends: 0,
          tickets: 0,
          humanChecks: 0,
          notifications: 2,
          staffAudit: 0,
        },
      },
      new Date('2026-12-01T03:00:00Z'),
    );
    expect((await get<HomeRetention>(staff, '/api/home/retention/')).body).toEqual({
      last_run: {
        finished_at: '2026-12-01T03:00:00.000Z',
        deleted: 10,
        accounts_warned: 2,
        accounts_erased: 1,
      },
    });
  });
});
