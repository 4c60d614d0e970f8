import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@bullpen/contract/routes';
import { authMessages } from '@bullpen/contract/messages';
import { DELETION_GRACE_DAYS } from '@bullpen/contract/users';
import { recordUserSession } from '../auth/queries.ts';
import { contestUsers } from '../db/schema/contests.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { dataExports } from '../db/schema/privacy.ts';
import { pointBalances, pointEntries } from '../db/schema/points.ts';
import { users } from '../db/schema/users.ts';
import { recordPoints } from '../points/service.ts';
import { insertTicket } from '../support/queries.ts';
import { buildContest, buildUser, joinContest, testAppForFile } from '../test/app.ts';
import { addStudent, callAs, createClassWithStudents } from '../test/classrooms.ts';
import { placesHolding } from '../test/personal-data.ts';
import { purgeDueAccounts, purgeUser } from './deletion.ts';

const t = testAppForFile();
const call = callAs(t);
const DAY_MS = 86_400_000;

const deletionUrl = (id: number) => api.userDeletion.build({ id });

function logIn(username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: api.login.build(),
    payload: { username, password },
  });
}

async function storedUser(id: number) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('asking to delete an account', () => {
  it('needs the password, schedules erasure in 14 days and ends every session', async () => {
    const owner = await buildUser(t.deps);
    const wrong = await call(owner, 'POST', deletionUrl(owner.user.id), { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [authMessages.currentPasswordWrong] });
    expect((await storedUser(owner.user.id)).deletionDueAt).toBeNull();

    const before = Date.now();
    const asked = await call(owner, 'POST', deletionUrl(owner.user.id), {
      password: owner.password,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const due = new Date(asked.json().deletion_due_at).getTime();
    expect(due - before).toBeGreaterThanOrEqual(DELETION_GRACE_DAYS * DAY_MS);
    expect(due - before).toBeLessThan(DELETION_GRACE_DAYS * DAY_MS + 60_000);
    // The session that asked is over.
    const after = await call(owner, 'GET', api.user.build({ id: owner.user.id }));
    expect(after.statusCode).toBe(401);
  });

  it("refuses another user's account, and an account a teacher made", async () => {
    const owner = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const refused = await call(other, 'POST', deletionUrl(owner.user.id), {
      password: other.password,
    });
    expect(refused.statusCode).toBe(403);
    expect((await storedUser(owner.user.id)).deletionDueAt).toBeNull();

    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true, trusted: true });
    const { classroom } = await createClassWithStudents(t.app, teacher, {
      name: 'Made by name',
      students: [],
    });
    const made = await call(
      teacher,
      'POST',
      api.classroomStudentAccounts.build({ id: classroom.id }),
      {
        students: [{ first_name: 'Nina', last_name: 'Ortiz' }],
      },
    );
    expect(made.statusCode, made.body).toBe(201);
    const { username, password } = made.json().students[0] as {
      username: string;
      password: string;
    };
    const session = await logIn(username, password);
    const pupil = { auth: { authorization: `JWT ${session.json().token}` } };
    const pupilId = session.json().user.id as number;
    const self = await call(pupil, 'POST', deletionUrl(pupilId), { password });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ error: authMessages.deletionNotSelf });
  });

  it('refuses a teacher who still has classes', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    await createClassWithStudents(t.app, teacher, { name: 'Still open', students: [] });
    const refused = await call(teacher, 'POST', deletionUrl(teacher.user.id), {
      password: teacher.password,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [authMessages.deletionOwnsClassrooms] });
    expect((await storedUser(teacher.user.id)).deletionDueAt).toBeNull();
  });

  it('signing in during the grace period cancels the deletion and says so', async () => {
    const owner = await buildUser(t.deps);
    await call(owner, 'POST', deletionUrl(owner.user.id), { password: owner.password });
    const session = await logIn(owner.user.username, owner.password);
    expect(session.statusCode).toBe(200);
    expect(session.json().deletion_cancelled).toBe(true);
    const row = await storedUser(owner.user.id);
    expect(row.deletionDueAt).toBeNull();
    expect(row.deletionRequestedAt).toBeNull();
    // A later sign-in has nothing to cancel.
    expect((await logIn(owner.user.username, owner.password)).json().deletion_cancelled).toBe(
      undefined,
    );
    // Nothing is due any more: a run a month later erases nothing of it.
    await purgeDueAccounts(t.deps, new Date(Date.now() + 30 * DAY_MS));
    expect((await storedUser(owner.user.id)).purgedAt).toBeNull();
  });

  it('DELETE cancels it too', async () => {
    const owner = await buildUser(t.deps);
    await t.deps.db
      .update(users)
      .set({ deletionRequestedAt: new Date(), deletionDueAt: new Date(Date.now() + DAY_MS) })
      .where(eq(users.id, owner.user.id));
    const cancelled = await call(owner, 'DELETE', deletionUrl(owner.user.id));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().deletion_due_at).toBeNull();
    expect((await storedUser(owner.user.id)).deletionDueAt).toBeNull();
  });
});

describe('the purge', () => {
  it('erases the account when the grace period ends, once, and not before', async () => {
    const owner = await buildUser(t.deps);
    await call(owner, 'POST', deletionUrl(owner.user.id), { password: owner.password });
    await purgeDueAccounts(t.deps, new Date(Date.now() + (DELETION_GRACE_DAYS - 1) * DAY_MS));
    expect((await storedUser(owner.user.id)).purgedAt).toBeNull();

    // Past the due day (moved back, as the sign-in reads the real clock) the account no longer
    // signs in, even before the job has run: a sign-in cannot save it any more.
    await t.deps.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, owner.user.id));
    expect((await logIn(owner.user.username, owner.password)).statusCode).toBe(400);
    expect((await storedUser(owner.user.id)).deletionDueAt).not.toBeNull();
    // Runs in several processes at once erase it exactly once.
    const runs = await Promise.all(Array.from({ length: 5 }, () => purgeDueAccounts(t.deps)));
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await purgeUser(t.deps, owner.user.id)).toBe(false);
    const row = await storedUser(owner.user.id);
    expect(row.purgedAt).not.toBeNull();
    expect(row.username).toBe(`deleted-${owner.user.id}`);
    expect(row.email).toBeNull();
    expect((await logIn(owner.user.username, owner.password)).statusCode).toBe(400);
  });

  it('leaves no table holding the name, username, email or words; ledgers still add up', async () => {
    const marker = `zqx${process.pid}${Date.now()}`;
    const username = `${marker}name`;
    const email = `${marker}@mail.test`;
    const signup = new FormData();
    for (const [key, value] of Object.entries({
      username,
      email,
      password: 'green turtle sky',
      first_name: `${marker}First`,
      last_name: `${marker}Last`,
      is_teacher: 'false',
      date_of_birth: '2000-02-29',
    })) {
      signup.append(key, value);
    }
    const created = await t.app.inject({ method: 'POST', url: '/api/users/', payload: signup });
    expect(created.statusCode, created.body).toBe(201);
    const student = {
      user: { id: created.json().user.id as number },
      auth: { authorization: `JWT ${created.json().token}` },
    };

    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true });
    const { classroom } = await createClassWithStudents(t.app, teacher, {
      name: 'Economics',
      students: [],
    });
    const joined = await call(student, 'POST', '/api/classrooms/classrooms/join/', {
      code: classroom.join_code,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const posted = await call(student, 'POST', api.classroomPosts.build({ id: classroom.id }), {
      message: `Hi, I am ${marker} post`,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const resume = await call(student, 'POST', `/api/resumes/classrooms/${classroom.id}/resumes/`, {
      summary: `<p>A curious student ${marker} who loves numbers and people.</p>`,
      education: `<p>School of ${marker}</p>`,
      experience: `<p>Cashier ${marker}</p>`,
      skills: `<p>Spreadsheets ${marker}</p>`,
    });
    expect(resume.statusCode, resume.body).toBeLessThan(300);
    const budget = await call(student, 'POST', '/api/recurring/master-budgets/', {
      name: `${marker} budget`,
      incomes: [
        { label: `${marker} pay`, category: 'wages', amount_cents: 1000, frequency: 'weekly' },
      ],
      expenses: [],
      goals: [],
    });
    expect(budget.statusCode, budget.body).toBe(201);
    const contest = await buildContest(t, teacher);
    const contestUserId = await joinContest(t, student, contest.id);
    const described = await call(
      student,
      'PATCH',
      `/api/contest-users/${contestUserId}/description/`,
      { description: `${marker} strategy` },
    );
    expect(described.statusCode, described.body).toBe(200);
    // The teacher's words about the student, on a cash adjustment of their portfolio.
    const adjusted = await call(teacher, 'POST', `/api/contests/${contest.id}/adjustments/`, {
      contest_user: contestUserId,
      amount: 500,
      reason: `${marker} won the quiz`,
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    // A ticket needs a solved human check through the API; its row is what matters here.
    await insertTicket(t.deps.db, {
      kind: 'support',
      userId: student.user.id,
      firstName: `${marker}First`,
      lastName: `${marker}Last`,
      email,
      description: `Help, ${marker} here`,
      language: 'en',
      senderAddress: '10.9.9.9',
    });
    await recordPoints(t.deps.db, [
      {
        userId: student.user.id,
        points: 40,
        reason: 'award',
        source: 'test:award',
        note: `for ${marker}`,
      },
      { userId: student.user.id, points: -15, reason: 'redemption', source: 'test:spend' },
    ]);
    // What main's features keep about a person: a listed session, an export, a parent's address.
    await recordUserSession(
      t.deps.db,
      {
        userId: student.user.id,
        tokenId: `${marker}-token`,
        tokenVersion: 0,
        device: `${marker} device`,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
      new Date(),
    );
    await t.deps.db.insert(dataExports).values({
      userId: student.user.id,
      requestedBy: student.user.id,
      status: 'ready',
      progress: 100,
      document: { profile: { username } },
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await t.deps.db
      .update(users)
      .set({ consentStatus: 'granted', parentEmail: `${marker}parent@mail.test` })
      .where(eq(users.id, student.user.id));
    const [cashBefore] = await t.deps.db
      .select({ cash: contestUsers.cashCents })
      .from(contestUsers)
      .where(eq(contestUsers.id, contestUserId));

    // The scan sees the person everywhere they wrote before the purge.
    const before = await placesHolding(t.deps, marker);
    expect(before).toEqual(
      expect.arrayContaining([
        'users.username',
        'users.email',
        'classroom_posts.message',
        'resumes.summary',
        'master_budgets.name',
        'master_budgets.incomes',
        'contest_users.description',
        'portfolio_adjustments.reason',
        'support_tickets.description',
        'point_entries.note',
        'mail_outbox.recipient',
        'user_sessions.device',
        'user_sessions.token_id',
        'data_exports.document',
        'users.parent_email',
      ]),
    );

    expect(await purgeUser(t.deps, student.user.id)).toBe(true);
    expect(await placesHolding(t.deps, marker)).toEqual([]);
    const [tombstone] = await t.deps.db.select().from(users).where(eq(users.id, student.user.id));
    expect(tombstone?.consentStatus).toBeNull();

    // The post stays in the class's thread without its words; the ledgers keep their amounts.
    const board = await call(teacher, 'GET', api.classroomPosts.build({ id: classroom.id }));
    expect(board.json().results).toEqual([
      expect.objectContaining({ userId: student.user.id, name: '', message: '' }),
    ]);
    const [balance] = await t.deps.db
      .select()
      .from(pointBalances)
      .where(eq(pointBalances.userId, student.user.id));
    expect(balance?.balance).toBe(25);
    const [{ total }] = (await t.deps.db
      .select({ total: sql<number>`sum(${pointEntries.points})::int` })
      .from(pointEntries)
      .where(eq(pointEntries.userId, student.user.id))) as [{ total: number }];
    expect(total).toBe(25);
    const [cashAfter] = await t.deps.db
      .select({ cash: contestUsers.cashCents, leftAt: contestUsers.leftAt })
      .from(contestUsers)
      .where(eq(contestUsers.id, contestUserId));
    expect(cashAfter?.cash).toBe(cashBefore?.cash);
    expect(cashAfter?.leftAt).not.toBeNull();
  });
});

describe('a teacher deletes a student account they made', () => {
  async function classWithMadeStudent() {
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true, trusted: true });
    const { classroom, student: classmate } = await createClassWithStudents(t.app, teacher, {
      name: 'Period 2',
      students: [{}],
    });
    const made = await call(
      teacher,
      'POST',
      api.classroomStudentAccounts.build({ id: classroom.id }),
      { students: [{ first_name: 'Nina', last_name: 'Ortiz' }] },
    );
    const studentId = made.json().students[0].id as number;
    return { teacher, classroom, studentId, classmate };
  }
  const accountUrl = (id: number, userId: number) =>
    api.classroomStudentAccount.build({ id, userId });

  it('erases it at once; another teacher, a student and an account with an email are refused', async () => {
    const { teacher, classroom, studentId, classmate } = await classWithMadeStudent();
    const otherTeacher = await buildUser(t.deps, { is_teacher: true });
    const { classroom: otherClass } = await createClassWithStudents(t.app, otherTeacher, {
      name: 'Elsewhere',
      students: [],
    });
    // Not a member of the class: it stays hidden (404), as everywhere in classrooms.
    expect(
      (await call(otherTeacher, 'DELETE', accountUrl(classroom.id, studentId))).statusCode,
    ).toBe(404);
    expect(
      (await call(otherTeacher, 'DELETE', accountUrl(otherClass.id, studentId))).statusCode,
    ).toBe(404);
    expect((await call(classmate, 'DELETE', accountUrl(classroom.id, studentId))).statusCode).toBe(
      403,
    );
    const { classroom: withEmail, student } = await createClassWithStudents(t.app, teacher, {
      name: 'With email',
    });
    const refused = await call(teacher, 'DELETE', accountUrl(withEmail.id, student.user.id));
    expect(refused.statusCode).toBe(403);
    expect((await storedUser(student.user.id)).purgedAt).toBeNull();
    expect((await storedUser(studentId)).purgedAt).toBeNull();

    const deleted = await call(teacher, 'DELETE', accountUrl(classroom.id, studentId));
    expect(deleted.statusCode, deleted.body).toBe(204);
    const row = await storedUser(studentId);
    expect(row.purgedAt).not.toBeNull();
    expect(row.firstName).toBe('');
    const list = await call(teacher, 'GET', api.classroomStudents.build({ id: classroom.id }));
    expect(JSON.stringify(list.json())).not.toContain('Nina');
  });

  it("refuses when the student also belongs to another teacher's class", async () => {
    const { teacher, classroom, studentId } = await classWithMadeStudent();
    const otherTeacher = await buildUser(t.deps, { is_teacher: true });
    const { classroom: otherClass } = await createClassWithStudents(t.app, otherTeacher, {
      name: 'Shared',
      students: [],
    });
    await addStudent(t.deps, otherClass.id, studentId);
    // The other teacher teaches only one of its classes and did not make it.
    expect(
      (await call(otherTeacher, 'DELETE', accountUrl(otherClass.id, studentId))).statusCode,
    ).toBe(403);
    // Its maker may, wherever else it is.
    expect((await call(teacher, 'DELETE', accountUrl(classroom.id, studentId))).statusCode).toBe(
      204,
    );
  });
});

describe('deleting a class with its student accounts', () => {
  it('erases the email-less accounts of this class only, when asked', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true, trusted: true });
    const { classroom, student: withEmail } = await createClassWithStudents(t.app, teacher, {
      name: 'Closing',
    });
    const { classroom: kept } = await createClassWithStudents(t.app, teacher, {
      name: 'Staying',
      students: [],
    });
    const made = await call(
      teacher,
      'POST',
      api.classroomStudentAccounts.build({ id: classroom.id }),
      {
        students: [
          { first_name: 'Only', last_name: 'Here' },
          { first_name: 'Also', last_name: 'There' },
        ],
      },
    );
    const [onlyHere, alsoThere] = (made.json().students as { id: number }[]).map((s) => s.id);
    await addStudent(t.deps, kept.id, alsoThere!);

    // Without the flag nothing but the class goes.
    const { classroom: plain } = await createClassWithStudents(t.app, teacher, {
      name: 'Plain',
      students: [],
    });
    const plainMade = await call(
      teacher,
      'POST',
      api.classroomStudentAccounts.build({ id: plain.id }),
      { students: [{ first_name: 'Not', last_name: 'Asked' }] },
    );
    const notAsked = plainMade.json().students[0].id as number;
    expect((await call(teacher, 'DELETE', api.classroom.build({ id: plain.id }))).statusCode).toBe(
      204,
    );
    expect((await storedUser(notAsked)).purgedAt).toBeNull();

    const deleted = await call(
      teacher,
      'DELETE',
      `${api.classroom.build({ id: classroom.id })}?delete_student_accounts=true`,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await storedUser(onlyHere!)).purgedAt).not.toBeNull();
    expect((await storedUser(alsoThere!)).purgedAt).toBeNull();
    expect((await storedUser(withEmail.user.id)).purgedAt).toBeNull();
  });
});

describe('mail to others that names an erased account', () => {
  it("goes with the account: a teacher's copy about the student, not the teacher's other mail", async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true });
    const student = await buildUser(t.deps);
    const other = await buildUser(t.deps);
    const teacherAddress = `teacher-${teacher.user.id}@school.test`;
    const send = (about: number | undefined, subject: string) =>
      t.deps.mailer.send({
        to: teacherAddress,
        subject,
        text: subject,
        html: `<p>${subject}</p>`,
        ...(about === undefined ? {} : { about }),
      });
    await send(student.user.id, `About ${student.user.username}`);
    await send(other.user.id, `About ${other.user.username}`);
    await send(undefined, 'Your class starts Monday');
    const subjects = async () =>
      (
        await t.deps.db
          .select({ subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(eq(mailOutbox.recipient, teacherAddress))
      )
        .map((row) => row.subject)
        .sort();

    expect(await purgeUser(t.deps, student.user.id)).toBe(true);
    expect(await subjects()).toEqual(
      [`About ${other.user.username}`, 'Your class starts Monday'].sort(),
    );
  });
});
