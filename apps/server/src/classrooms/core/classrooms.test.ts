import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classroomMessages } from '@bullpen/contract/classrooms';
import { authMessages, messages } from '@bullpen/contract/messages';
import { classroomLessons, lessonProgress, lessons, users } from '../../db/schema/index.ts';
import { buildUser, testAppForFile, latestMailTo } from '../../test/app.ts';
import {
  callAs,
  classroomsUrl,
  createClassWithStudents,
  signedOut,
  type Who,
} from '../../test/classrooms.ts';
import { mayRemoveFromClassroom, mayResetPassword } from './policies.ts';
import { seedDemoClassroom } from './service.ts';

const t = testAppForFile();

type Person = Awaited<ReturnType<typeof buildUser>>;
const base = classroomsUrl;
const call = callAs(t);

const teacher = () => buildUser(t.deps, { is_teacher: true, verified: true });
const student = () => buildUser(t.deps);

async function createClass(owner: Who, overrides: object = {}) {
  const response = await call(owner, 'POST', base, { name: 'Period 3 Economics', ...overrides });
  if (response.statusCode !== 201) throw new Error(`class not created: ${response.body}`);
  return response.json() as { id: number; join_code: string; name: string };
}

async function classWithStudent() {
  const owner = await teacher();
  const made = await createClassWithStudents(t.app, owner, { name: 'Period 3 Economics' });
  return { owner, classroom: made.classroom, member: made.student };
}

describe('POST /api/classrooms/classrooms/', () => {
  it('lets a teacher create a class with a join code', async () => {
    const owner = await teacher();
    const response = await call(owner, 'POST', base, {
      name: '  Period 3 Economics ',
      grade: '9',
      subject: 'Economics',
      school: 'Lincoln High',
      description: 'Saving and investing',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Period 3 Economics',
      grade: '9',
      subject: 'Economics',
      school: 'Lincoln High',
      description: 'Saving and investing',
      role: 'teacher',
      students_count: 0,
      frozen: false,
      next_due_lesson: null,
      teacher: { id: owner.user.id, username: owner.user.username },
    });
    expect(body.join_code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  });

  it('refuses a student, a missing name and a signed-out visitor', async () => {
    const pupil = await student();
    const refused = await call(pupil, 'POST', base, { name: 'My class' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(classroomMessages.teachersOnly);

    const owner = await teacher();
    const missing = await call(owner, 'POST', base, { name: '   ', grade: 'x'.repeat(51) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      name: [messages.fieldRequired],
      grade: ['Use at most 50 characters.'],
    });
    expect((await call(owner, 'POST', base, { name: 'x'.repeat(101) })).statusCode).toBe(400);

    expect((await call(signedOut, 'POST', base, { name: 'My class' })).statusCode).toBe(401);
  });
});

describe('GET /api/classrooms/classrooms/ and /{id}/', () => {
  it('lists the classes I teach or joined, with search and pages', async () => {
    const owner = await teacher();
    const algebra = await createClass(owner, { name: 'Algebra 1' });
    const econ = await createClass(owner, { name: 'Economics B' });
    const other = await teacher();
    const theirs = await createClass(other, { name: 'Economics Z' });
    const pupil = await student();
    await call(pupil, 'POST', `${base}join/`, { code: theirs.join_code.toLowerCase() });

    const mine = (await call(owner, 'GET', base)).json();
    expect(mine.count).toBe(2);
    expect(mine.results.map((row: { id: number }) => row.id)).toEqual([econ.id, algebra.id]);

    const searched = (await call(owner, 'GET', `${base}?search=econ`)).json();
    expect(searched.results.map((row: { id: number }) => row.id)).toEqual([econ.id]);
    // LIKE wildcards are text, not patterns.
    expect((await call(owner, 'GET', `${base}?search=%25`)).json().count).toBe(0);

    const paged = (await call(owner, 'GET', `${base}?page_size=1`)).json();
    expect(paged).toMatchObject({ count: 2, previous: null });
    expect(paged.next).toContain('page=2');

    const joined = (await call(pupil, 'GET', base)).json();
    expect(joined.results).toHaveLength(1);
    expect(joined.results[0]).toMatchObject({ id: theirs.id, role: 'student', students_count: 1 });

    expect((await call(signedOut, 'GET', base)).statusCode).toBe(401);
  });

  it('shows a class to its members only', async () => {
    const { owner, classroom, member } = await classWithStudent();
    const asTeacher = await call(owner, 'GET', `${base}${classroom.id}/`);
    expect(asTeacher.statusCode).toBe(200);
    expect(asTeacher.json()).toMatchObject({ role: 'teacher', students_count: 1 });
    expect((await call(member, 'GET', `${base}${classroom.id}/`)).json().role).toBe('student');

    const stranger = await student();
    const otherTeacher = await teacher();
    for (const who of [stranger, otherTeacher]) {
      const refused = await call(who, 'GET', `${base}${classroom.id}/`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe(classroomMessages.notFound);
    }
    expect((await call(signedOut, 'GET', `${base}${classroom.id}/`)).statusCode).toBe(401);
    expect((await call(owner, 'GET', `${base}999999/`)).statusCode).toBe(404);
  });

  it('names the soonest enabled lesson still due, for a student one not yet completed', async () => {
    const { owner, classroom, member } = await classWithStudent();
    const [first, second, third] = await t.deps.db
      .select({ id: lessons.id, title: lessons.title })
      .from(lessons)
      .orderBy(asc(lessons.id))
      .limit(3);
    const day = 86_400_000;
    const soon = new Date(Date.now() + day);
    const later = new Date(Date.now() + 2 * day);
    await t.deps.db.insert(classroomLessons).values([
      // Past due, and a disabled one sooner: neither is "next".
      { classroomId: classroom.id, lessonId: third!.id, dueAt: new Date(Date.now() - day) },
      {
        classroomId: classroom.id,
        lessonId: second!.id,
        dueAt: new Date(Date.now() + 1000),
        enabled: false,
      },
      { classroomId: classroom.id, lessonId: first!.id, dueAt: soon },
    ]);
    const view = async (who: Who) =>
      (await call(who, 'GET', `${base}${classroom.id}/`)).json().next_due_lesson;
    expect(await view(owner)).toEqual({
      id: first!.id,
      title: first!.title,
      due_at: soon.toISOString(),
    });
    expect(await view(member)).toEqual({
      id: first!.id,
      title: first!.title,
      due_at: soon.toISOString(),
    });

    await t.deps.db
      .update(classroomLessons)
      .set({ enabled: true, dueAt: later })
      .where(eq(classroomLessons.lessonId, second!.id));
    await t.deps.db.insert(lessonProgress).values({
      userId: member.user.id,
      lessonId: first!.id,
      bestPercent: 100,
      attempts: 1,
      completedAt: new Date(),
    });
    // The student finished the first: their next one is the second; the teacher's is still the first.
    expect((await view(member)).id).toBe(second!.id);
    expect((await view(owner)).id).toBe(first!.id);
  });
});

describe('POST /api/classrooms/classrooms/join/', () => {
  it('joins by code in any case, once', async () => {
    const owner = await teacher();
    const classroom = await createClass(owner);
    const pupil = await student();
    const first = await call(pupil, 'POST', `${base}join/`, {
      code: ` ${classroom.join_code.toLowerCase()} `,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id: classroom.id, role: 'student', students_count: 1 });
    const again = await call(pupil, 'POST', `${base}join/`, { code: classroom.join_code });
    expect(again.statusCode).toBe(200);
    expect(again.json().students_count).toBe(1);
  });

  it('refuses an unknown code, the class’s own teacher and a signed-out visitor', async () => {
    const owner = await teacher();
    const classroom = await createClass(owner);
    const pupil = await student();
    const unknown = await call(pupil, 'POST', `${base}join/`, { code: 'NOSUCHCODE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: [classroomMessages.badCode] });
    const own = await call(owner, 'POST', `${base}join/`, { code: classroom.join_code });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(classroomMessages.teacherCannotJoin);
    expect(
      (await call(signedOut, 'POST', `${base}join/`, { code: classroom.join_code })).statusCode,
    ).toBe(401);
  });

  it('refuses joins while frozen, and takes them again once unfrozen', async () => {
    const { owner, classroom, member } = await classWithStudent();
    const frozen = await call(owner, 'PATCH', `${base}${classroom.id}/freeze`, { frozen: true });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().frozen).toBe(true);

    const late = await student();
    const refused = await call(late, 'POST', `${base}join/`, { code: classroom.join_code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(classroomMessages.frozen);
    // A member "joining" again is still a member: nothing changes.
    expect(
      (await call(member, 'POST', `${base}join/`, { code: classroom.join_code })).statusCode,
    ).toBe(200);

    const thawed = await call(owner, 'PATCH', `${base}${classroom.id}/freeze`, { frozen: false });
    expect(thawed.json().frozen).toBe(false);
    expect(
      (await call(late, 'POST', `${base}join/`, { code: classroom.join_code })).statusCode,
    ).toBe(201);
  });

  it('takes 10 students joining at once: exactly 10 members, and the joined hooks ran once each', async () => {
    const owner = await teacher();
    const classroom = await createClass(owner);
    const pupils = await Promise.all(Array.from({ length: 10 }, () => student()));
    const seen: number[] = [];
    const hook = async (_tx: unknown, member: { classroomId: number; userId: number }) => {
      if (member.classroomId === classroom.id) seen.push(member.userId);
    };
    t.app.classrooms.membership.joined.push(hook);
    try {
      const answers = await Promise.all(
        [...pupils, ...pupils].map((pupil) =>
          call(pupil, 'POST', `${base}join/`, { code: classroom.join_code }),
        ),
      );
      expect(answers.every((answer) => [200, 201].includes(answer.statusCode))).toBe(true);
    } finally {
      t.app.classrooms.membership.joined.splice(
        t.app.classrooms.membership.joined.indexOf(hook),
        1,
      );
    }
    expect((await call(owner, 'GET', `${base}${classroom.id}/`)).json().students_count).toBe(10);
    expect(seen.sort()).toEqual(pupils.map((pupil) => pupil.user.id).sort());
  });
});

describe('PATCH /api/classrooms/classrooms/{id}/freeze', () => {
  it('is the teacher’s alone', async () => {
    const { classroom, member } = await classWithStudent();
    const byStudent = await call(member, 'PATCH', `${base}${classroom.id}/freeze`, {
      frozen: true,
    });
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json().error).toBe(classroomMessages.teacherOnly);
    expect(
      (await call(await teacher(), 'PATCH', `${base}${classroom.id}/freeze`, { frozen: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(signedOut, 'PATCH', `${base}${classroom.id}/freeze`, { frozen: true }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/classrooms/classrooms/{id}/invite/', () => {
  it('mails each address a join link with the code', async () => {
    const owner = await teacher();
    const classroom = await createClass(owner);
    const response = await call(owner, 'POST', `${base}${classroom.id}/invite/`, {
      emails: ['kid.one@school.test', ' kid.two@school.test '],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ invited: ['kid.one@school.test', 'kid.two@school.test'] });
    const mail = await latestMailTo(t.deps, 'kid.two@school.test');
    expect(mail?.subject).toBe('You are invited to a class on Bullpen');
    expect(mail?.textBody).toContain(
      `http://bullpen.test/join-classroom?code=${classroom.join_code}`,
    );
    expect(mail?.textBody).toContain('Period 3 Economics');
  });

  it('uses the chip messages and refuses everyone but the teacher', async () => {
    const { owner, classroom, member } = await classWithStudent();
    const url = `${base}${classroom.id}/invite/`;
    const none = await call(owner, 'POST', url, { emails: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(messages.chipNone);
    const duplicate = await call(owner, 'POST', url, {
      emails: ['a@school.test', 'A@school.test'],
    });
    expect(JSON.stringify(duplicate.json())).toContain(messages.chipDuplicate);
    const invalid = await call(owner, 'POST', url, { emails: ['not-an-email'] });
    expect(invalid.statusCode).toBe(400);

    const byStudent = await call(member, 'POST', url, { emails: ['a@school.test'] });
    expect(byStudent.statusCode).toBe(403);
    expect(
      (await call(await teacher(), 'POST', url, { emails: ['a@school.test'] })).statusCode,
    ).toBe(404);
    expect((await call(signedOut, 'POST', url, { emails: ['a@school.test'] })).statusCode).toBe(
      401,
    );

    const unverified = await buildUser(t.deps, { is_teacher: true });
    const theirs = await createClass(unverified);
    const refused = await call(unverified, 'POST', `${base}${theirs.id}/invite/`, {
      emails: ['a@school.test'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(authMessages.verifyEmailFirst);
  });
});

describe('GET /api/classrooms/classrooms/{id}/students/', () => {
  it('lists the students for the teacher of that class only', async () => {
    const { owner, classroom, member } = await classWithStudent();
    const url = `${base}${classroom.id}/students/`;
    const listed = await call(owner, 'GET', url);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ count: 1, next: null, previous: null });
    expect(listed.json().results[0]).toMatchObject({
      id: member.user.id,
      username: member.user.username,
      first_name: 'Test',
      last_name: 'Student',
      has_email: true,
      created_by_me: false,
    });
    expect(listed.json().results[0]).not.toHaveProperty('email');

    expect((await call(member, 'GET', url)).statusCode).toBe(403);
    // A student of another class and another teacher: the class is not even found.
    const { member: otherStudent, owner: otherTeacher } = await classWithStudent();
    expect((await call(otherStudent, 'GET', url)).statusCode).toBe(404);
    expect((await call(otherTeacher, 'GET', url)).statusCode).toBe(404);
    expect((await call(signedOut, 'GET', url)).statusCode).toBe(401);
  });
});

describe('DELETE /api/classrooms/classrooms/{id}/users/{userId}/', () => {
  it('lets the teacher remove a student and a student leave, running the leaving hooks', async () => {
    const { owner, classroom, member } = await classWithStudent();
    const second = await student();
    await call(second, 'POST', `${base}join/`, { code: classroom.join_code });
    const left: number[] = [];
    const hook = async (_tx: unknown, row: { userId: number }) => {
      left.push(row.userId);
    };
    t.app.classrooms.membership.leaving.push(hook);
    try {
      const removed = await call(
        owner,
        'DELETE',
        `${base}${classroom.id}/users/${member.user.id}/`,
      );
      expect(removed.statusCode).toBe(204);
      const leaving = await call(
        second,
        'DELETE',
        `${base}${classroom.id}/users/${second.user.id}/`,
      );
      expect(leaving.statusCode).toBe(204);
    } finally {
      t.app.classrooms.membership.leaving.splice(
        t.app.classrooms.membership.leaving.indexOf(hook),
        1,
      );
    }
    expect(left).toEqual([member.user.id, second.user.id]);
    expect((await call(member, 'GET', `${base}${classroom.id}/`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `${base}${classroom.id}/`)).json().students_count).toBe(0);
  });

  it('refuses a student removing a classmate, strangers, and removing a non-member', async () => {
    const { owner, classroom, member } = await classWithStudent();
    const classmate = await student();
    await call(classmate, 'POST', `${base}join/`, { code: classroom.join_code });
    const url = `${base}${classroom.id}/users/${classmate.user.id}/`;
    const byClassmate = await call(member, 'DELETE', url);
    expect(byClassmate.statusCode).toBe(403);
    expect(byClassmate.json().error).toBe(classroomMessages.cannotRemove);
    expect((await call(await teacher(), 'DELETE', url)).statusCode).toBe(404);
    expect((await call(await student(), 'DELETE', url)).statusCode).toBe(404);
    expect((await call(signedOut, 'DELETE', url)).statusCode).toBe(401);
    // The teacher is not a member row: they cannot "remove" themself.
    expect(
      (await call(owner, 'DELETE', `${base}${classroom.id}/users/${owner.user.id}/`)).statusCode,
    ).toBe(403);
    const stranger = await student();
    expect(
      (await call(owner, 'DELETE', `${base}${classroom.id}/users/${stranger.user.id}/`)).statusCode,
    ).toBe(404);
    expect((await call(owner, 'GET', `${base}${classroom.id}/`)).json().students_count).toBe(2);
  });
});

describe('DELETE /api/classrooms/classrooms/{id}/', () => {
  it('removes the class for everyone; the students’ accounts stay', async () => {
    const { owner, classroom, member } = await classWithStudent();
    expect((await call(member, 'DELETE', `${base}${classroom.id}/`)).statusCode).toBe(403);
    expect((await call(await teacher(), 'DELETE', `${base}${classroom.id}/`)).statusCode).toBe(404);
    expect((await call(signedOut, 'DELETE', `${base}${classroom.id}/`)).statusCode).toBe(401);

    expect((await call(owner, 'DELETE', `${base}${classroom.id}/`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `${base}${classroom.id}/`)).statusCode).toBe(404);
    expect((await call(member, 'GET', base)).json().count).toBe(0);
    expect((await call(member, 'GET', `/api/users/${member.user.id}/`)).statusCode).toBe(200);
  });
});

describe('students without email', () => {
  const accounts = (id: number) => `${base}${id}/students/accounts/`;
  const names = [
    { first_name: 'Mía', last_name: 'Kowalski' },
    { first_name: "D'Andre", last_name: 'Brown' },
  ];

  it('makes accounts with readable usernames and passwords that sign in', async () => {
    const owner = await teacher();
    const classroom = await createClass(owner);
    const made = await call(owner, 'POST', accounts(classroom.id), { students: names });
    expect(made.statusCode).toBe(201);
    const [mia, dandre] = made.json().students;
    expect(mia).toMatchObject({ first_name: 'Mía', last_name: 'Kowalski' });
    // The first name, a random word and digits: no initial, no sequence.
    expect(mia.username).toMatch(/^mia\.[a-z]{3,6}\d{2}$/);
    expect(dandre.username).toMatch(/^dandre\.[a-z]{3,6}\d{2}$/);
    expect(mia.password).toMatch(/^[a-z]{3,6}-[a-z]{3,6}-[a-z]{3,6}-\d{3}$/);

    const [row] = await t.deps.db.select().from(users).where(eq(users.id, mia.id));
    expect(row).toMatchObject({ email: null, createdByTeacherId: owner.user.id, isTeacher: false });
    expect(row!.passwordHash).not.toContain(mia.password);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      payload: { username: mia.username, password: mia.password },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    const mine = await call({ auth: { authorization: `JWT ${token}` } }, 'GET', base);
    expect(mine.json().results[0]).toMatchObject({ id: classroom.id, role: 'student' });

    const listed = (await call(owner, 'GET', `${base}${classroom.id}/students/`)).json();
    expect(listed.results.find((row: { id: number }) => row.id === mia.id)).toMatchObject({
      has_email: false,
      created_by_me: true,
    });
  });

  it('gives two concurrent pastes of the same names distinct usernames', async () => {
    const owner = await teacher();
    const classroom = await createClass(owner);
    const same = Array.from({ length: 5 }, () => ({ first_name: 'Ava', last_name: 'Lee' }));
    const [a, b] = await Promise.all([
      call(owner, 'POST', accounts(classroom.id), { students: same }),
      call(owner, 'POST', accounts(classroom.id), { students: same }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const usernames = [...a.json().students, ...b.json().students].map(
      (row: { username: string }) => row.username,
    );
    expect(new Set(usernames).size).toBe(10);
    expect((await call(owner, 'GET', `${base}${classroom.id}/`)).json().students_count).toBe(10);
  });

  it('refuses bad lists and everyone but the teacher', async () => {
    const { owner, classroom, member } = await classWithStudent();
    const url = accounts(classroom.id);
    expect((await call(owner, 'POST', url, { students: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => ({ first_name: 'A', last_name: 'B' }));
    expect((await call(owner, 'POST', url, { students: tooMany })).statusCode).toBe(400);
    expect(
      (await call(owner, 'POST', url, { students: [{ first_name: '<b>', last_name: 'x' }] }))
        .statusCode,
    ).toBe(400);
    expect((await call(member, 'POST', url, { students: names })).statusCode).toBe(403);
    expect((await call(await teacher(), 'POST', url, { students: names })).statusCode).toBe(404);
    expect((await call(signedOut, 'POST', url, { students: names })).statusCode).toBe(401);
  });

  it('resets the password of the teacher’s own no-email student and ends their sessions', async () => {
    const owner = await teacher();
    const classroom = await createClass(owner);
    const [made] = (
      await call(owner, 'POST', accounts(classroom.id), { students: [names[0]] })
    ).json().students;
    const login = async (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api-token-auth/',
        payload: { username: made.username, password },
      });
    const session = { auth: { authorization: `JWT ${(await login(made.password)).json().token}` } };
    expect((await call(session, 'GET', base)).statusCode).toBe(200);

    const url = `${base}${classroom.id}/students/${made.id}/password/`;
    const reset = await call(owner, 'POST', url);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ id: made.id, username: made.username });
    expect(reset.json().password).not.toBe(made.password);
    expect((await call(session, 'GET', base)).statusCode).toBe(401);
    expect((await login(made.password)).statusCode).toBe(400);
    expect((await login(reset.json().password)).statusCode).toBe(200);

    // Refused: the student themself, another teacher, a signed-out visitor.
    const asStudent = {
      auth: { authorization: `JWT ${(await login(reset.json().password)).json().token}` },
    };
    expect((await call(asStudent, 'POST', url)).statusCode).toBe(403);
    expect((await call(await teacher(), 'POST', url)).statusCode).toBe(404);
    expect((await call(signedOut, 'POST', url)).statusCode).toBe(401);
  });

  it('refuses resetting a student with an email, or one another teacher made', async () => {
    const { owner, classroom, member } = await classWithStudent();
    const withEmail = await call(
      owner,
      'POST',
      `${base}${classroom.id}/students/${member.user.id}/password/`,
    );
    expect(withEmail.statusCode).toBe(403);
    expect(withEmail.json().error).toBe(classroomMessages.notYourAccount);

    // Another teacher's no-email student who also joined this class.
    const other = await teacher();
    const theirs = await createClass(other);
    const [made] = (await call(other, 'POST', accounts(theirs.id), { students: [names[1]] })).json()
      .students;
    const session = await t.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      payload: { username: made.username, password: made.password },
    });
    const asMade = { auth: { authorization: `JWT ${session.json().token}` } };
    await call(asMade, 'POST', `${base}join/`, { code: classroom.join_code });
    const notMine = await call(
      owner,
      'POST',
      `${base}${classroom.id}/students/${made.id}/password/`,
    );
    expect(notMine.statusCode).toBe(403);
    // And not a member of the class at all: not found.
    const outsider = await call(
      owner,
      'POST',
      `${base}${classroom.id}/students/${other.user.id}/password/`,
    );
    expect(outsider.statusCode).toBe(404);
  });
});

describe('policies and helpers', () => {
  it('lets a teacher remove students only, and a student only themself', () => {
    const classroom = {} as never;
    expect(mayRemoveFromClassroom({ classroom, role: 'teacher' }, 1, 2)).toBe(true);
    expect(mayRemoveFromClassroom({ classroom, role: 'teacher' }, 1, 1)).toBe(false);
    expect(mayRemoveFromClassroom({ classroom, role: 'student' }, 2, 2)).toBe(true);
    expect(mayRemoveFromClassroom({ classroom, role: 'student' }, 2, 3)).toBe(false);
    expect(mayRemoveFromClassroom({ classroom, role: null }, 2, 2)).toBe(false);
  });

  it('resets only a no-email account the teacher made', () => {
    expect(mayResetPassword({ id: 1 }, { email: null, createdByTeacherId: 1 })).toBe(true);
    expect(mayResetPassword({ id: 1 }, { email: 'a@b.test', createdByTeacherId: 1 })).toBe(false);
    expect(mayResetPassword({ id: 1 }, { email: null, createdByTeacherId: 2 })).toBe(false);
  });
});

describe('demo class', () => {
  it('gives ms.rivera a class with sam.student, once', async () => {
    const riv: Person = await buildUser(t.deps, {
      username: 'ms.rivera',
      is_teacher: true,
      verified: true,
    });
    const sam: Person = await buildUser(t.deps, { username: 'sam.student', verified: true });
    const log = { info: () => undefined } as never;
    expect(await seedDemoClassroom(t.deps.db, t.app.classrooms.membership, log)).not.toBeNull();
    expect(await seedDemoClassroom(t.deps.db, t.app.classrooms.membership, log)).toBeNull();
    const classes = (await call(riv, 'GET', base)).json();
    expect(classes.count).toBe(1);
    expect(classes.results[0]).toMatchObject({ name: 'Period 3 Economics', students_count: 1 });
    const mine = (await call(sam, 'GET', base)).json().results[0];
    expect(mine.role).toBe('student');
    // The first lesson of the catalogue is assigned and due in 3 days.
    const courses = (await call(riv, 'GET', `${base}${mine.id}/courses/`)).json();
    const enabled = courses.results.flatMap(
      (course: { lessons: { enabled: boolean; due_at: string | null }[] }) =>
        course.lessons.filter((lesson) => lesson.enabled),
    );
    expect(enabled.length).toBeGreaterThanOrEqual(1);
    expect(mine.next_due_lesson).toMatchObject({ due_at: enabled[0].due_at });
  });
});
