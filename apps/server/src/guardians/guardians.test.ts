import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  ChildSummary,
  GuardianChildren,
  GuardianDeletion,
  InvitationPreview,
  StudentGuardians,
} from '@bullpen/contract/guardians';
import type { HomeChild } from '@bullpen/contract/home';
import { childChannel } from '@bullpen/contract/realtime';
import { api } from '@bullpen/contract/routes';
import { certificates, classroomLessons } from '../db/schema/classrooms.ts';
import { guardianInvitations, guardianLinks } from '../db/schema/guardians.ts';
import { lessons } from '../db/schema/learn.ts';
import { users } from '../db/schema/users.ts';
import { buildTestApp, buildUser, grossNetRight, latestMailTo, type TestApp } from '../test/app.ts';
import { callAs, createClassWithStudents, signedOut, type Who } from '../test/classrooms.ts';
import { listenForSockets, socketClients } from '../test/sockets.ts';
import { purgeUser } from '../users/deletion.ts';
import { findUserById } from '../users/queries.ts';
import { deleteSpentInvitations } from './queries.ts';

/**
 * The parent view over HTTP: who may invite, take an invitation, read a child and end a link;
 * that a guardian reaches only the child an invitation named; that ending a link ends a live
 * subscription at once; and that erasure, export and retention know the new rows.
 */

let t: TestApp;
let call: ReturnType<typeof callAs>;
type User = Awaited<ReturnType<typeof buildUser>>;
let teacher: User;
let otherTeacher: User;
let ana: User;
let ben: User;
let classroom: { id: number; name: string };
let socketUrl = '';
const connect = socketClients(() => socketUrl);
const lessonId: Record<string, number> = {};
let sequence = 0;

beforeAll(async () => {
  t = await buildTestApp();
  call = callAs(t);
  teacher = await buildUser(t.deps, { is_teacher: true, trusted: true, first_name: 'Rosa' });
  otherTeacher = await buildUser(t.deps, { is_teacher: true });
  const made = await createClassWithStudents(t.app, teacher, {
    name: 'Period 3 Economics',
    students: [
      { first_name: 'Ana', last_name: 'Alvarez' },
      { first_name: 'Ben', last_name: 'Brown' },
    ],
  });
  classroom = made.classroom;
  [ana, ben] = made.students as [User, User];
  for (const row of await t.deps.db.select().from(lessons)) lessonId[row.slug] = row.id;
  socketUrl = await listenForSockets(t.app);
});
afterAll(async () => t.close());
// Ana and Ben are everyone's children: each test starts with nobody following them.
afterEach(async () => {
  await t.deps.db.delete(guardianLinks);
});

const parentAddress = () => {
  sequence += 1;
  return `parent${process.pid}${sequence}@home.test`;
};

/** The token of the newest invitation mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mail = await latestMailTo(t.deps, email);
  const match = mail?.textBody.match(/\/public\/guardian-invitation\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no invitation link mailed to ${email}`);
  return match[1];
}

/**
 * The tests invite for the same children many times: earlier invitations are moved back two
 * days so the per-day limit (tested on its own) does not count them.
 */
async function forgetTodaysInvitations() {
  await t.deps.db
    .update(guardianInvitations)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) });
}

async function invite(who: Who, email: string) {
  await forgetTodaysInvitations();
  return call(who, 'POST', api.guardianInvitations.build(), { email });
}

/** A student's invitation taken by a new parent account: the parent, signed in. */
async function parentOf(child: User, first_name = 'Pat'): Promise<User & { email: string }> {
  const email = parentAddress();
  expect((await invite(child, email)).statusCode).toBe(201);
  const token = await invitationToken(email);
  const signup = await call(signedOut, 'POST', api.guardianSignup.build(), {
    token,
    email,
    first_name,
    last_name: 'Parent',
    password: 'tall-maple-parent-77',
  });
  expect(signup.statusCode).toBe(201);
  const session = signup.json<{ token: string; user: { id: number } }>();
  const user = (await findUserById(t.deps.db, session.user.id))!;
  return {
    user: { ...user, email },
    password: 'tall-maple-parent-77',
    token: session.token,
    auth: { authorization: `JWT ${session.token}` },
    email,
  };
}

const summaryOf = (who: Who, childId: number) =>
  call(who, 'GET', api.guardianChild.build({ id: childId }));

describe('inviting a parent', () => {
  it('mails the invited address a one-time link naming the child by first name only', async () => {
    const email = parentAddress();
    const sent = await invite(ana, email);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ email });
    const mail = await latestMailTo(t.deps, email);
    expect(mail?.textBody).toContain('Ana');
    expect(mail?.textBody).not.toContain('Alvarez');
    expect(mail?.textBody).not.toContain('Period 3');
    expect(mail?.textBody).not.toContain('Rosa');
    const token = await invitationToken(email);
    // Only the hash is stored.
    const stored = await t.deps.db
      .select()
      .from(guardianInvitations)
      .where(eq(guardianInvitations.email, email));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.childId).toBe(ana.user.id);
  });

  it('sends the Spanish mail to a child who reads Spanish', async () => {
    const lucia = await buildUser(t.deps, { language: 'es', first_name: 'Lucía' });
    const email = parentAddress();
    expect((await invite(lucia, email)).statusCode).toBe(201);
    const mail = await latestMailTo(t.deps, email);
    expect(mail?.subject).toContain('Bullpen');
    expect(mail?.textBody).toContain('Aceptar la invitación');
  });

  it('refuses the anonymous, under-13s, teacher-made accounts, teachers and parents', async () => {
    expect((await invite(signedOut, parentAddress())).statusCode).toBe(401);
    const young = await buildUser(t.deps, {
      date_of_birth: `${new Date().getUTCFullYear() - 10}-01-01`,
    });
    const refused = await invite(young, parentAddress());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Ask your teacher to invite your parent.' });
    const made = await call(
      teacher,
      'POST',
      api.classroomStudentAccounts.build({ id: classroom.id }),
      { students: [{ first_name: 'Cleo', last_name: 'Cruz' }] },
    );
    expect(made.statusCode).toBe(201);
    const cleo = made.json<{ students: { username: string; password: string }[] }>().students[0]!;
    const login = await call(signedOut, 'POST', api.login.build(), {
      username: cleo.username,
      password: cleo.password,
    });
    const cleoAuth = { auth: { authorization: `JWT ${login.json<{ token: string }>().token}` } };
    expect((await invite(cleoAuth, parentAddress())).statusCode).toBe(403);
    expect((await invite(teacher, parentAddress())).statusCode).toBe(403);
    const parent = await parentOf(ben);
    expect((await invite(parent, parentAddress())).statusCode).toBe(403);
  });

  it('lets the teacher invite for a student of their class only', async () => {
    const url = api.classroomStudentGuardians.build({ id: classroom.id, userId: ben.user.id });
    const email = parentAddress();
    await forgetTodaysInvitations();
    expect((await call(teacher, 'POST', url, { email })).statusCode).toBe(201);
    expect(await invitationToken(email)).toBeTruthy();
    expect((await call(otherTeacher, 'POST', url, { email: parentAddress() })).statusCode).toBe(
      404,
    );
    expect((await call(ana, 'POST', url, { email: parentAddress() })).statusCode).toBe(403);
    const stranger = await buildUser(t.deps);
    const notInClass = api.classroomStudentGuardians.build({
      id: classroom.id,
      userId: stranger.user.id,
    });
    expect((await call(teacher, 'POST', notInClass, { email: parentAddress() })).statusCode).toBe(
      404,
    );
  });

  it('limits the invitations naming one child to five a day', async () => {
    const busy = await buildUser(t.deps);
    await forgetTodaysInvitations();
    const send = () =>
      call(busy, 'POST', api.guardianInvitations.build(), { email: parentAddress() });
    for (let i = 0; i < 5; i += 1) expect((await send()).statusCode).toBe(201);
    const sixth = await send();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: 'Too many invitations for this student today. Try again tomorrow.',
    });
  });

  it('refuses the child’s own address', async () => {
    expect((await invite(ana, ana.user.email)).statusCode).toBe(400);
  });
});

describe('a parent account', () => {
  it('takes part in no class and no contest', async () => {
    const parent = await parentOf(ben);
    const join = await call(parent, 'POST', api.joinClassroom.build(), { code: 'ANYCODE1' });
    expect(join.statusCode).toBe(403);
    expect(join.json()).toEqual({ error: 'A parent account has no classes or contests.' });
    const now = Date.now();
    const contest = await call(parent, 'POST', api.contests.build(), {
      name: 'Parents league',
      visibility: 'private',
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      starting_cash: 1_000_000,
    });
    expect(contest.statusCode).toBe(403);
    expect(
      (await call(parent, 'POST', api.contestUsers.build(), { code: 'ANYCODE1' })).statusCode,
    ).toBe(403);
  });
});

describe('taking an invitation', () => {
  it('previews the child’s first name and the address; unknown links 400, expired 410', async () => {
    const email = parentAddress();
    await invite(ana, email);
    const token = await invitationToken(email);
    const preview = await call(signedOut, 'POST', api.guardianInvitationPreview.build(), { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<InvitationPreview>()).toMatchObject({ child_first_name: 'Ana', email });
    const unknown = await call(signedOut, 'POST', api.guardianInvitationPreview.build(), {
      token: 'not-a-token',
    });
    expect(unknown.statusCode).toBe(400);
    await t.deps.db
      .update(guardianInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guardianInvitations.email, email));
    const expired = await call(signedOut, 'POST', api.guardianInvitationPreview.build(), { token });
    expect(expired.statusCode).toBe(410);
  });

  it('signs a parent up with the invited address only, verified, and uses the link once', async () => {
    const email = parentAddress();
    await invite(ana, email);
    const token = await invitationToken(email);
    const body = {
      token,
      email: 'someone.else@home.test',
      first_name: 'Pat',
      last_name: 'Parent',
      password: 'tall-maple-parent-77',
    };
    const mismatch = await call(signedOut, 'POST', api.guardianSignup.build(), body);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ email: ['Use the address the invitation was sent to.'] });
    const made = await call(signedOut, 'POST', api.guardianSignup.build(), {
      ...body,
      email: email.toUpperCase(),
    });
    expect(made.statusCode).toBe(201);
    const session = made.json<{ token: string; user: { is_guardian: boolean; email: string } }>();
    expect(session.user).toMatchObject({ is_guardian: true, email_verified: true, email });
    const parent = { auth: { authorization: `JWT ${session.token}` } };
    const children = await call(parent, 'GET', api.guardianChildren.build());
    expect(children.json<GuardianChildren>().results.map((child) => child.id)).toEqual([
      ana.user.id,
    ]);
    const again = await call(signedOut, 'POST', api.guardianSignup.build(), {
      ...body,
      email,
    });
    expect(again.statusCode).toBe(400);
  });

  it('lets a signed-in account with the invited, verified address accept (a teacher who is a parent)', async () => {
    const email = parentAddress();
    const teacherParent = await buildUser(t.deps, { is_teacher: true, verified: true, email });
    await invite(ben, email);
    const token = await invitationToken(email);
    expect(
      (await call(otherTeacher, 'POST', api.guardianAccept.build(), { token })).statusCode,
    ).toBe(403);
    expect((await call(signedOut, 'POST', api.guardianAccept.build(), { token })).statusCode).toBe(
      401,
    );
    const accepted = await call(teacherParent, 'POST', api.guardianAccept.build(), { token });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ id: ben.user.id, first_name: 'Ben' });
    expect((await summaryOf(teacherParent, ben.user.id)).statusCode).toBe(200);
    await call(teacherParent, 'DELETE', api.guardianChild.build({ id: ben.user.id }));
  });

  it('keeps a child to two guardians, at invitation and at acceptance', async () => {
    const carla = await buildUser(t.deps, { first_name: 'Carla' });
    const pending = parentAddress();
    await invite(carla, pending);
    const pendingToken = await invitationToken(pending);
    await parentOf(carla);
    await parentOf(carla);
    const third = await invite(carla, parentAddress());
    expect(third.statusCode).toBe(409);
    const late = await call(signedOut, 'POST', api.guardianSignup.build(), {
      token: pendingToken,
      email: pending,
      first_name: 'Late',
      last_name: 'Parent',
      password: 'tall-maple-parent-77',
    });
    expect(late.statusCode).toBe(409);
    // The refused sign-up leaves no account behind.
    const [left] = await t.deps.db.select().from(users).where(eq(users.email, pending));
    expect(left).toBeUndefined();
  });
});

describe('what a parent may read', () => {
  it('hides every child but their own behind one 404, and the card likewise', async () => {
    const parent = await parentOf(ana);
    expect((await summaryOf(parent, ana.user.id)).statusCode).toBe(200);
    const classmate = await summaryOf(parent, ben.user.id);
    const nobody = await summaryOf(parent, 999_999);
    expect(classmate.statusCode).toBe(404);
    expect(nobody.statusCode).toBe(404);
    expect(classmate.json()).toEqual(nobody.json());
    expect((await call(parent, 'GET', api.homeChild.build({ id: ana.user.id }))).statusCode).toBe(
      200,
    );
    expect((await call(parent, 'GET', api.homeChild.build({ id: ben.user.id }))).statusCode).toBe(
      404,
    );
    // The child's teacher is no guardian either.
    expect((await summaryOf(teacher, ana.user.id)).statusCode).toBe(404);
    expect((await summaryOf(signedOut, ana.user.id)).statusCode).toBe(401);
  });

  it('does not let a student reach a classmate through a second account invited as parent', async () => {
    // Ben invites his own second account's address: the link names Ben, never Ana.
    const email = parentAddress();
    const second = await buildUser(t.deps, { email, verified: true });
    expect((await invite(ben, email)).statusCode).toBe(201);
    const token = await invitationToken(email);
    expect((await call(second, 'POST', api.guardianAccept.build(), { token })).statusCode).toBe(
      201,
    );
    expect((await summaryOf(second, ana.user.id)).statusCode).toBe(404);
    const children = await call(second, 'GET', api.guardianChildren.build());
    expect(children.json<GuardianChildren>().results.map((child) => child.id)).toEqual([
      ben.user.id,
    ]);
    // And an invitation for Ana's parent cannot be taken by an account of another address.
    const anasParent = parentAddress();
    await invite(ana, anasParent);
    const anasToken = await invitationToken(anasParent);
    const taken = await call(second, 'POST', api.guardianAccept.build(), { token: anasToken });
    expect(taken.statusCode).toBe(403);
    expect((await summaryOf(second, ana.user.id)).statusCode).toBe(404);
    await call(second, 'DELETE', api.guardianChild.build({ id: ben.user.id }));
  });

  it('shows lessons done with scores and due, certificates, points, contest rank; no comments unless shared', async () => {
    const parent = await parentOf(ana);
    const now = Date.now();
    await t.deps.db.insert(classroomLessons).values([
      {
        classroomId: classroom.id,
        lessonId: lessonId['pay-yourself-first']!,
        dueAt: new Date(now - 86_400_000),
      },
    ]);
    const attempted = await call(
      ana,
      'POST',
      `/api/learn/lessons/${lessonId['gross-and-net-pay']}/attempts/`,
      { answers: grossNetRight },
    );
    expect(attempted.statusCode).toBe(201);
    await t.app.points.record([
      { userId: ana.user.id, points: 25, reason: 'award', source: 'test:guardians' },
    ]);
    const course = (await t.deps.db.select().from(lessons))[0]!.courseId;
    await t.deps.db.insert(certificates).values({
      code: `GUARD${process.pid}`,
      userId: ana.user.id,
      courseId: course,
      classroomId: classroom.id,
      studentName: 'Ana Alvarez',
      courseTitle: 'Money basics',
      classroomName: classroom.name,
      teacherName: 'Rosa',
    });
    const started = await call(teacher, 'POST', api.classroomContests.build({ id: classroom.id }), {
      name: 'Class market game',
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      starting_cash: 1_000_000,
    });
    expect(started.statusCode).toBe(201);

    const summary = (await summaryOf(parent, ana.user.id)).json<ChildSummary>();
    expect(summary.child).toEqual({ id: ana.user.id, first_name: 'Ana', last_name: 'Alvarez' });
    expect(summary.lessons_done).toEqual([
      expect.objectContaining({ lesson_id: lessonId['gross-and-net-pay'], best_percent: 100 }),
    ]);
    expect(summary.lessons_due).toEqual([
      expect.objectContaining({ lesson_id: lessonId['pay-yourself-first'], overdue: true }),
    ]);
    expect(summary.certificates).toEqual([expect.objectContaining({ course: 'Money basics' })]);
    expect(summary.points.available).toBeGreaterThanOrEqual(25);
    expect(summary.points.history[0]).toMatchObject({ points: 25, reason: 'award' });
    expect(summary.contests).toEqual([
      expect.objectContaining({ name: 'Class market game', rank: 1, change_cents: 0 }),
    ]);
    expect(summary.resume_comments).toBeNull();
    // Nothing of the classmate, the board or the class's name travels.
    const text = JSON.stringify(summary);
    expect(text).not.toContain('Ben');
    expect(text).not.toContain('Period 3');

    const card = (
      await call(parent, 'GET', api.homeChild.build({ id: ana.user.id }))
    ).json<HomeChild>();
    expect(card).toMatchObject({
      id: ana.user.id,
      first_name: 'Ana',
      lessons_done: 1,
      lessons_due: 1,
      overdue: 1,
      certificates: 1,
    });

    // Ana shares her résumé's comments: her teacher's comment appears, by first name.
    const resume = await call(ana, 'POST', api.classroomResumes.build({ id: classroom.id }), {
      summary: 'I save part of every paycheck.',
      education: 'Lincoln Middle School',
      experience: 'Dog walking',
      skills: 'Budgets and spreadsheets',
    });
    expect(resume.statusCode, resume.body).toBeLessThan(300);
    const resumeId = resume.json<{ id: number }>().id;
    const commented = await call(
      teacher,
      'POST',
      api.resumeComments.build({ id: classroom.id, resumeId }),
      { body: 'Well organised.' },
    );
    expect(commented.statusCode).toBeLessThan(300);
    expect((await summaryOf(parent, ana.user.id)).json<ChildSummary>().resume_comments).toBeNull();
    const shared = await call(ana, 'PUT', api.guardianSharing.build(), {
      share_resume_comments: true,
    });
    expect(shared.json()).toEqual({ share_resume_comments: true });
    expect((await summaryOf(parent, ana.user.id)).json<ChildSummary>().resume_comments).toEqual([
      expect.objectContaining({ author: 'Rosa', message: 'Well organised.' }),
    ]);
    // Only a student chooses; the parent cannot turn it on or off.
    expect(
      (await call(parent, 'PUT', api.guardianSharing.build(), { share_resume_comments: false }))
        .statusCode,
    ).toBe(403);
    await call(ana, 'PUT', api.guardianSharing.build(), { share_resume_comments: false });
    await call(parent, 'DELETE', api.guardianChild.build({ id: ana.user.id }));
  });
});

describe('ending a link', () => {
  it('the parent stops following: the child’s page is gone at once', async () => {
    const parent = await parentOf(ana);
    expect(
      (await call(parent, 'DELETE', api.guardianChild.build({ id: ana.user.id }))).statusCode,
    ).toBe(204);
    expect((await summaryOf(parent, ana.user.id)).statusCode).toBe(404);
    expect(
      (await call(parent, 'DELETE', api.guardianChild.build({ id: ana.user.id }))).statusCode,
    ).toBe(404);
  });

  it('the student sees and revokes a guardian; nobody else’s guardian', async () => {
    const parent = await parentOf(ana, 'Paz');
    const mine = (await call(ana, 'GET', api.myGuardians.build())).json<StudentGuardians>();
    expect(mine.results).toEqual([
      expect.objectContaining({ id: parent.user.id, first_name: 'Paz', email: parent.email }),
    ]);
    // Ben cannot end Ana's link.
    expect(
      (await call(ben, 'DELETE', api.myGuardian.build({ id: parent.user.id }))).statusCode,
    ).toBe(404);
    expect(
      (await call(ana, 'DELETE', api.myGuardian.build({ id: parent.user.id }))).statusCode,
    ).toBe(204);
    expect((await summaryOf(parent, ana.user.id)).statusCode).toBe(404);
  });

  it('the teacher of the class sees and revokes a student’s guardian; another teacher may not', async () => {
    const parent = await parentOf(ben);
    const url = api.classroomStudentGuardians.build({ id: classroom.id, userId: ben.user.id });
    const listed = (await call(teacher, 'GET', url)).json<StudentGuardians>();
    expect(listed.results.map((line) => line.id)).toContain(parent.user.id);
    expect((await call(otherTeacher, 'GET', url)).statusCode).toBe(404);
    expect((await call(ben, 'GET', url)).statusCode).toBe(403);
    const one = api.classroomStudentGuardian.build({
      id: classroom.id,
      userId: ben.user.id,
      guardianId: parent.user.id,
    });
    expect((await call(otherTeacher, 'DELETE', one)).statusCode).toBe(404);
    expect((await call(teacher, 'DELETE', one)).statusCode).toBe(204);
    expect((await summaryOf(parent, ben.user.id)).statusCode).toBe(404);
  });

  it('ends a live subscription to the child’s points at once, and refuses anyone not linked', async () => {
    const parent = await parentOf(ana);
    const channel = childChannel(ana.user.id);
    const socket = await connect(parent.auth);
    socket.send({ type: 'subscribe', channel });
    await expect.poll(() => socket.received).toContainEqual({ type: 'subscribed', channel });
    const stranger = await connect(ben.auth);
    stranger.send({ type: 'subscribe', channel });
    await expect
      .poll(() => stranger.received)
      .toContainEqual(expect.objectContaining({ type: 'error', channel, reason: 'forbidden' }));

    await t.app.points.record([
      {
        userId: ana.user.id,
        points: 5,
        reason: 'award',
        source: `test:guardians:live:${Date.now()}`,
      },
    ]);
    await expect
      .poll(() => socket.received)
      .toContainEqual(expect.objectContaining({ channel, type: 'points' }));

    expect(
      (await call(ana, 'DELETE', api.myGuardian.build({ id: parent.user.id }))).statusCode,
    ).toBe(204);
    // No call to recheckSessions: the revocation asks the channel's sockets itself.
    await expect
      .poll(() => socket.received)
      .toContainEqual(expect.objectContaining({ type: 'error', channel, reason: 'forbidden' }));
    expect(t.app.realtime.subscriberCount(channel)).toBe(0);
  });
});

describe('the parent’s privacy requests', () => {
  async function untilDone(who: Who, id: number) {
    for (let tries = 0; tries < 200; tries += 1) {
      const job = (await call(who, 'GET', api.dataExport.build({ id }))).json<{ status: string }>();
      if (job.status !== 'pending') return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('export never finished');
  }

  it('exports a followed child’s data, naming who follows them; the guardian’s own names the children', async () => {
    const parent = await parentOf(ben, 'Noa');
    const asked = await call(parent, 'POST', api.guardianChildExport.build({ id: ben.user.id }));
    expect(asked.statusCode).toBe(202);
    const { id } = asked.json<{ id: number }>();
    expect((await untilDone(parent, id)).status).toBe('ready');
    const document = (
      await call(parent, 'GET', `${api.dataExportDownload.build({ id })}?format=json`)
    ).json<{ user: { id: number }; guardians: { guardians: { name: string; email: string }[] } }>();
    expect(document.user.id).toBe(ben.user.id);
    expect(document.guardians.guardians).toContainEqual(
      expect.objectContaining({ name: 'Noa Parent', email: parent.email }),
    );
    const page = await call(parent, 'GET', `${api.dataExportDownload.build({ id })}?format=html`);
    expect(page.body).toContain('Parents who follow me');
    expect(page.body).toContain(parent.email);
    // Ben cannot read the parent's copy; a stranger cannot ask for Ben's.
    expect((await call(ben, 'GET', api.dataExport.build({ id }))).statusCode).toBe(404);
    expect(
      (await call(otherTeacher, 'POST', api.guardianChildExport.build({ id: ben.user.id })))
        .statusCode,
    ).toBe(404);

    const own = await call(parent, 'POST', api.dataExports.build());
    const ownDone = await untilDone(parent, own.json<{ id: number }>().id);
    expect(ownDone.status).toBe('ready');
    const ownDocument = (
      await call(
        parent,
        'GET',
        `${api.dataExportDownload.build({ id: own.json<{ id: number }>().id })}?format=json`,
      )
    ).json<{ children_followed: { name: string }[] }>();
    expect(ownDocument.children_followed).toEqual([expect.objectContaining({ name: 'Ben Brown' })]);
    await call(parent, 'DELETE', api.guardianChild.build({ id: ben.user.id }));
  });

  it('schedules deletion of an account with its own address; asks the school for a teacher-made one', async () => {
    const dana = await buildUser(t.deps, { first_name: 'Dana' });
    const parent = await parentOf(dana);
    const stranger = await parentOf(ana);
    expect(
      (await call(stranger, 'POST', api.guardianChildDeletion.build({ id: dana.user.id })))
        .statusCode,
    ).toBe(404);
    const scheduled = await call(
      parent,
      'POST',
      api.guardianChildDeletion.build({ id: dana.user.id }),
    );
    expect(scheduled.statusCode).toBe(202);
    expect(scheduled.json<GuardianDeletion>()).toMatchObject({ status: 'scheduled' });
    expect((await findUserById(t.deps.db, dana.user.id))?.deletionDueAt).not.toBeNull();

    // A teacher-made account: the teacher's list shows the request; nothing is scheduled.
    const made = await call(
      teacher,
      'POST',
      api.classroomStudentAccounts.build({ id: classroom.id }),
      {
        students: [{ first_name: 'Eli', last_name: 'Evans' }],
      },
    );
    const eli = made.json<{ students: { id: number }[] }>().students[0]!;
    const url = api.classroomStudentGuardians.build({ id: classroom.id, userId: eli.id });
    const email = parentAddress();
    await forgetTodaysInvitations();
    expect((await call(teacher, 'POST', url, { email })).statusCode).toBe(201);
    const token = await invitationToken(email);
    const signup = await call(signedOut, 'POST', api.guardianSignup.build(), {
      token,
      email,
      first_name: 'Eve',
      last_name: 'Evans',
      password: 'tall-maple-parent-77',
    });
    const eve = { auth: { authorization: `JWT ${signup.json<{ token: string }>().token}` } };
    const asked = await call(eve, 'POST', api.guardianChildDeletion.build({ id: eli.id }));
    expect(asked.json<GuardianDeletion>()).toMatchObject({
      status: 'awaiting_school',
      deletion_due_at: null,
    });
    expect((await findUserById(t.deps.db, eli.id))?.deletionDueAt).toBeNull();
    const listed = (await call(teacher, 'GET', url)).json<StudentGuardians>();
    expect(listed.results[0]?.deletion_requested_at).not.toBeNull();
    await call(stranger, 'DELETE', api.guardianChild.build({ id: ana.user.id }));
  });
});

describe('erasure and retention', () => {
  it('erasing the child removes their links and invitations; erasing the guardian, theirs', async () => {
    const fay = await buildUser(t.deps, { first_name: 'Fay' });
    const parent = await parentOf(fay);
    await invite(fay, parentAddress());
    await purgeUser(t.deps, fay.user.id);
    expect(
      await t.deps.db.select().from(guardianLinks).where(eq(guardianLinks.childId, fay.user.id)),
    ).toEqual([]);
    expect(
      await t.deps.db
        .select()
        .from(guardianInvitations)
        .where(eq(guardianInvitations.childId, fay.user.id)),
    ).toEqual([]);
    expect((await call(parent, 'GET', api.guardianChildren.build())).json()).toEqual({
      results: [],
    });

    const gus = await buildUser(t.deps, { first_name: 'Gus' });
    const gusParent = await parentOf(gus);
    await purgeUser(t.deps, gusParent.user.id);
    expect(
      await t.deps.db
        .select()
        .from(guardianLinks)
        .where(eq(guardianLinks.guardianId, gusParent.user.id)),
    ).toEqual([]);
    expect(
      (await call(gus, 'GET', api.myGuardians.build())).json<StudentGuardians>().results,
    ).toEqual([]);
  });

  it('deletes invitations a day after they expired or were accepted, not before', async () => {
    const hal = await buildUser(t.deps);
    const fresh = parentAddress();
    const stale = parentAddress();
    await invite(hal, fresh);
    await invite(hal, stale);
    const now = new Date();
    await t.deps.db
      .update(guardianInvitations)
      .set({ expiresAt: new Date(now.getTime() - 2 * 86_400_000) })
      .where(eq(guardianInvitations.email, stale));
    expect(await deleteSpentInvitations(t.deps.db, now)).toBeGreaterThanOrEqual(1);
    const left = await t.deps.db
      .select({ email: guardianInvitations.email })
      .from(guardianInvitations)
      .where(eq(guardianInvitations.childId, hal.user.id));
    expect(left).toEqual([{ email: fresh }]);
  });
});
