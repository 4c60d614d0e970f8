import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { NotificationList } from '@bullpen/contract/notifications';
import { userChannel } from '@bullpen/contract/realtime';
import { api } from '@bullpen/contract/routes';
import { classroomLessons } from '../db/schema/classrooms.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { notifications } from '../db/schema/notifications.ts';
import { users } from '../db/schema/users.ts';
import { buildTestApp, buildUser, grossNetRight, latestMailTo, type TestApp } from '../test/app.ts';
import { buildClassroom } from '../test/classrooms.ts';
import { grantStaff } from '../users/queries.ts';
import { remindDueSoon } from './due-soon.ts';
import { deleteNotificationsOf } from './queries.ts';
import { deleteOldNotifications, deliver, unreadMessage, type Delivery } from './service.ts';

let t: TestApp;
let delivery: Delivery;
const heard: { channel: string; type: string; unread?: number }[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  delivery = {
    db: t.deps.db,
    mailer: t.deps.mailer,
    config: t.deps.config,
    announce: (userId, unread) =>
      t.app.realtime.publish(userChannel(userId), unreadMessage(unread)),
  };
});
afterAll(async () => t.close());

type User = Awaited<ReturnType<typeof buildUser>>;

const call = (who: User | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });

const inbox = async (who: User) =>
  (await call(who, 'GET', api.notifications.build())).json<NotificationList>();

const kindsOf = async (who: User) => (await inbox(who)).results.map((note) => note.kind);

const mailCount = async (recipient: string) =>
  (
    await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, recipient))
  )[0]!.n;

/** Listens on a user's own channel, as their open tab does. */
async function listen(who: User) {
  await t.app.realtime.subscribe(userChannel(who.user.id), {
    id: `notifications-test-${who.user.id}`,
    send: (data) => heard.push(JSON.parse(data)),
  });
}

const lessonPayload = (lesson: string) => ({
  classroom_id: 1,
  classroom: 'Period 3',
  lesson_id: 2,
  lesson,
  course: 'Money',
  due_at: null,
});

describe('the list, the unread count and marking read', () => {
  it('lists only the signed-in user’s own, newest first, with the unread count', async () => {
    const mia = await buildUser(t.deps);
    const sam = await buildUser(t.deps);
    await deliver(
      delivery,
      [mia.user.id, sam.user.id],
      'lesson_reminder',
      lessonPayload('First'),
      new Date(),
    );
    await deliver(delivery, [mia.user.id], 'lesson_reminder', lessonPayload('Second'), new Date());
    const mine = await inbox(mia);
    expect(mine.unread).toBe(2);
    expect(
      mine.results.map((note) => (note.kind === 'lesson_reminder' ? note.payload.lesson : null)),
    ).toEqual(['Second', 'First']);
    expect((await inbox(sam)).results).toHaveLength(1);
    expect((await call(null, 'GET', api.notifications.build())).statusCode).toBe(401);
    const count = (who: User | null) => call(who, 'GET', api.unreadNotifications.build());
    expect((await count(mia)).json()).toEqual({ unread: 2 });
    expect((await count(sam)).json()).toEqual({ unread: 1 });
    expect((await count(null)).statusCode).toBe(401);
  });

  it('marks one read for its owner only, once; another user gets 404', async () => {
    const owner = await buildUser(t.deps);
    const stranger = await buildUser(t.deps);
    await deliver(
      delivery,
      [owner.user.id],
      'lesson_reminder',
      lessonPayload('Budget'),
      new Date(),
    );
    const [note] = (await inbox(owner)).results;
    const read = (who: User) => call(who, 'POST', api.readNotification.build({ id: note!.id }));
    expect((await read(stranger)).statusCode).toBe(404);
    expect((await inbox(owner)).unread).toBe(1);
    const first = await read(owner);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: note!.id, kind: 'lesson_reminder' });
    const again = await read(owner);
    expect(again.json().read_at).toBe(first.json().read_at);
    expect((await inbox(owner)).unread).toBe(0);
    expect((await call(owner, 'POST', '/api/notifications/abc/read/')).statusCode).toBe(400);
  });

  it('marks all read, the user’s own only, and tells their open tabs the new count', async () => {
    const owner = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    await listen(owner);
    for (const lesson of ['A', 'B', 'C']) {
      await deliver(
        delivery,
        [owner.user.id, other.user.id],
        'lesson_reminder',
        lessonPayload(lesson),
        new Date(),
      );
    }
    const result = await call(owner, 'POST', api.readAllNotifications.build());
    expect(result.json()).toEqual({ read: 3, unread: 0 });
    expect((await inbox(owner)).unread).toBe(0);
    expect((await inbox(other)).unread).toBe(3);
    const mine = heard.filter((message) => message.channel === userChannel(owner.user.id));
    expect(mine.map((message) => message.unread)).toEqual([1, 2, 3, 0]);
    expect((await call(null, 'POST', api.readAllNotifications.build())).statusCode).toBe(401);
  });

  it('forgets notifications after the retention period', async () => {
    const old = await buildUser(t.deps);
    const longAgo = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000);
    await deliver(delivery, [old.user.id], 'lesson_reminder', lessonPayload('Old'), longAgo);
    await deleteOldNotifications(t.deps.db, new Date());
    await deliver(delivery, [old.user.id], 'lesson_reminder', lessonPayload('New'), new Date());
    const left = await t.deps.db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(eq(notifications.userId, old.user.id));
    expect(left.map((row) => (row.payload as { lesson: string }).lesson)).toEqual(['New']);
  });
});

describe('mail beside the app', () => {
  it('mails by each kind’s default, only where there is an address, in the user’s language', async () => {
    const withMail = await buildUser(t.deps, { language: 'es', first_name: 'Lucía' });
    const noMail = await buildUser(t.deps);
    await t.deps.db.update(users).set({ email: null }).where(eq(users.id, noMail.user.id));
    const reached = await deliver(
      delivery,
      [withMail.user.id, noMail.user.id],
      'reward_decided',
      { reward: 'Front of the line', approved: true },
      new Date(),
    );
    expect(reached).toEqual({ inApp: 2, mailed: 1 });
    const mail = await latestMailTo(t.deps, withMail.user.email);
    expect(mail?.subject).toBe('Tu docente respondió a tu solicitud de recompensa en Bullpen');
    expect(mail?.textBody).toContain('Hola, Lucía:');
    expect(mail?.textBody).toContain('Tu docente aprobó tu solicitud de “Front of the line”.');
    expect(mail?.textBody).toContain('http://bullpen.test/redeem');
    expect(mail?.textBody).toContain('http://bullpen.test/settings');
    // Points go in the app only unless the user asks for mail.
    const points = await deliver(
      delivery,
      [withMail.user.id],
      'points_awarded',
      { points: 5, note: 'Great question' },
      new Date(),
    );
    expect(points).toEqual({ inApp: 1, mailed: 0 });
  });

  it('follows the user’s choices, which only they read and change', async () => {
    const student = await buildUser(t.deps);
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const url = api.notificationPreferences.build();
    const mine = (await call(student, 'GET', url)).json();
    expect(mine.has_email).toBe(true);
    expect(mine.kinds).toEqual([
      'lesson_assigned',
      'lesson_due',
      'lesson_reminder',
      'points_awarded',
      'reward_decided',
      'certificate_granted',
      'resume_comment',
    ]);
    expect(mine.mail).toMatchObject({ lesson_reminder: true, points_awarded: false });
    expect((await call(teacher, 'GET', url)).json().kinds).toEqual([
      'resume_comment',
      'post_reported',
      'teacher_trusted',
    ]);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(null, 'PUT', url, { mail: { points_awarded: true } })).statusCode).toBe(401);

    const changed = await call(student, 'PUT', url, {
      mail: { lesson_reminder: false, points_awarded: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().mail).toMatchObject({ lesson_reminder: false, points_awarded: true });
    // The teacher's own choices are untouched.
    expect((await call(teacher, 'GET', url)).json().mail.points_awarded).toBe(false);

    const before = await mailCount(student.user.email);
    const reminder = await deliver(
      delivery,
      [student.user.id],
      'lesson_reminder',
      lessonPayload('Quiet'),
      new Date(),
    );
    expect(reminder).toEqual({ inApp: 1, mailed: 0 });
    const points = await deliver(
      delivery,
      [student.user.id],
      'points_awarded',
      { points: 3, note: null },
      new Date(),
    );
    expect(points).toEqual({ inApp: 1, mailed: 1 });
    expect((await mailCount(student.user.email)) - before).toBe(1);

    for (const bad of [{ mail: { nonsense: true } }, { mail: { points_awarded: 'yes' } }, {}]) {
      const refused = await call(student, 'PUT', url, bad);
      expect(refused.statusCode).toBe(400);
    }
  });
});

describe('what the other domains announce', () => {
  async function classWithStudents() {
    const teacher = await buildUser(t.deps, {
      is_teacher: true,
      trusted: true,
      first_name: 'Rosa',
      last_name: 'Rivera',
    });
    const ana = await buildUser(t.deps, { first_name: 'Ana', last_name: 'Alvarez' });
    const ben = await buildUser(t.deps, { first_name: 'Ben', last_name: 'Brown' });
    const outsider = await buildUser(t.deps);
    const classroom = await buildClassroom(t.deps, teacher.user.id, {
      name: 'Period 4',
      studentIds: [ana.user.id, ben.user.id],
    });
    return { teacher, ana, ben, outsider, classroom };
  }

  it('a lesson assigned reaches each student once; assigning it again tells nobody', async () => {
    const { teacher, ana, ben, outsider, classroom } = await classWithStudents();
    const courses = (
      await call(teacher, 'GET', `/api/classrooms/classrooms/${classroom.id}/courses/`)
    ).json();
    const lessonId = courses.results[0].lessons[0].id as number;
    const assign = () =>
      call(teacher, 'POST', `/api/classrooms/classrooms/${classroom.id}/lessons/`, {
        lessons: [lessonId],
        due_at: '2030-03-01T15:00:00Z',
      });
    expect((await assign()).statusCode).toBe(200);
    expect((await assign()).statusCode).toBe(200);
    for (const student of [ana, ben]) {
      const assigned = (await inbox(student)).results.filter(
        (note) => note.kind === 'lesson_assigned',
      );
      expect(assigned).toEqual([
        expect.objectContaining({
          payload: expect.objectContaining({
            classroom_id: classroom.id,
            lesson_id: lessonId,
            due_at: '2030-03-01T15:00:00.000Z',
          }),
        }),
      ]);
    }
    expect(await kindsOf(outsider)).toEqual([]);
    expect(await kindsOf(teacher)).toEqual([]);
    const mail = await latestMailTo(t.deps, ana.user.email);
    expect(mail?.subject).toBe('A new lesson in your class on Bullpen');
    expect(mail?.textBody).toContain('It is due on March 1, 2030 at 3:00 PM UTC.');
  });

  it('points a teacher awards reach that student only, in the app', async () => {
    const { teacher, ana, ben, classroom } = await classWithStudents();
    const before = await mailCount(ana.user.email);
    const awarded = await call(
      teacher,
      'POST',
      api.classroomPointsAwards.build({ id: classroom.id }),
      { student: ana.user.id, points: 15, reason: 'Helped a classmate' },
    );
    expect(awarded.statusCode).toBe(201);
    const [note] = (await inbox(ana)).results;
    expect(note).toMatchObject({
      kind: 'points_awarded',
      payload: { points: 15, note: 'Helped a classmate' },
    });
    expect(await kindsOf(ben)).toEqual([]);
    expect(await mailCount(ana.user.email)).toBe(before);
  });

  it('a reward decided reaches the student who asked', async () => {
    const { teacher, ana, ben, classroom } = await classWithStudents();
    const made = await call(teacher, 'POST', api.classroomRewards.build({ id: classroom.id }), {
      name: 'Pick the music',
      cost: 10,
    });
    await t.app.points.record([
      { userId: ana.user.id, points: 30, reason: 'award', source: `test:${ana.user.id}` },
    ]);
    const redeemed = await call(ana, 'POST', api.redeemReward.build({ id: made.json().id }));
    expect(redeemed.statusCode).toBe(201);
    const id = redeemed.json().redemption.id as number;
    expect((await call(teacher, 'POST', api.declineRedemption.build({ id }))).statusCode).toBe(200);
    // A decision made twice is refused and tells nobody again.
    expect((await call(teacher, 'POST', api.approveRedemption.build({ id }))).statusCode).toBe(409);
    const decided = (await inbox(ana)).results.filter((note) => note.kind === 'reward_decided');
    expect(decided).toEqual([
      expect.objectContaining({ payload: { reward: 'Pick the music', approved: false } }),
    ]);
    expect(await kindsOf(ben)).toEqual([]);
  });

  it('a résumé comment reaches the other side of the conversation, never a classmate', async () => {
    const { teacher, ana, ben, classroom } = await classWithStudents();
    const resumes = `/api/resumes/classrooms/${classroom.id}/resumes/`;
    const written = await call(ana, 'POST', resumes, {
      summary: '<p>Curious about numbers.</p>',
      education: '<p>Lincoln High</p>',
      experience: '<p>School store</p>',
      skills: '<p>Spreadsheets</p>',
    });
    const comments = `${resumes}${written.json().id}/comments/`;
    expect((await call(teacher, 'POST', comments, { body: 'Add your hours.' })).statusCode).toBe(
      201,
    );
    expect((await inbox(ana)).results[0]).toMatchObject({
      kind: 'resume_comment',
      payload: { classroom_id: classroom.id, by: 'Rosa Rivera' },
    });
    expect(await kindsOf(teacher)).toEqual([]);
    expect((await call(ana, 'POST', comments, { body: 'Done, thank you!' })).statusCode).toBe(201);
    expect((await inbox(teacher)).results[0]).toMatchObject({
      kind: 'resume_comment',
      payload: { by: 'Ana Alvarez' },
    });
    expect(await kindsOf(ben)).toEqual([]);
  });

  it('a reported post reaches the class’s teacher once per post, never naming the reporter', async () => {
    const { teacher, ana, ben, classroom } = await classWithStudents();
    const posted = await call(ana, 'POST', api.classroomPosts.build({ id: classroom.id }), {
      message: 'Who wants to study for the quiz?',
    });
    const postId = posted.json().id as number;
    const report = (who: User) =>
      call(who, 'POST', api.reportClassroomPost.build({ id: classroom.id, postId }), {});
    expect((await report(ben)).statusCode).toBe(201);
    const reported = (await inbox(teacher)).results.filter((note) => note.kind === 'post_reported');
    expect(reported).toEqual([
      expect.objectContaining({
        payload: { classroom_id: classroom.id, classroom: classroom.name },
      }),
    ]);
    expect(JSON.stringify(reported)).not.toContain('Ben');
    expect(await kindsOf(ana)).toEqual([]);
  });

  it('a teacher approved by staff hears it once', async () => {
    const staff = await buildUser(t.deps, { verified: true });
    await grantStaff(t.deps.db, staff.user.id);
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true });
    const trust = () => call(staff, 'POST', api.staffTeacherTrust.build({ id: teacher.user.id }));
    expect((await trust()).statusCode).toBe(200);
    expect((await trust()).statusCode).toBe(200);
    expect(await kindsOf(teacher)).toEqual(['teacher_trusted']);
    expect((await latestMailTo(t.deps, teacher.user.email))?.subject).toBe(
      'Your teacher account on Bullpen is approved',
    );
  });
});

describe('the day-before reminder', () => {
  it('reaches each student who has not finished, once across processes and runs', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const ana = await buildUser(t.deps);
    const ben = await buildUser(t.deps);
    const cy = await buildUser(t.deps);
    await t.deps.db.update(users).set({ email: null }).where(eq(users.id, cy.user.id));
    const classroom = await buildClassroom(t.deps, teacher.user.id, {
      studentIds: [ana.user.id, ben.user.id, cy.user.id],
    });
    const frozen = await buildClassroom(t.deps, teacher.user.id, {
      frozen: true,
      studentIds: [ana.user.id],
    });
    const courses = (
      await call(teacher, 'GET', `/api/classrooms/classrooms/${classroom.id}/courses/`)
    ).json();
    const lessons = courses.results[0].lessons as { id: number; title: string }[];
    const grossNet = lessons.find((lesson) => lesson.title === 'Gross pay and net pay')!.id;
    const now = new Date();
    const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    await t.deps.db.insert(classroomLessons).values([
      { classroomId: classroom.id, lessonId: grossNet, enabled: true, dueAt: inHours(20) },
      // Due in two days: not yet.
      { classroomId: classroom.id, lessonId: lessons[1]!.id, enabled: true, dueAt: inHours(48) },
      { classroomId: frozen.id, lessonId: grossNet, enabled: true, dueAt: inHours(20) },
    ]);
    // Ben has finished it.
    const attempt = await call(ben, 'POST', `/api/learn/lessons/${grossNet}/attempts/`, {
      answers: grossNetRight,
    });
    expect(attempt.statusCode).toBe(201);
    const anaMails = await mailCount(ana.user.email);

    // Two processes run the job at the same moment, and one again later.
    const reached = await Promise.all([remindDueSoon(delivery, now), remindDueSoon(delivery, now)]);
    expect(reached[0]! + reached[1]!).toBe(2);
    expect(await remindDueSoon(delivery, new Date(now.getTime() + 600_000))).toBe(0);

    const due = async (who: User) =>
      (await inbox(who)).results.filter((note) => note.kind === 'lesson_due');
    expect(await due(ana)).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({ classroom_id: classroom.id, lesson_id: grossNet }),
      }),
    ]);
    expect(await due(cy)).toHaveLength(1);
    expect(await due(ben)).toEqual([]);
    expect((await mailCount(ana.user.email)) - anaMails).toBe(1);
    expect((await latestMailTo(t.deps, ana.user.email))?.subject).toBe(
      'A lesson is due tomorrow on Bullpen',
    );

    // The teacher moves the due date: the new date reminds again.
    await t.deps.db
      .update(classroomLessons)
      .set({ dueAt: inHours(22) })
      .where(
        and(
          eq(classroomLessons.classroomId, classroom.id),
          eq(classroomLessons.lessonId, grossNet),
        ),
      );
    expect(await remindDueSoon(delivery, now)).toBe(2);
    expect(await due(ana)).toHaveLength(2);
  });
});

describe('erasure', () => {
  it('an erased account’s notifications and choices go with it', async () => {
    const gone = await buildUser(t.deps);
    await deliver(delivery, [gone.user.id], 'teacher_trusted', {}, new Date());
    await call(gone, 'PUT', api.notificationPreferences.build(), { mail: { lesson_due: false } });
    await deleteNotificationsOf(t.deps.db, gone.user.id);
    expect(await kindsOf(gone)).toEqual([]);
    expect(
      (await call(gone, 'GET', api.notificationPreferences.build())).json().mail.lesson_due,
    ).toBe(true);
  });
});
