import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { classroomMessages } from '@bullpen/contract/classrooms';
import {
  CLASSROOM_MUTE_MAX_MINUTES,
  CLASSROOM_POSTS_PER_MINUTE,
  CLASSROOM_REPORT_REASON_MAX,
  classroomChannel,
  classroomPostMessages,
  type ClassroomMute,
  type ClassroomPost,
  type ClassroomPostsPage,
  type ClassroomReportedPost,
} from '@bullpen/contract/classroom-posts';
import { api } from '@bullpen/contract/routes';
import {
  classroomMutes,
  classroomPostReports,
  classroomPosts,
} from '../../db/schema/classrooms.ts';
import { buildUser, testAppForFile } from '../../test/app.ts';
import { addStudent, buildClassroom } from '../../test/classrooms.ts';
import { listenForSockets, socketClients } from '../../test/sockets.ts';

/**
 * The board's moderation: who may delete a post (and that every open board hears it), who
 * mutes whom and for how long, and reports of posts that only the teacher reads.
 */

const t = testAppForFile();
let wsUrl: string;
beforeAll(async () => {
  wsUrl = await listenForSockets(t.app);
});

const moderated = { name: 'Moderated', codePrefix: 'MOD' };

/** A teacher and two students of one class, and a teacher and a student of another. */
async function buildBoard() {
  const teacher = await buildUser(t.deps, { is_teacher: true, first_name: 'Ana' });
  const student = await buildUser(t.deps, { first_name: 'Luis', last_name: 'Soto' });
  const classmate = await buildUser(t.deps, { first_name: 'Marta', last_name: 'Gil' });
  const outsider = await buildUser(t.deps);
  const otherTeacher = await buildUser(t.deps, { is_teacher: true });
  const classroom = await buildClassroom(t.deps, teacher.user.id, moderated);
  await addStudent(t.deps, classroom.id, student.user.id);
  await addStudent(t.deps, classroom.id, classmate.user.id);
  const other = await buildClassroom(t.deps, otherTeacher.user.id, moderated);
  await addStudent(t.deps, other.id, outsider.user.id);
  return { teacher, student, classmate, outsider, otherTeacher, classroom, other };
}

type Auth = { authorization: string } | undefined;
const headers = (auth: Auth) => (auth ? { headers: auth } : {});

async function post(id: number, auth: Auth, message: string) {
  return t.app.inject({
    method: 'POST',
    url: api.classroomPosts.build({ id }),
    ...headers(auth),
    payload: { message },
  });
}
async function postAs(id: number, auth: Auth, message: string): Promise<ClassroomPost> {
  const response = await post(id, auth, message);
  expect(response.statusCode).toBe(201);
  return response.json<ClassroomPost>();
}
async function board(id: number, auth: Auth) {
  const response = await t.app.inject({
    method: 'GET',
    url: api.classroomPosts.build({ id }),
    ...headers(auth),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ClassroomPostsPage>();
}
const deletePost = (id: number, postId: number, auth: Auth) =>
  t.app.inject({
    method: 'DELETE',
    url: api.classroomPost.build({ id, postId }),
    ...headers(auth),
  });
const report = (id: number, postId: number, auth: Auth, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: api.reportClassroomPost.build({ id, postId }),
    ...headers(auth),
    payload,
  });
const reports = (id: number, auth: Auth) =>
  t.app.inject({ method: 'GET', url: api.classroomReports.build({ id }), ...headers(auth) });
const dismiss = (id: number, postId: number, auth: Auth) =>
  t.app.inject({
    method: 'DELETE',
    url: api.classroomPostReports.build({ id, postId }),
    ...headers(auth),
  });
const mute = (id: number, auth: Auth, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: api.classroomMutes.build({ id }),
    ...headers(auth),
    payload,
  });
const mutes = (id: number, auth: Auth) =>
  t.app.inject({ method: 'GET', url: api.classroomMutes.build({ id }), ...headers(auth) });
const lift = (id: number, userId: number, auth: Auth) =>
  t.app.inject({
    method: 'DELETE',
    url: api.classroomMute.build({ id, userId }),
    ...headers(auth),
  });

async function storedPost(postId: number) {
  const [row] = await t.deps.db.select().from(classroomPosts).where(eq(classroomPosts.id, postId));
  return row;
}
async function storedReports(postId: number) {
  return t.deps.db
    .select()
    .from(classroomPostReports)
    .where(eq(classroomPostReports.postId, postId));
}

describe('deleting a post', () => {
  it("lets the teacher delete a student's post: its text is erased and it leaves every board", async () => {
    const { teacher, student, classroom } = await buildBoard();
    const kept = await postAs(classroom.id, student.auth, 'Kept');
    const gone = await postAs(classroom.id, student.auth, 'Something unkind');

    const response = await deletePost(classroom.id, gone.id, teacher.auth);
    expect(response.statusCode).toBe(204);
    for (const viewer of [teacher, student]) {
      const page = await board(classroom.id, viewer.auth);
      expect(page.results.map((p) => p.id)).toEqual([kept.id]);
      expect(page.count).toBe(1);
    }
    const row = await storedPost(gone.id);
    expect(row?.message).toBe('');
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // Deleted twice: the post is gone.
    const again = await deletePost(classroom.id, gone.id, teacher.auth);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: classroomPostMessages.postNotFound });
  });

  it('lets a student delete their own post, and no one else', async () => {
    const { teacher, student, classmate, classroom } = await buildBoard();
    const own = await postAs(classroom.id, student.auth, 'Oops, wrong class');
    const theirs = await postAs(classroom.id, classmate.auth, 'Mine');
    const teachers = await postAs(classroom.id, teacher.auth, 'Homework is due');

    for (const target of [theirs, teachers]) {
      const refused = await deletePost(classroom.id, target.id, student.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: classroomPostMessages.notYourPost });
      expect((await storedPost(target.id))?.deletedAt).toBeNull();
    }
    expect((await deletePost(classroom.id, own.id, student.auth)).statusCode).toBe(204);
    expect((await storedPost(own.id))?.deletedAt).toBeInstanceOf(Date);
  });

  it('is not found for another class’s teacher and students, and needs a signed-in user', async () => {
    const { student, outsider, otherTeacher, classroom, other } = await buildBoard();
    const target = await postAs(classroom.id, student.auth, 'Hello');
    for (const stranger of [otherTeacher, outsider]) {
      const response = await deletePost(classroom.id, target.id, stranger.auth);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: classroomMessages.notFound });
      // Their own class's id with this post's id: the post is not in that class.
      const crossed = await deletePost(other.id, target.id, stranger.auth);
      expect(crossed.statusCode).toBe(404);
      expect(crossed.json()).toEqual({ error: classroomPostMessages.postNotFound });
    }
    expect((await deletePost(classroom.id, target.id, undefined)).statusCode).toBe(401);
    expect((await storedPost(target.id))?.deletedAt).toBeNull();
  });

  it('still counts a deleted post in the posting limit', async () => {
    const { student, classroom } = await buildBoard();
    for (let i = 0; i < CLASSROOM_POSTS_PER_MINUTE; i += 1) {
      const written = await postAs(classroom.id, student.auth, `spam ${i}`);
      expect((await deletePost(classroom.id, written.id, student.auth)).statusCode).toBe(204);
    }
    expect((await post(classroom.id, student.auth, 'one more')).statusCode).toBe(429);
  });
});

describe('muting a student', () => {
  it('refuses the muted student’s posts with the time it ends, until it is lifted', async () => {
    const { teacher, student, classmate, classroom } = await buildBoard();
    const before = Date.now();
    const response = await mute(classroom.id, teacher.auth, { user: student.user.id, minutes: 60 });
    expect(response.statusCode).toBe(201);
    const muted = response.json<ClassroomMute>();
    expect(muted).toEqual({
      userId: student.user.id,
      name: 'Luis Soto',
      mutedUntil: expect.any(String),
    });
    const until = Date.parse(muted.mutedUntil);
    expect(until).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 60 * 60_000);

    const refused = await post(classroom.id, student.auth, 'Can I talk?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: classroomPostMessages.muted(muted.mutedUntil) });
    expect((await board(classroom.id, student.auth)).mutedUntil).toBe(muted.mutedUntil);
    // Only that student, and only in that class.
    expect((await board(classroom.id, classmate.auth)).mutedUntil).toBeNull();
    expect((await post(classroom.id, classmate.auth, 'I can')).statusCode).toBe(201);
    expect((await mutes(classroom.id, teacher.auth)).json()).toEqual([muted]);

    expect((await lift(classroom.id, student.user.id, teacher.auth)).statusCode).toBe(204);
    expect((await post(classroom.id, student.auth, 'Thank you')).statusCode).toBe(201);
    expect((await board(classroom.id, student.auth)).mutedUntil).toBeNull();
    expect((await mutes(classroom.id, teacher.auth)).json()).toEqual([]);
  });

  it('lets the student post again once the time is over, and erases the ended mute', async () => {
    const { teacher, student, classroom } = await buildBoard();
    expect(
      (await mute(classroom.id, teacher.auth, { user: student.user.id, minutes: 10 })).statusCode,
    ).toBe(201);
    await t.deps.db
      .update(classroomMutes)
      .set({ mutedUntil: new Date(Date.now() - 1000) })
      .where(eq(classroomMutes.userId, student.user.id));
    expect((await post(classroom.id, student.auth, 'Back again')).statusCode).toBe(201);
    const left = await t.deps.db
      .select()
      .from(classroomMutes)
      .where(
        and(
          eq(classroomMutes.classroomId, classroom.id),
          eq(classroomMutes.userId, student.user.id),
        ),
      );
    expect(left).toEqual([]);
  });

  it('is the class teacher’s alone, for a student of the class, for 1 minute to a week', async () => {
    const { teacher, student, classmate, outsider, otherTeacher, classroom } = await buildBoard();
    const target = { user: student.user.id, minutes: 10 };

    const byStudent = await mute(classroom.id, classmate.auth, target);
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json()).toEqual({ error: classroomMessages.teacherOnly });
    const byOtherTeacher = await mute(classroom.id, otherTeacher.auth, target);
    expect(byOtherTeacher.statusCode).toBe(404);
    expect(byOtherTeacher.json()).toEqual({ error: classroomMessages.notFound });
    expect((await mute(classroom.id, undefined, target)).statusCode).toBe(401);

    const teacherMuted = await mute(classroom.id, teacher.auth, {
      user: teacher.user.id,
      minutes: 10,
    });
    expect(teacherMuted.statusCode).toBe(400);
    expect(teacherMuted.json()).toEqual({ user: [classroomPostMessages.muteTeacher] });
    const stranger = await mute(classroom.id, teacher.auth, {
      user: outsider.user.id,
      minutes: 10,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ user: [classroomPostMessages.muteNonMember] });

    for (const minutes of [0, -5, 1.5, CLASSROOM_MUTE_MAX_MINUTES + 1, '10', null]) {
      const response = await mute(classroom.id, teacher.auth, { user: student.user.id, minutes });
      expect(response.statusCode, String(minutes)).toBe(400);
      expect(response.json()).toEqual({ minutes: [classroomPostMessages.minutes] });
    }
    for (const minutes of [1, CLASSROOM_MUTE_MAX_MINUTES]) {
      const response = await mute(classroom.id, teacher.auth, { user: student.user.id, minutes });
      expect(response.statusCode, String(minutes)).toBe(201);
    }
    // Muting again replaced the end: one row.
    const rows = await t.deps.db
      .select()
      .from(classroomMutes)
      .where(eq(classroomMutes.classroomId, classroom.id));
    expect(rows).toHaveLength(1);

    // Lifting and listing are the teacher's too.
    const liftedByStudent = await lift(classroom.id, student.user.id, classmate.auth);
    expect(liftedByStudent.statusCode).toBe(403);
    expect((await lift(classroom.id, student.user.id, otherTeacher.auth)).statusCode).toBe(404);
    expect((await mutes(classroom.id, student.auth)).statusCode).toBe(403);
    expect((await mutes(classroom.id, otherTeacher.auth)).statusCode).toBe(404);
    expect((await post(classroom.id, student.auth, 'still muted')).statusCode).toBe(403);
  });
});

describe('reporting a post', () => {
  it('reaches the teacher with the reason as plain text, and never says who reported', async () => {
    const { teacher, student, classmate, classroom } = await buildBoard();
    const target = await postAs(classroom.id, student.auth, 'You are all losers');

    const first = await report(classroom.id, target.id, classmate.auth, {
      reason: '  <b>Rude</b> to everyone ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ postId: target.id });
    // Reporting again changes nothing.
    const repeat = await report(classroom.id, target.id, classmate.auth, { reason: 'again' });
    expect(repeat.statusCode).toBe(200);
    // The teacher may report too, without a reason.
    expect((await report(classroom.id, target.id, teacher.auth)).statusCode).toBe(201);

    const listed = await reports(classroom.id, teacher.auth);
    expect(listed.statusCode).toBe(200);
    const [entry, ...rest] = listed.json<ClassroomReportedPost[]>();
    expect(rest).toEqual([]);
    expect(entry).toEqual({
      post: target,
      reports: 2,
      reasons: ['Rude to everyone'],
      lastReportedAt: expect.any(String),
    });
    expect(JSON.stringify(entry)).not.toContain(String(classmate.user.username));

    // Students never read reports; another class's teacher does not see the class.
    for (const member of [student, classmate]) {
      const refused = await reports(classroom.id, member.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: classroomMessages.teacherOnly });
    }
  });

  it('refuses the author, strangers, a long reason and a post that is gone', async () => {
    const { teacher, student, classmate, outsider, otherTeacher, classroom } = await buildBoard();
    const target = await postAs(classroom.id, student.auth, 'Hello');

    const own = await report(classroom.id, target.id, student.auth);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: classroomPostMessages.ownPostReport });
    for (const stranger of [outsider, otherTeacher]) {
      const response = await report(classroom.id, target.id, stranger.auth);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: classroomMessages.notFound });
    }
    expect((await report(classroom.id, target.id, undefined)).statusCode).toBe(401);
    const long = await report(classroom.id, target.id, classmate.auth, {
      reason: 'x'.repeat(CLASSROOM_REPORT_REASON_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ reason: [classroomPostMessages.reasonTooLong] });
    expect(await storedReports(target.id)).toEqual([]);

    expect((await deletePost(classroom.id, target.id, teacher.auth)).statusCode).toBe(204);
    const gone = await report(classroom.id, target.id, classmate.auth);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: classroomPostMessages.postNotFound });
  });

  it('stores one report when the same student reports the same post 10 times at once', async () => {
    const { student, classmate, classroom } = await buildBoard();
    const target = await postAs(classroom.id, student.auth, 'Spam spam spam');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        report(classroom.id, target.id, classmate.auth, { reason: `spam ${i}` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(9);
    expect(await storedReports(target.id)).toHaveLength(1);
  });

  it('is dismissed by the teacher only, and erased with the post', async () => {
    const { teacher, student, classmate, otherTeacher, classroom } = await buildBoard();
    const dismissed = await postAs(classroom.id, student.auth, 'First');
    const deleted = await postAs(classroom.id, student.auth, 'Second');
    for (const target of [dismissed, deleted]) {
      expect((await report(classroom.id, target.id, classmate.auth)).statusCode).toBe(201);
    }

    expect((await dismiss(classroom.id, dismissed.id, classmate.auth)).statusCode).toBe(403);
    expect((await dismiss(classroom.id, dismissed.id, otherTeacher.auth)).statusCode).toBe(404);
    expect(await storedReports(dismissed.id)).toHaveLength(1);
    expect((await dismiss(classroom.id, dismissed.id, teacher.auth)).statusCode).toBe(204);
    expect(await storedReports(dismissed.id)).toEqual([]);
    // The post itself stays.
    expect((await storedPost(dismissed.id))?.deletedAt).toBeNull();

    expect((await deletePost(classroom.id, deleted.id, teacher.auth)).statusCode).toBe(204);
    expect(await storedReports(deleted.id)).toEqual([]);
    expect((await reports(classroom.id, teacher.auth)).json()).toEqual([]);
  });
});

// ---- live delivery -------------------------------------------------------------------------

const openSocket = socketClients(() => wsUrl);

async function listen(auth: { authorization: string }, channel: string) {
  const { received, send } = await openSocket(auth);
  send({ type: 'subscribe', channel });
  await expect.poll(() => received.map((message) => message.type)).toContain('subscribed');
  return received;
}

describe('a deletion, live', () => {
  it('reaches every member watching the board', async () => {
    const { teacher, student, classmate, classroom } = await buildBoard();
    const channel = classroomChannel(classroom.id);
    const target = await postAs(classroom.id, student.auth, 'Delete me');
    const classmateHears = await listen(classmate.auth, channel);
    const authorHears = await listen(student.auth, channel);

    expect((await deletePost(classroom.id, target.id, teacher.auth)).statusCode).toBe(204);
    const event = { channel, type: 'post_deleted', postId: target.id };
    await expect.poll(() => classmateHears).toContainEqual(event);
    await expect.poll(() => authorHears).toContainEqual(event);
  });

  it('is not published when the deletion is refused', async () => {
    const { student, classmate, classroom } = await buildBoard();
    const channel = classroomChannel(classroom.id);
    const target = await postAs(classroom.id, student.auth, 'Mine');
    const authorHears = await listen(student.auth, channel);

    expect((await deletePost(classroom.id, target.id, classmate.auth)).statusCode).toBe(403);
    // A post after it arrives; the refused deletion before it never does.
    const later = await postAs(classroom.id, classmate.auth, 'After');
    await expect.poll(() => authorHears).toContainEqual({ channel, type: 'post', post: later });
    expect(authorHears.filter((message) => message.type === 'post_deleted')).toEqual([]);
  });
});
