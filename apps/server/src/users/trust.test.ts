import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '@bullpen/contract/messages';
import {
  AWARD_POINTS_MAX,
  AWARD_POINTS_PER_TEACHER_PER_DAY,
  pointsMessages,
} from '@bullpen/contract/points';
import { api } from '@bullpen/contract/routes';
import { availablePoints } from '../points/service.ts';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { buildUser, testAppForFile, latestMailTo, linkToken } from '../test/app.ts';
import {
  callAs,
  classroomsUrl,
  createClassWithStudents,
  signedOut,
  type Who,
} from '../test/classrooms.ts';
import { isOnTrustedDomain, isTrustedTeacher } from './policies.ts';
import { findUserById, grantStaff, staffAuditOf } from './queries.ts';

/** Teachers' trust (docs/decisions/028): who may award points and define rewards. */
const t = testAppForFile({ TEACHER_EMAIL_DOMAINS: 'school.edu, District.K12.US' });

const call = callAs(t);

async function buildStaff() {
  const staff = await buildUser(t.deps, { verified: true, first_name: 'Jordan' });
  await grantStaff(t.deps.db, staff.user.id);
  return staff;
}

/** A class of `teacher` with one student who joined by code. */
const classOf = (teacher: Who) =>
  createClassWithStudents(t.app, teacher, {
    name: 'Period 2 Economics',
    students: [{ first_name: 'Sam' }],
  });

const award = (who: Who, classroomId: number, student: number, points = 10) =>
  call(who, 'POST', api.classroomPointsAwards.build({ id: classroomId }), {
    student,
    points,
    reason: 'Helped a classmate',
  });

const me = async (who: Who & { user: { id: number } }) =>
  (await call(who, 'GET', api.user.build({ id: who.user.id }))).json() as {
    teacher_trusted: boolean;
  };

/** Signs up through the API and opens the verification link mailed to the address. */
async function signUpAndVerify(email: string, isTeacher = true) {
  const username = `t${Math.floor(Math.random() * 1e9)}`;
  const signup = await t.app.inject({
    method: 'POST',
    url: api.users.build(),
    payload: {
      username,
      email,
      password: 'tall-maple-orchard',
      first_name: 'Ana',
      last_name: 'Lopez',
      is_teacher: isTeacher,
      ...(isTeacher ? {} : { date_of_birth: '2000-01-01' }),
    },
  });
  expect(signup.statusCode).toBe(201);
  const session = signup.json() as {
    token: string;
    user: { id: number; teacher_trusted: boolean };
  };
  const who = { auth: { authorization: `JWT ${session.token}` }, user: session.user };
  const before = await me(who);
  const mail = (await latestMailTo(t.deps, email))!;
  const verified = await call(signedOut, 'POST', '/api/auth/verify-email/', {
    token: linkToken(mail.textBody, '/public/email-verification'),
  });
  expect(verified.statusCode).toBe(200);
  return { who, signedUpTrusted: session.user.teacher_trusted, before, after: await me(who) };
}

describe('TEACHER_EMAIL_DOMAINS', () => {
  it('is a comma-separated list of domains, lowercased, empty by default', () => {
    expect(loadConfig({}).teacherEmailDomains).toEqual([]);
    expect(
      loadConfig({ TEACHER_EMAIL_DOMAINS: ' School.EDU ,k12.us,' }).teacherEmailDomains,
    ).toEqual(['school.edu', 'k12.us']);
    expect(() => loadConfig({ TEACHER_EMAIL_DOMAINS: 'school.edu,not a domain' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ TEACHER_EMAIL_DOMAINS: '@school.edu' })).toThrow(/TEACHER_EMAIL/);
  });

  it('matches the domain itself or a subdomain, whatever the case, and nothing else', () => {
    const domains = ['school.edu', 'district.k12.us'];
    expect(isOnTrustedDomain('ana@school.edu', domains)).toBe(true);
    expect(isOnTrustedDomain('ana@SCHOOL.Edu', domains)).toBe(true);
    expect(isOnTrustedDomain('ana@hs.district.k12.us', domains)).toBe(true);
    expect(isOnTrustedDomain('ana@evilschool.edu', domains)).toBe(false);
    expect(isOnTrustedDomain('ana@school.edu.evil.test', domains)).toBe(false);
    expect(isOnTrustedDomain('school.edu@evil.test', domains)).toBe(false);
    expect(isOnTrustedDomain('ana@school.edu', [])).toBe(false);
    expect(isOnTrustedDomain(null, domains)).toBe(false);
    expect(isOnTrustedDomain('no-at-sign', domains)).toBe(false);
  });
});

describe('a teacher on an allowed domain', () => {
  it('is trusted the moment the address is verified, not before', async () => {
    const { who, signedUpTrusted, before, after } = await signUpAndVerify(
      `ana${Date.now()}@School.edu`,
    );
    expect(signedUpTrusted).toBe(false);
    expect(before.teacher_trusted).toBe(false);
    expect(after.teacher_trusted).toBe(true);
    const { classroom, student } = await classOf(who);
    expect((await award(who, classroom.id, student.user.id)).statusCode).toBe(201);
    // Trusted by the domain, not by a staff member: nobody is named, nothing is audited.
    expect(await staffAuditOf(t.deps.db, who.user.id)).toEqual([]);
  });

  it('on a subdomain too', async () => {
    const { after } = await signUpAndVerify(`bo${Date.now()}@hs.district.k12.us`);
    expect(after.teacher_trusted).toBe(true);
  });

  it('stays pending on any other domain, and a student is never a trusted teacher', async () => {
    expect((await signUpAndVerify(`cy${Date.now()}@evilschool.edu`)).after.teacher_trusted).toBe(
      false,
    );
    expect((await signUpAndVerify(`di${Date.now()}@school.edu`, false)).after.teacher_trusted).toBe(
      false,
    );
  });

  it('is trusted when they move to a verified address on an allowed domain', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true });
    expect((await me(teacher)).teacher_trusted).toBe(false);
    const newAddress = `moved${Date.now()}@school.edu`;
    const change = await call(teacher, 'PATCH', api.user.build({ id: teacher.user.id }), {
      email: newAddress,
      current_password: teacher.password,
    });
    expect(change.statusCode).toBe(200);
    // Asking is not enough: the address is not proven yet.
    expect((await me(teacher)).teacher_trusted).toBe(false);
    const mail = (await latestMailTo(t.deps, newAddress))!;
    await call(signedOut, 'POST', '/api/auth/verify-email/', {
      token: linkToken(mail.textBody, '/public/email-verification'),
    });
    expect((await me(teacher)).teacher_trusted).toBe(true);
  });
});

describe('a teacher waiting for approval', () => {
  it('cannot award points or define rewards, and is told why; the class itself works', async () => {
    const pending = await buildUser(t.deps, { is_teacher: true, verified: true });
    const trusted = await buildUser(t.deps, { is_teacher: true, verified: true, trusted: true });
    expect(isTrustedTeacher(pending.user)).toBe(false);
    expect(isTrustedTeacher(trusted.user)).toBe(true);
    const mine = await classOf(pending);
    const theirs = await classOf(trusted);

    const refused = await award(pending, mine.classroom.id, mine.student.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: authMessages.teacherNotTrusted });
    expect(await availablePoints(t.deps.db, mine.student.user.id)).toBe(0);
    expect((await award(trusted, theirs.classroom.id, theirs.student.user.id)).statusCode).toBe(
      201,
    );

    const reward = { name: 'Homework pass', description: 'Skip one homework', cost: 30 };
    const create = (who: Who, classroomId: number) =>
      call(who, 'POST', api.classroomRewards.build({ id: classroomId }), reward);
    const refusedReward = await create(pending, mine.classroom.id);
    expect(refusedReward.statusCode).toBe(403);
    expect(refusedReward.json()).toEqual({ error: authMessages.teacherNotTrusted });
    const made = await create(trusted, theirs.classroom.id);
    expect(made.statusCode).toBe(201);

    // Everything else a teacher does still works: reading the class, its rewards, the allowance.
    for (const url of [
      `${classroomsUrl}${mine.classroom.id}/`,
      api.classroomRewards.build({ id: mine.classroom.id }),
      api.classroomPointsAwards.build({ id: mine.classroom.id }),
    ]) {
      expect((await call(pending, 'GET', url)).statusCode, url).toBe(200);
    }
    // The refusal is for the class's teacher: a stranger still gets the class's 404 first.
    expect((await award(pending, theirs.classroom.id, theirs.student.user.id)).statusCode).toBe(
      404,
    );
  });

  it('that staff revoke can no longer change a reward or award', async () => {
    const staff = await buildStaff();
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true, trusted: true });
    const { classroom, student } = await classOf(teacher);
    const made = await call(teacher, 'POST', api.classroomRewards.build({ id: classroom.id }), {
      name: 'Front of the line',
      cost: 20,
    });
    expect(made.statusCode).toBe(201);
    const rewardUrl = api.classroomReward.build({ id: classroom.id, rewardId: made.json().id });

    const revoked = await call(
      staff,
      'DELETE',
      api.staffTeacherTrust.build({ id: teacher.user.id }),
    );
    expect(revoked.statusCode).toBe(200);
    const patched = await call(teacher, 'PATCH', rewardUrl, { cost: 10 });
    expect(patched.statusCode).toBe(403);
    expect(patched.json()).toEqual({ error: authMessages.teacherNotTrusted });
    expect((await award(teacher, classroom.id, student.user.id)).json()).toEqual({
      error: authMessages.teacherNotTrusted,
    });
    // Taking a reward off sale stays possible.
    expect((await call(teacher, 'DELETE', rewardUrl)).statusCode).toBe(204);
  });
});

describe('the staff page of teachers', () => {
  it('is for staff only: a teacher, a student and a stranger are refused', async () => {
    const staff = await buildStaff();
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true, trusted: true });
    const student = await buildUser(t.deps);
    const target = await buildUser(t.deps, { is_teacher: true });
    const trustUrl = api.staffTeacherTrust.build({ id: target.user.id });
    for (const [who, status] of [
      [teacher, 403],
      [student, 403],
      [signedOut, 401],
    ] as const) {
      expect((await call(who, 'GET', api.staffTeachers.build())).statusCode).toBe(status);
      expect((await call(who, 'POST', trustUrl)).statusCode).toBe(status);
      expect((await call(who, 'DELETE', trustUrl)).statusCode).toBe(status);
    }
    expect((await me(target)).teacher_trusted).toBe(false);
    expect(await staffAuditOf(t.deps.db, target.user.id)).toEqual([]);
    expect((await call(staff, 'GET', api.staffTeachers.build())).statusCode).toBe(200);
    expect((await call(staff, 'POST', trustUrl)).statusCode).toBe(200);
  });

  it('lists pending teachers, approves one who can then award, revokes, and records each', async () => {
    const staff = await buildStaff();
    const teacher = await buildUser(t.deps, {
      is_teacher: true,
      verified: true,
      first_name: 'Eva',
      last_name: 'Pending',
    });
    const student = await buildUser(t.deps);
    const listed = async (status: 'pending' | 'trusted') => {
      const page = await call(
        staff,
        'GET',
        `${api.staffTeachers.build()}?status=${status}&page_size=500`,
      );
      expect(page.statusCode).toBe(200);
      return page.json() as {
        count: number;
        results: { id: number; trusted_by: string | null; trusted_at: string | null }[];
      };
    };
    const pending = await listed('pending');
    // Newest sign-ups first; a student is no teacher and is not listed.
    expect(pending.results[0]).toEqual({
      id: teacher.user.id,
      username: teacher.user.username,
      first_name: 'Eva',
      last_name: 'Pending',
      email: teacher.user.email,
      email_verified: true,
      joined_at: teacher.user.createdAt.toISOString(),
      trusted_at: null,
      trusted_by: null,
    });
    expect(pending.results.map((row) => row.id)).not.toContain(student.user.id);
    // Without a status, the pending ones.
    const byDefault = (await call(staff, 'GET', api.staffTeachers.build())).json();
    expect(byDefault.count).toBe(pending.count);

    const { classroom, student: pupil } = await classOf(teacher);
    expect((await award(teacher, classroom.id, pupil.user.id)).statusCode).toBe(403);

    const trustUrl = api.staffTeacherTrust.build({ id: teacher.user.id });
    const approved = await call(staff, 'POST', trustUrl);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      id: teacher.user.id,
      trusted_at: expect.any(String),
      trusted_by: staff.user.username,
    });
    expect((await listed('pending')).results.map((row) => row.id)).not.toContain(teacher.user.id);
    const trustedList = await listed('trusted');
    expect(trustedList.results[0]).toMatchObject({
      id: teacher.user.id,
      trusted_by: staff.user.username,
    });
    // The teacher's session knows at once, and the award goes through.
    expect((await me(teacher)).teacher_trusted).toBe(true);
    expect((await award(teacher, classroom.id, pupil.user.id)).statusCode).toBe(201);

    const revoked = await call(staff, 'DELETE', trustUrl);
    expect(revoked.json()).toMatchObject({ trusted_at: null, trusted_by: null });
    expect((await me(teacher)).teacher_trusted).toBe(false);
    expect((await award(teacher, classroom.id, pupil.user.id)).statusCode).toBe(403);
    // Revoking again changes nothing and records nothing.
    expect((await call(staff, 'DELETE', trustUrl)).statusCode).toBe(200);

    const audit = await staffAuditOf(t.deps.db, teacher.user.id);
    expect(audit.map(({ actorId, action }) => ({ actorId, action }))).toEqual([
      { actorId: staff.user.id, action: 'teacher.trust' },
      { actorId: staff.user.id, action: 'teacher.revoke' },
    ]);
    expect(audit[0]!.at).toBeInstanceOf(Date);
  });

  it('records one approval when many arrive at once', async () => {
    const [first, second] = [await buildStaff(), await buildStaff()];
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true });
    const trustUrl = api.staffTeacherTrust.build({ id: teacher.user.id });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => call(index % 2 ? first : second, 'POST', trustUrl)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    const audit = await staffAuditOf(t.deps.db, teacher.user.id);
    expect(audit).toHaveLength(1);
    // Every answer names the one approval that happened.
    const names = new Set(responses.map((response) => response.json().trusted_by));
    expect(names).toEqual(
      new Set([audit[0]!.actorId === first.user.id ? first.user.username : second.user.username]),
    );
  });

  it('answers an account that is no teacher with 404, bad input with 400', async () => {
    const staff = await buildStaff();
    const student = await buildUser(t.deps);
    const notTeacher = await call(
      staff,
      'POST',
      api.staffTeacherTrust.build({ id: student.user.id }),
    );
    expect(notTeacher.statusCode).toBe(404);
    expect(notTeacher.json()).toEqual({ error: authMessages.teacherNotFound });
    expect((await me(student)).teacher_trusted).toBe(false);
    expect(await staffAuditOf(t.deps.db, student.user.id)).toEqual([]);
    expect(
      (await call(staff, 'POST', api.staffTeacherTrust.build({ id: 999_999_999 }))).statusCode,
    ).toBe(404);
    expect((await call(staff, 'POST', '/api/staff/teachers/abc/trust/')).statusCode).toBe(400);
    const badStatus = await call(staff, 'GET', `${api.staffTeachers.build()}?status=everyone`);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toEqual({ status: [authMessages.teacherStatusChoice] });
  });
});

describe('the daily cap', () => {
  it('holds when 20 awards of one trusted teacher arrive together', async () => {
    const teacher = await buildUser(t.deps, { is_teacher: true, verified: true, trusted: true });
    const { classroom, student } = await classOf(teacher);
    // 20 awards of the most one award gives: twice the daily cap, so exactly half fit.
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        award(teacher, classroom.id, student.user.id, AWARD_POINTS_MAX),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    const fit = AWARD_POINTS_PER_TEACHER_PER_DAY / AWARD_POINTS_MAX;
    expect(codes.filter((code) => code === 201)).toHaveLength(fit);
    expect(codes.filter((code) => code === 409)).toHaveLength(20 - fit);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: pointsMessages.awardCap(0) });
    }
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(
      AWARD_POINTS_PER_TEACHER_PER_DAY,
    );
  });
});

describe('the migration that brings trust in', () => {
  it('leaves every teacher pending but the demo teacher', async () => {
    // The hand-written statement after the generated ones (docs/decisions/028), run again on
    // teachers made since: it is what a database with teachers already in it gets.
    const dir = path.resolve(import.meta.dirname, '../../drizzle');
    const marker = '-- hand-written: every teacher already in the database starts pending';
    const file = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
      .find((text) => text.includes(marker));
    expect(file).toBeDefined();
    const backfill = file!.slice(file!.indexOf(marker));
    const demoTeacher = await buildUser(t.deps, {
      username: 'ms.rivera',
      email: 'teacher@demo.bullpen.local',
      is_teacher: true,
      verified: true,
    });
    const other = await buildUser(t.deps, { is_teacher: true, verified: true });
    await t.deps.db.execute(sql.raw(backfill));
    expect((await findUserById(t.deps.db, demoTeacher.user.id))?.teacherTrustedAt).toBeInstanceOf(
      Date,
    );
    expect((await findUserById(t.deps.db, other.user.id))?.teacherTrustedAt).toBeNull();
  });
});
