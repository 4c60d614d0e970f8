import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHAT_MESSAGE_MAX } from '@bullpen/contract/constants';
import { classroomMessages } from '@bullpen/contract/classrooms';
import {
  CLASSROOM_POSTS_PAGE_SIZE,
  CLASSROOM_POSTS_PER_MINUTE,
  classroomChannel,
  classroomPostMessages,
  type ClassroomPost,
  type ClassroomPostsPage,
} from '@bullpen/contract/classroom-posts';
import { api } from '@bullpen/contract/routes';
import type { Deps } from '../../platform/deps.ts';
import { classroomMembers, classroomPosts } from '../../db/schema/classrooms.ts';
import { buildUser, testAppForFile } from '../../test/app.ts';
import { addStudent, buildClassroom } from '../../test/classrooms.ts';
import { listenForSockets, socketClients } from '../../test/sockets.ts';
import { plainPostText } from './service.ts';

/**
 * The discussion board: who reads and writes it (members only, never while frozen), what a
 * post may hold, the per-user limit, and the live channel that only members may hear.
 */

const t = testAppForFile();
let wsUrl: string;
beforeAll(async () => {
  wsUrl = await listenForSockets(t.app);
});

// Factories: a class and its students straight in the tables (the join routes are tested
// with them; the board needs only the facts).
async function removeStudent(deps: Deps, classroomId: number, userId: number) {
  await deps.db
    .delete(classroomMembers)
    .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)));
}
async function buildPosts(
  deps: Deps,
  classroomId: number,
  userId: number,
  count: number,
  createdAt = new Date(),
) {
  const values = Array.from({ length: count }, (_, i) => ({
    classroomId,
    userId,
    message: `message ${i + 1}`,
    createdAt,
  }));
  return deps.db.insert(classroomPosts).values(values).returning();
}

/** A teacher, their class with one student, and a student of another class. */
async function buildBoard(options: { frozen?: boolean } = {}) {
  const teacher = await buildUser(t.deps, {
    is_teacher: true,
    first_name: 'Ana',
    last_name: 'Rivera',
  });
  const student = await buildUser(t.deps, { first_name: 'Luis', last_name: 'Soto' });
  const outsider = await buildUser(t.deps);
  const classroom = await buildClassroom(t.deps, teacher.user.id, {
    codePrefix: 'BOARD',
    frozen: options.frozen,
  });
  await addStudent(t.deps, classroom.id, student.user.id);
  const otherTeacher = await buildUser(t.deps, { is_teacher: true });
  const other = await buildClassroom(t.deps, otherTeacher.user.id, { codePrefix: 'BOARD' });
  await addStudent(t.deps, other.id, outsider.user.id);
  return { teacher, student, outsider, otherTeacher, classroom };
}

const postsUrl = (id: number, query = '') => `${api.classroomPosts.build({ id })}${query}`;

function post(id: number, auth: { authorization: string } | undefined, message: unknown) {
  return t.app.inject({
    method: 'POST',
    url: postsUrl(id),
    ...(auth ? { headers: auth } : {}),
    payload: { message },
  });
}

function list(id: number, auth: { authorization: string } | undefined, query = '') {
  return t.app.inject({
    method: 'GET',
    url: postsUrl(id, query),
    ...(auth ? { headers: auth } : {}),
  });
}

describe('reading the board', () => {
  it('shows the posts to the teacher and the students, newest last', async () => {
    const { teacher, student, classroom } = await buildBoard();
    expect((await post(classroom.id, student.auth, 'Hello class')).statusCode).toBe(201);
    expect((await post(classroom.id, teacher.auth, 'Welcome, Luis')).statusCode).toBe(201);
    for (const viewer of [teacher, student]) {
      const response = await list(classroom.id, viewer.auth);
      expect(response.statusCode).toBe(200);
      const page = response.json<ClassroomPostsPage>();
      expect(page.count).toBe(2);
      expect(page.results.map(({ userId, name, message }) => ({ userId, name, message }))).toEqual([
        { userId: student.user.id, name: 'Luis Soto', message: 'Hello class' },
        { userId: teacher.user.id, name: 'Ana Rivera', message: 'Welcome, Luis' },
      ]);
      expect(Number.isNaN(Date.parse(page.results[0]!.createdAt))).toBe(false);
    }
  });

  it('is not found for a student of another class, another teacher and a class that does not exist', async () => {
    const { outsider, otherTeacher, classroom } = await buildBoard();
    for (const viewer of [outsider, otherTeacher]) {
      const response = await list(classroom.id, viewer.auth);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: classroomMessages.notFound });
    }
    expect((await list(2_000_000_000, outsider.auth)).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const { classroom } = await buildBoard();
    expect((await list(classroom.id, undefined)).statusCode).toBe(401);
  });

  it('pages back from the newest post, each page in time order', async () => {
    const { teacher, student, classroom } = await buildBoard();
    const rows = await buildPosts(
      t.deps,
      classroom.id,
      student.user.id,
      CLASSROOM_POSTS_PAGE_SIZE + 5,
    );
    const ids = rows.map((row) => row.id);

    const first = (await list(classroom.id, teacher.auth)).json<ClassroomPostsPage>();
    expect(first.count).toBe(ids.length);
    expect(first.results.map((p) => p.id)).toEqual(ids.slice(5));
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');

    const second = (await list(classroom.id, teacher.auth, '?page=2')).json<ClassroomPostsPage>();
    expect(second.results.map((p) => p.id)).toEqual(ids.slice(0, 5));
    expect(second.next).toBeNull();

    // Counting back from a post: new posts after it do not shift the older pages.
    await post(classroom.id, teacher.auth, 'A new one');
    const before = (
      await list(classroom.id, student.auth, `?before=${ids[10]}&page_size=4`)
    ).json<ClassroomPostsPage>();
    expect(before.count).toBe(10);
    expect(before.results.map((p) => p.id)).toEqual(ids.slice(6, 10));
    expect(before.next).toContain('before=');

    expect((await list(classroom.id, student.auth, '?page=9')).statusCode).toBe(404);
    expect((await list(classroom.id, student.auth, '?before=abc')).statusCode).toBe(400);
  });
});

describe('posting', () => {
  it('lets the teacher and the students post, and stores plain text', async () => {
    const { teacher, student, classroom } = await buildBoard();
    const typed =
      '  <b>Is</b> 3 < 5 & 7 > 2?<script>alert(1)</script>\nYes <img src=x onerror=alert(1)> "sure"  ';
    const response = await post(classroom.id, student.auth, typed);
    expect(response.statusCode).toBe(201);
    const created = response.json<ClassroomPost>();
    expect(created).toEqual({
      id: expect.any(Number),
      userId: student.user.id,
      name: 'Luis Soto',
      message: 'Is 3 < 5 & 7 > 2?\nYes  "sure"',
      createdAt: expect.any(String),
    });
    expect((await post(classroom.id, teacher.auth, 'Good question')).statusCode).toBe(201);
  });

  it('refuses non-members (not found), signed-out users and a frozen class', async () => {
    const { outsider, otherTeacher, classroom } = await buildBoard();
    for (const stranger of [outsider, otherTeacher]) {
      const response = await post(classroom.id, stranger.auth, 'Let me in');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: classroomMessages.notFound });
    }
    expect((await post(classroom.id, undefined, 'Hi')).statusCode).toBe(401);

    const frozen = await buildBoard({ frozen: true });
    for (const member of [frozen.teacher, frozen.student]) {
      const response = await post(frozen.classroom.id, member.auth, 'Anyone?');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: classroomMessages.frozen });
    }
    // Reading a frozen class's board still works.
    expect((await list(frozen.classroom.id, frozen.student.auth)).statusCode).toBe(200);
    const stored = await t.deps.db
      .select()
      .from(classroomPosts)
      .where(eq(classroomPosts.classroomId, frozen.classroom.id));
    expect(stored).toEqual([]);
  });

  it('takes 1 to 500 characters after trimming, and nothing that is only markup', async () => {
    const { student, classroom } = await buildBoard();
    const cases: [unknown, number, string | undefined][] = [
      ['', 400, classroomPostMessages.empty],
      ['   \n  ', 400, classroomPostMessages.empty],
      ['<p><br></p>', 400, classroomPostMessages.empty],
      ['x'.repeat(CHAT_MESSAGE_MAX + 1), 400, classroomPostMessages.tooLong],
      [`  ${'x'.repeat(CHAT_MESSAGE_MAX)}  `, 201, undefined],
      [42, 400, undefined],
    ];
    for (const [message, status, error] of cases) {
      const response = await post(classroom.id, student.auth, message);
      expect(response.statusCode, String(message)).toBe(status);
      if (error) expect(response.json()).toEqual({ message: [error] });
    }
  });

  it(`allows ${CLASSROOM_POSTS_PER_MINUTE} posts a minute per user, counted in the database`, async () => {
    const { teacher, student, classroom } = await buildBoard();
    // Posts older than a minute do not count.
    await buildPosts(
      t.deps,
      classroom.id,
      student.user.id,
      CLASSROOM_POSTS_PER_MINUTE,
      new Date(Date.now() - 61_000),
    );
    expect((await post(classroom.id, student.auth, 'first')).statusCode).toBe(201);
    await buildPosts(t.deps, classroom.id, student.user.id, CLASSROOM_POSTS_PER_MINUTE - 1);

    const refused = await post(classroom.id, student.auth, 'one too many');
    expect(refused.statusCode).toBe(429);
    const { error } = refused.json<{ error: string }>();
    const seconds = Number(/wait (\d+) seconds/.exec(error)?.[1]);
    expect(error).toBe(classroomPostMessages.rateLimited(seconds));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    const page = (
      await list(classroom.id, student.auth, '?page_size=1')
    ).json<ClassroomPostsPage>();
    expect(page.results[0]?.message).not.toBe('one too many');

    // The limit is the user's own: the teacher still posts.
    expect((await post(classroom.id, teacher.auth, 'Slow down, please')).statusCode).toBe(201);
  });

  it('counts concurrent posts exactly: no more than the limit get through', async () => {
    const { student, classroom } = await buildBoard();
    const responses = await Promise.all(
      Array.from({ length: CLASSROOM_POSTS_PER_MINUTE + 4 }, (_, i) =>
        post(classroom.id, student.auth, `burst ${i}`),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CLASSROOM_POSTS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });
});

describe('plain text', () => {
  it('drops tags and keeps what was typed as text', () => {
    expect(plainPostText('a<b>c</b>')).toBe('ac');
    expect(plainPostText('&lt;b&gt; is a tag')).toBe('<b> is a tag');
    expect(plainPostText('it\'s "quoted" & fine')).toBe('it\'s "quoted" & fine');
    expect(plainPostText('one\r\ntwo')).toBe('one\ntwo');
    expect(plainPostText('<style>p{}</style><p>hi</p>')).toBe('hi');
  });
});

// ---- live delivery -------------------------------------------------------------------------

const openSocket = socketClients(() => wsUrl);

async function connect(headers: Record<string, string> = {}) {
  const { received, send } = await openSocket(headers);
  /** A round trip: every reply to what was sent before it has arrived. */
  const settle = async () => {
    const pongs = received.filter((message) => message.type === 'pong').length;
    send({ type: 'ping' });
    await expect
      .poll(() => received.filter((message) => message.type === 'pong').length)
      .toBe(pongs + 1);
  };
  const onChannel = (channel: string) => received.filter((message) => message.channel === channel);
  return { received, send, settle, onChannel };
}

describe('the live channel', () => {
  it('delivers each new post to the members who listen, and to nobody else', async () => {
    const { teacher, student, outsider, classroom } = await buildBoard();
    const channel = classroomChannel(classroom.id);
    const studentSocket = await connect(student.auth);
    const teacherSocket = await connect(teacher.auth);
    const outsiderSocket = await connect(outsider.auth);
    const anonymous = await connect();
    for (const socket of [studentSocket, teacherSocket, outsiderSocket, anonymous]) {
      socket.send({ type: 'subscribe', channel });
      await socket.settle();
    }
    expect(studentSocket.onChannel(channel)).toEqual([{ type: 'subscribed', channel }]);
    expect(teacherSocket.onChannel(channel)).toEqual([{ type: 'subscribed', channel }]);
    const error = classroomPostMessages.channelRefused;
    expect(outsiderSocket.onChannel(channel)).toEqual([
      { type: 'error', channel, reason: 'forbidden', error },
    ]);
    expect(anonymous.onChannel(channel)).toEqual([
      { type: 'error', channel, reason: 'unauthenticated', error },
    ]);

    const response = await post(classroom.id, teacher.auth, 'Quiz on Friday');
    const created = response.json<ClassroomPost>();
    const event = { channel, type: 'post', post: created };
    await expect.poll(() => studentSocket.onChannel(channel)).toContainEqual(event);
    await expect.poll(() => teacherSocket.onChannel(channel)).toContainEqual(event);
    await outsiderSocket.settle();
    await anonymous.settle();
    expect(outsiderSocket.received.filter((message) => message.type === 'post')).toEqual([]);
    expect(anonymous.received.filter((message) => message.type === 'post')).toEqual([]);
  });

  it('refuses malformed and unknown class channels', async () => {
    const { student } = await buildBoard();
    const socket = await connect(student.auth);
    const names = [
      'classroom:0',
      'classroom:007',
      'classroom:abc',
      'classroom:99999999999',
      'classroom:2000000000',
    ];
    for (const channel of names) socket.send({ type: 'subscribe', channel });
    await socket.settle();
    for (const channel of names) {
      expect(socket.onChannel(channel)).toEqual([
        {
          type: 'error',
          channel,
          reason: 'forbidden',
          error: classroomPostMessages.channelRefused,
        },
      ]);
    }
  });

  it('stops delivering to a student who left the class once subscriptions are checked again', async () => {
    const { teacher, student, classroom } = await buildBoard();
    const channel = classroomChannel(classroom.id);
    const socket = await connect(student.auth);
    socket.send({ type: 'subscribe', channel });
    await socket.settle();
    expect(socket.onChannel(channel)).toEqual([{ type: 'subscribed', channel }]);

    await removeStudent(t.deps, classroom.id, student.user.id);
    await t.app.realtime.recheckSessions();
    await socket.settle();
    expect(socket.onChannel(channel).at(-1)).toEqual({
      type: 'error',
      channel,
      reason: 'forbidden',
      error: classroomPostMessages.channelRefused,
    });
    await post(classroom.id, teacher.auth, 'After you left');
    await socket.settle();
    expect(socket.received.filter((message) => message.type === 'post')).toEqual([]);
  });
});
