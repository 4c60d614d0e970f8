import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { RosterApplyResult, RosterPlan } from '@bullpen/contract/rosters';
import { api } from '@bullpen/contract/routes';
import { classroomMembers, classrooms } from '../db/schema/classrooms.ts';
import { rosterClasses, rosterImports, rosterUsers } from '../db/schema/rosters.ts';
import { userTokens } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { buildTestApp, buildUser, latestMailTo, linkToken, type TestApp } from '../test/app.ts';
import { buildClassroom, callAs, signedOut } from '../test/classrooms.ts';
import { purgeUser } from '../users/deletion.ts';
import { findUserById, grantStaff } from '../users/queries.ts';
import {
  type Bundle,
  csvLine,
  googleClassroomFixture,
  googleUpload,
  oneRosterFixture,
  oneRosterUpload,
  oneRosterZipUpload,
} from './fixtures/bundle.ts';
import { exportRosterRowsOf } from './queries.ts';

/**
 * Rosters in over HTTP: a OneRoster 1.2 bundle previewed then applied by staff, applied again
 * (nothing changes), changed (names, a class's title, a student removed from a class), every
 * kind of broken upload (nothing changes), a teacher's import (their classes only), a Google
 * Classroom roster, who may call the routes, and what erasure and the export do with the rows.
 */

let t: TestApp;
let call: ReturnType<typeof callAs>;
type User = Awaited<ReturnType<typeof buildUser>>;
let staff: User;
let rosa: User;
let omar: User;
let student: User;
const preview = api.rosterPreview.pattern;
const apply = api.rosterApply.pattern;

beforeAll(async () => {
  t = await buildTestApp();
  call = callAs(t);
  staff = await buildUser(t.deps);
  await grantStaff(t.deps.db, staff.user.id);
  rosa = await buildUser(t.deps, {
    is_teacher: true,
    email: 'rosa.rivera@lincoln.example',
    first_name: 'Rosa',
    last_name: 'Rivera',
  });
  omar = await buildUser(t.deps, {
    is_teacher: true,
    email: 'omar.ortiz@lincoln.example',
    first_name: 'Omar',
    last_name: 'Ortiz',
  });
  student = await buildUser(t.deps);
});
afterAll(async () => t.close());

async function tableCounts() {
  const [classes] = await t.deps.db.select({ n: count() }).from(classrooms);
  const [members] = await t.deps.db.select({ n: count() }).from(classroomMembers);
  const [people] = await t.deps.db.select({ n: count() }).from(users);
  const [links] = await t.deps.db.select({ n: count() }).from(rosterUsers);
  return { classes: classes!.n, members: members!.n, people: people!.n, links: links!.n };
}

async function classroomOf(sourcedId: string) {
  const [link] = await t.deps.db
    .select()
    .from(rosterClasses)
    .where(eq(rosterClasses.sourcedId, `oneroster:${sourcedId}`));
  if (!link) return undefined;
  const [row] = await t.deps.db
    .select()
    .from(classrooms)
    .where(eq(classrooms.id, link.classroomId));
  return row;
}

async function memberNames(classroomId: number): Promise<string[]> {
  const rows = await t.deps.db
    .select({ first: users.firstName, last: users.lastName })
    .from(classroomMembers)
    .innerJoin(users, eq(users.id, classroomMembers.userId))
    .where(eq(classroomMembers.classroomId, classroomId));
  return rows.map((row) => `${row.first} ${row.last}`).sort();
}

/** The fixture with `file`'s text changed by `change`. */
function changed(file: string, change: (text: string) => string, bundle = oneRosterFixture()) {
  return { ...bundle, [file]: change(bundle[file]!) } satisfies Bundle;
}

describe('a OneRoster bundle imported by staff', () => {
  it('previews what it would do, with every problem by file and line, and changes nothing', async () => {
    const before = await tableCounts();
    const response = await call(staff, 'POST', preview, oneRosterUpload(oneRosterFixture()));
    expect(response.statusCode).toBe(200);
    const plan = response.json<RosterPlan>();
    expect(plan.classes).toEqual({ create: 2, update: 0, unchanged: 0 });
    // Rosa and Omar have accounts with the roster's addresses: linked by sourcedId on apply.
    expect(plan.teachers).toEqual({ matched: 2, missing: 0, create: 0, update: 2, unchanged: 0 });
    // Ana, Ben and Cai have no address: accounts; Dee and Eli have one: invitations.
    expect(plan.students).toEqual({ create: 3, update: 0, unchanged: 0, invite: 2 });
    expect(plan.enrolments).toEqual({ add: 4, remove: 0, unchanged: 0 });
    expect(plan.class_lines.map((line) => [line.sourced_id, line.title, line.teacher])).toEqual([
      ['class-p3', 'Period 3 Economics', 'Rosa Rivera'],
      ['class-p5', 'Period 5 Economics', 'Omar Ortiz'],
    ]);
    expect(plan.problems).toEqual([
      {
        file: 'enrollments.csv',
        line: 10,
        message: 'role "aide" is not imported (only teacher and student are)',
      },
    ]);
    expect(plan.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await tableCounts()).toEqual(before);
  });

  it('reads the same files from a zip (the same digest)', async () => {
    const plain = await call(staff, 'POST', preview, oneRosterUpload(oneRosterFixture()));
    const zipped = await call(staff, 'POST', preview, oneRosterZipUpload(oneRosterFixture()));
    expect(zipped.statusCode).toBe(200);
    expect(zipped.json<RosterPlan>()).toEqual(plain.json<RosterPlan>());
  });

  it('applies: classes for their teachers, accounts with login cards, invitations by mail', async () => {
    const response = await call(staff, 'POST', apply, oneRosterUpload(oneRosterFixture()));
    expect(response.statusCode).toBe(201);
    const result = response.json<RosterApplyResult>();
    expect(result.students).toEqual({ create: 3, update: 0, unchanged: 0, invite: 2 });
    expect(result.credentials.map((card) => `${card.first_name} ${card.last_name}`).sort()).toEqual(
      ['Ana Alvarez', 'Ben Brown', 'Cai Chen'],
    );
    for (const card of result.credentials) expect(card.password.length).toBeGreaterThan(8);
    const p3 = (await classroomOf('class-p3'))!;
    const p5 = (await classroomOf('class-p5'))!;
    expect(p3).toMatchObject({
      name: 'Period 3 Economics',
      teacherId: rosa.user.id,
      grade: '09',
      subject: 'Economics',
      school: 'Lincoln High School',
    });
    expect(p5.teacherId).toBe(omar.user.id);
    expect(await memberNames(p3.id)).toEqual(['Ana Alvarez', 'Ben Brown']);
    expect(await memberNames(p5.id)).toEqual(['Ana Alvarez', 'Cai Chen']);
    // The made accounts are the teacher's, as a paste makes them.
    const ana = await findUserById(
      t.deps.db,
      result.credentials.find((c) => c.first_name === 'Ana')!.id,
    );
    expect(ana).toMatchObject({ email: null, createdByTeacherId: rosa.user.id });
    const invitation = await latestMailTo(t.deps, 'dee.diaz@students.lincoln.example');
    expect(invitation?.textBody).toContain(`join-classroom?code=${p3.joinCode}`);
    expect(await latestMailTo(t.deps, 'eli.evans@students.lincoln.example')).toBeDefined();
    const [log] = await t.deps.db
      .select()
      .from(rosterImports)
      .where(eq(rosterImports.id, result.import_id));
    expect(log).toMatchObject({
      actorId: staff.user.id,
      format: 'oneroster',
      digest: result.digest,
    });
  });

  it('changes nothing when the same files come again', async () => {
    const before = await tableCounts();
    const response = await call(staff, 'POST', apply, oneRosterUpload(oneRosterFixture()));
    expect(response.statusCode).toBe(201);
    const result = response.json<RosterApplyResult>();
    expect(result.classes).toEqual({ create: 0, update: 0, unchanged: 2 });
    expect(result.teachers).toMatchObject({ create: 0, update: 0, unchanged: 2 });
    // Ana is one person in two classes; the invitations went out already.
    expect(result.students).toEqual({ create: 0, update: 0, unchanged: 5, invite: 0 });
    expect(result.enrolments).toEqual({ add: 0, remove: 0, unchanged: 4 });
    expect(result.credentials).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  });

  it('names the account a school sign-in reaches by the roster’s sourcedId', async () => {
    const [ana] = await t.deps.db
      .select()
      .from(rosterUsers)
      .where(eq(rosterUsers.sourcedId, 'oneroster:s-ana'));
    const claims = (sourcedId?: string) => ({
      provider: 'school',
      issuer: 'https://idp.district.test',
      subject: 'idp-subject-1',
      email: 'someone.else@district.test',
      sourcedId,
    });
    const ask = async (sourcedId?: string) => {
      for (const matcher of t.app.oidc.matchers) {
        const match = await matcher(t.deps.db, claims(sourcedId));
        if (match) return match;
      }
      return undefined;
    };
    expect(await ask('s-ana')).toEqual({ userId: ana!.userId });
    expect(await ask('s-nobody')).toBeUndefined();
    expect(await ask(undefined)).toBeUndefined();
  });

  it('updates names and titles, and takes a student out of a class keeping their account', async () => {
    let bundle = changed('users.csv', (text) =>
      text.replace('"Ana","Alvarez"', '"Anna","Alvarez"'),
    );
    bundle = changed(
      'classes.csv',
      (text) => text.replace('"Period 3 Economics"', '"Period 3 Economics (honors)"'),
      bundle,
    );
    bundle = changed('enrollments.csv', (text) => text.replace(/^"e-3".*\n/m, ''), bundle);
    const planned = await call(staff, 'POST', preview, oneRosterUpload(bundle));
    expect(planned.json<RosterPlan>()).toMatchObject({
      classes: { create: 0, update: 1, unchanged: 1 },
      students: { create: 0, update: 1, unchanged: 3, invite: 0 },
      enrolments: { add: 0, remove: 1, unchanged: 3 },
    });
    const response = await call(staff, 'POST', apply, oneRosterUpload(bundle));
    expect(response.statusCode).toBe(201);
    const p3 = (await classroomOf('class-p3'))!;
    expect(p3.name).toBe('Period 3 Economics (honors)');
    expect(await memberNames(p3.id)).toEqual(['Anna Alvarez']);
    const [ben] = await t.deps.db.select().from(users).where(eq(users.firstName, 'Ben'));
    expect(ben?.purgedAt).toBeNull();
    // Ben's link stays: a later file that lists him again enrols the same account.
    const again = await call(staff, 'POST', apply, oneRosterUpload(oneRosterFixture()));
    expect(again.json<RosterApplyResult>().enrolments).toMatchObject({ add: 1, remove: 0 });
    expect(await memberNames(p3.id)).toEqual(['Ana Alvarez', 'Ben Brown']);
  });

  it('leaves alone a class whose teacher has no account and no address, saying which line', async () => {
    // A new class whose teacher (a new sourcedId) has no address: no account can be made.
    let bundle = changed('users.csv', (text) =>
      text.replace('"t-omar"', '"t-olga"').replace('omar.ortiz@lincoln.example', ''),
    );
    bundle = changed('classes.csv', (text) => text.replace('"class-p5"', '"class-p6"'), bundle);
    bundle = changed(
      'enrollments.csv',
      (text) => text.replaceAll('"class-p5"', '"class-p6"').replaceAll('"t-omar"', '"t-olga"'),
      bundle,
    );
    const response = await call(staff, 'POST', preview, oneRosterUpload(bundle));
    const plan = response.json<RosterPlan>();
    expect(plan.teachers).toEqual({ matched: 1, missing: 1, create: 0, update: 0, unchanged: 1 });
    expect(plan.class_lines.map((line) => line.sourced_id)).toEqual(['class-p3']);
    expect(plan.problems).toEqual(
      expect.arrayContaining([
        {
          file: 'users.csv',
          line: 3,
          message:
            'no Bullpen teacher account has the address of Omar Ortiz: they sign up as a teacher first',
        },
        {
          file: 'classes.csv',
          line: 3,
          message:
            'the class "Period 5 Economics" has no teacher with a Bullpen account: it is left out',
        },
      ]),
    );
  });
});

/** The fixture with one more class, Period 7, taught by `teacher` (a users.csv line's values). */
function withPeriod7(teacher: { key: string; first: string; last: string; email: string }) {
  const line = (values: string[]) => `${csvLine(values)}\n`;
  const at = '2026-08-01T00:00:00.000Z';
  let bundle = changed(
    'users.csv',
    (text) =>
      text +
      line([
        teacher.key,
        '',
        at,
        'true',
        '',
        '',
        teacher.first,
        teacher.last,
        '',
        '',
        teacher.email,
      ]).replace(/\n$/, `${',""'.repeat(12)}\n`) +
      line(['s-fay', '', at, 'true', '', '', 'Fay', 'Fox', '', '', '']).replace(
        /\n$/,
        `${',""'.repeat(12)}\n`,
      ),
  );
  bundle = changed(
    'classes.csv',
    (text) =>
      text +
      line([
        'class-p7',
        '',
        at,
        'Period 7 Economics',
        '11',
        'course-econ',
        'ECON9-7',
        'scheduled',
        'Room 16',
        'org-school-1',
        'as-2027-fall',
        'Economics',
        '',
        '7',
      ]),
    bundle,
  );
  return changed(
    'enrollments.csv',
    (text) =>
      text +
      line(['e-70', '', at, 'class-p7', 'org-school-1', teacher.key, 'teacher', 'true', '', '']) +
      line(['e-71', '', at, 'class-p7', 'org-school-1', 's-fay', 'student', 'false', '', '']),
    bundle,
  );
}

describe('teachers a staff import makes', () => {
  const tess = {
    key: 't-tess',
    first: 'Tess',
    last: 'Turner',
    email: 'tess.turner@lincoln.example',
  };

  it('previews a teacher to make for a rostered teacher with an address and no account', async () => {
    const before = await tableCounts();
    const response = await call(staff, 'POST', preview, oneRosterUpload(withPeriod7(tess)));
    expect(response.statusCode).toBe(200);
    const plan = response.json<RosterPlan>();
    expect(plan.teachers).toEqual({ matched: 2, missing: 0, create: 1, update: 0, unchanged: 2 });
    expect(plan.classes.create).toBe(1);
    expect(plan.class_lines.find((line) => line.sourced_id === 'class-p7')).toMatchObject({
      action: 'create',
      teacher: 'Tess Turner',
      students: 1,
    });
    expect(plan.problems.map((problem) => problem.message).join('\n')).not.toContain('Tess');
    expect(await tableCounts()).toEqual(before);
  });

  it('applies: a trusted teacher linked by sourcedId, owning the class, mailed a link to choose a password', async () => {
    const response = await call(staff, 'POST', apply, oneRosterUpload(withPeriod7(tess)));
    expect(response.statusCode).toBe(201);
    const result = response.json<RosterApplyResult>();
    expect(result.teachers).toMatchObject({ create: 1, update: 0, unchanged: 2 });
    const [made] = await t.deps.db.select().from(users).where(eq(users.email, tess.email));
    expect(made).toMatchObject({
      firstName: 'Tess',
      lastName: 'Turner',
      isTeacher: true,
      teacherTrustedBy: staff.user.id,
      emailVerifiedAt: null,
    });
    expect(made!.teacherTrustedAt).toBeInstanceOf(Date);
    const [link] = await t.deps.db
      .select()
      .from(rosterUsers)
      .where(eq(rosterUsers.sourcedId, 'oneroster:t-tess'));
    expect(link?.userId).toBe(made!.id);
    const p7 = (await classroomOf('class-p7'))!;
    expect(p7.teacherId).toBe(made!.id);
    expect(await memberNames(p7.id)).toEqual(['Fay Fox']);
    // Fay's account is Tess's, as a paste of hers would make it.
    const fay = result.credentials.find((card) => card.first_name === 'Fay')!;
    expect((await findUserById(t.deps.db, fay.id))?.createdByTeacherId).toBe(made!.id);

    const mail = await latestMailTo(t.deps, tess.email);
    expect(mail?.subject).toBe('Your teacher account on Bullpen');
    // Mailed, so often read days later: the link lasts a week, not a reset's hour.
    expect(mail!.textBody).toContain('for 7 days');
    const [pending] = await t.deps.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.userId, made!.id));
    const lifetime = pending!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(6.9 * 86_400_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 86_400_000);
    const token = linkToken(mail!.textBody, '/public/reset-password');
    const chosen = await t.app.inject({
      method: 'POST',
      url: api.resetPassword.pattern,
      payload: { token, password: 'tess chooses her own secret' },
    });
    expect(chosen.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api-token-auth/',
      payload: { username: tess.email, password: 'tess chooses her own secret' },
    });
    expect(login.statusCode).toBe(200);
    // Opening the link proved the address.
    expect((await findUserById(t.deps.db, made!.id))?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('changes nothing when the same files come again', async () => {
    const before = await tableCounts();
    const response = await call(staff, 'POST', apply, oneRosterUpload(withPeriod7(tess)));
    expect(response.statusCode).toBe(201);
    const result = response.json<RosterApplyResult>();
    expect(result.teachers).toEqual({ matched: 3, missing: 0, create: 0, update: 0, unchanged: 3 });
    expect(result.classes).toMatchObject({ create: 0 });
    expect(result.credentials).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  });

  it('leaves out a teacher whose address is a student’s account', async () => {
    const taken = { key: 't-sam', first: 'Sam', last: 'Stone', email: student.user.email };
    let bundle = withPeriod7(taken);
    bundle = changed('classes.csv', (text) => text.replace('"class-p7"', '"class-p8"'), bundle);
    bundle = changed(
      'enrollments.csv',
      (text) => text.replaceAll('"class-p7"', '"class-p8"'),
      bundle,
    );
    const plan = (await call(staff, 'POST', preview, oneRosterUpload(bundle))).json<RosterPlan>();
    expect(plan.teachers).toMatchObject({ create: 0, missing: 1 });
    expect(plan.problems.map((problem) => problem.message)).toContain(
      `the address of Sam Stone (${student.user.email}) belongs to an account that is not a teacher's: they are left out`,
    );
    expect(plan.class_lines.map((line) => line.sourced_id)).not.toContain('class-p8');
  });

  it('makes one account for two rostered teachers with one address', async () => {
    const vic = { key: 't-vic', first: 'Vic', last: 'Vance', email: 'vic.vance@lincoln.example' };
    let bundle = withPeriod7(vic);
    bundle = changed('classes.csv', (text) => text.replace('"class-p7"', '"class-p9"'), bundle);
    bundle = changed(
      'enrollments.csv',
      (text) => text.replaceAll('"class-p7"', '"class-p9"'),
      bundle,
    );
    // A second line, another sourcedId, the same address (any case), teaching Period 9 too.
    bundle = changed(
      'users.csv',
      (text) =>
        text +
        `${csvLine(['t-vic2', '', '2026-08-01T00:00:00.000Z', 'true', '', '', 'Victor', 'Vance', '', '', 'VIC.vance@lincoln.example', ...Array<string>(12).fill('')])}\n`,
      bundle,
    );
    bundle = changed(
      'enrollments.csv',
      (text) =>
        text +
        `${csvLine(['e-90', '', '2026-08-01T00:00:00.000Z', 'class-p9', 'org-school-1', 't-vic2', 'teacher', 'false', '', ''])}\n`,
      bundle,
    );
    const result = (
      await call(staff, 'POST', apply, oneRosterUpload(bundle))
    ).json<RosterApplyResult>();
    expect(result.teachers).toMatchObject({ create: 1, missing: 1 });
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        message:
          'Victor Vance has the address of another teacher of the roster (vic.vance@lincoln.example): they are left out',
      }),
    );
    const made = await t.deps.db.select().from(users).where(eq(users.lastName, 'Vance'));
    expect(made.map((user) => user.firstName)).toEqual(['Vic']);
    expect((await classroomOf('class-p9'))?.teacherId).toBe(made[0]!.id);
  });

  it('a teacher’s own import never makes a co-teacher: the problem line stays', async () => {
    const uma = { key: 't-uma', first: 'Uma', last: 'Upton', email: 'uma.upton@lincoln.example' };
    let bundle = withPeriod7(uma);
    // Uma teaches Rosa's Period 3 with her.
    bundle = changed(
      'enrollments.csv',
      (text) =>
        text +
        `${csvLine(['e-72', '', '2026-08-01T00:00:00.000Z', 'class-p3', 'org-school-1', 't-uma', 'teacher', 'false', '', ''])}\n`,
      bundle,
    );
    const before = await tableCounts();
    const response = await call(rosa, 'POST', apply, oneRosterUpload(bundle));
    expect(response.statusCode).toBe(201);
    const result = response.json<RosterApplyResult>();
    expect(result.teachers.create).toBe(0);
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        file: 'users.csv',
        message:
          'no Bullpen teacher account has the address of Uma Upton (uma.upton@lincoln.example): they sign up as a teacher first',
      }),
    );
    expect(await t.deps.db.select().from(users).where(eq(users.email, uma.email))).toEqual([]);
    expect(await latestMailTo(t.deps, uma.email)).toBeUndefined();
    expect((await tableCounts()).people).toBe(before.people);
  });
});

describe('two applies at once', () => {
  it('make each class and account once: the second plans after the first', async () => {
    let bundle = changed('classes.csv', (text) => text.replaceAll('"class-p', '"twice-p'));
    bundle = changed(
      'enrollments.csv',
      (text) => text.replaceAll('"class-p', '"twice-p').replaceAll('"s-', '"twice-s-'),
      bundle,
    );
    bundle = changed('users.csv', (text) => text.replaceAll('"s-', '"twice-s-'), bundle);
    const before = await tableCounts();
    const [first, second] = await Promise.all([
      call(staff, 'POST', apply, oneRosterUpload(bundle)),
      call(staff, 'POST', apply, oneRosterUpload(bundle)),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const made = [first, second].map((response) => response.json<RosterApplyResult>());
    expect(made.map((result) => result.classes.create).sort()).toEqual([0, 2]);
    expect(made.flatMap((result) => result.credentials)).toHaveLength(3);
    const after = await tableCounts();
    expect(after.classes - before.classes).toBe(2);
    expect(after.people - before.people).toBe(3);
  });
});

describe('a broken upload gets a clear error and changes nothing', () => {
  const cases: [string, () => object, number, RegExp][] = [
    [
      'malformed CSV',
      () => oneRosterUpload(changed('enrollments.csv', (text) => `${text}"e-10","unclosed\n`)),
      400,
      /^enrollments\.csv line \d+: this is not valid CSV/,
    ],
    [
      'a wrong header',
      () =>
        oneRosterUpload(changed('users.csv', (text) => text.replace('"givenName"', '"firstName"'))),
      400,
      /^users\.csv line 1: the header lacks the column givenName$/,
    ],
    [
      'a duplicate sourcedId',
      () => oneRosterUpload(changed('users.csv', (text) => text.replace('"s-ben"', '"s-ana"'))),
      400,
      /^users\.csv line 5: duplicate sourcedId "s-ana" \(first on line 4\)$/,
    ],
    [
      'a reference to nothing',
      () =>
        oneRosterUpload(changed('enrollments.csv', (text) => text.replace('"s-cai"', '"s-zoe"'))),
      400,
      /^enrollments\.csv line 7: userSourcedId "s-zoe" is not in users\.csv$/,
    ],
    [
      'another OneRoster version',
      () =>
        oneRosterUpload(
          changed('manifest.csv', (text) =>
            text.replace('"oneroster.version","1.2"', '"oneroster.version","1.1"'),
          ),
        ),
      400,
      /^manifest\.csv line 3: oneroster\.version must be 1\.2/,
    ],
    [
      'a delta file',
      () =>
        oneRosterUpload(
          changed('manifest.csv', (text) =>
            text.replace('"file.users","bulk"', '"file.users","delta"'),
          ),
        ),
      400,
      /users\.csv is a delta file/,
    ],
    [
      'a missing file',
      () => {
        const bundle = oneRosterFixture();
        delete bundle['classes.csv'];
        return oneRosterUpload(bundle);
      },
      400,
      /^classes\.csv: missing/,
    ],
  ];

  it.each(cases)('%s', async (_name, body, status, message) => {
    const before = await tableCounts();
    for (const route of [preview, apply]) {
      const response = await call(staff, 'POST', route, body());
      expect(response.statusCode).toBe(status);
      const errors = response.json<{ files: string[] }>().files;
      expect(
        errors.some((line) => message.test(line)),
        errors.join('\n'),
      ).toBe(true);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a file that is not base64, and a zip that is not one', async () => {
    const notBase64 = await call(staff, 'POST', preview, {
      format: 'oneroster',
      files: [{ name: 'users.csv', content: 'not base64!' }],
    });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json()).toEqual({ 'files.0.content': ['This file is not valid base64.'] });
    const badZip = await call(staff, 'POST', preview, {
      format: 'oneroster',
      files: [
        { name: 'roster.zip', content: Buffer.from('PK\u0003\u0004 broken').toString('base64') },
      ],
    });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json()).toEqual({ files: ['This zip file cannot be read.'] });
  });

  it('refuses a 50 MB upload with a 413 before reading it', async () => {
    const before = await tableCounts();
    const huge = Buffer.alloc(50 * 1024 * 1024, 'a').toString('base64');
    const response = await call(staff, 'POST', apply, {
      format: 'oneroster',
      files: [{ name: 'users.csv', content: huge }],
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: expect.stringMatching(/too large/) });
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a small zip that unpacks to more than the limit (413, in the rosters message)', async () => {
    const before = await tableCounts();
    const bomb = zipSync({ 'users.csv': new Uint8Array(25 * 1024 * 1024).fill(97) });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await call(staff, 'POST', apply, {
      format: 'oneroster',
      files: [{ name: 'roster.zip', content: Buffer.from(bomb).toString('base64') }],
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'The roster is too large: at most 20 MB of files, unpacked.',
    });
    expect(await tableCounts()).toEqual(before);
  });
});

describe('who imports', () => {
  it('refuses the signed-out (401) and students (403) on both routes', async () => {
    for (const route of [preview, apply]) {
      expect(
        (await call(signedOut, 'POST', route, oneRosterUpload(oneRosterFixture()))).statusCode,
      ).toBe(401);
      const refused = await call(student, 'POST', route, oneRosterUpload(oneRosterFixture()));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Only staff and teachers import rosters.' });
    }
  });

  it('lets a teacher import only their own classes: another teacher’s is a problem line', async () => {
    const bundle = changed('users.csv', (text) => text.replace('"Cai","Chen"', '"Kai","Chen"'));
    const response = await call(rosa, 'POST', apply, oneRosterUpload(bundle));
    expect(response.statusCode).toBe(201);
    const result = response.json<RosterApplyResult>();
    expect(result.class_lines.map((line) => line.sourced_id)).toEqual(['class-p3']);
    expect(result.problems).toContainEqual({
      file: 'classes.csv',
      line: 3,
      message: 'the class "Period 5 Economics" is another teacher\'s: it is left alone',
    });
    // Cai is only in Omar's class: Rosa's import did not rename him.
    const [cai] = await t.deps.db.select().from(users).where(eq(users.lastName, 'Chen'));
    expect(cai?.firstName).toBe('Cai');
  });

  it('lets a teacher make a new class from a roster that names them or no teacher', async () => {
    let bundle = changed('classes.csv', (text) => text.replaceAll('"class-p', '"new-p'));
    bundle = changed('enrollments.csv', (text) => text.replaceAll('"class-p', '"new-p'), bundle);
    const result = (
      await call(rosa, 'POST', apply, oneRosterUpload(bundle))
    ).json<RosterApplyResult>();
    expect(result.classes.create).toBe(1);
    expect((await classroomOf('new-p3'))?.teacherId).toBe(rosa.user.id);
    expect(await classroomOf('new-p5')).toBeUndefined();
  });

  it('a Google Classroom roster: the class’s teacher or staff, into that class only', async () => {
    const mine = await buildClassroom(t.deps, rosa.user.id, { name: 'Google class' });
    const omars = await buildClassroom(t.deps, omar.user.id, { name: 'Omar class' });
    const text = googleClassroomFixture();
    const notHers = await call(rosa, 'POST', apply, googleUpload(omars.id, text));
    expect(notHers.statusCode).toBe(403);
    const unknown = await call(rosa, 'POST', preview, googleUpload(999_999, text));
    expect(unknown.statusCode).toBe(404);
    const byStudent = await call(student, 'POST', preview, googleUpload(mine.id, text));
    expect(byStudent.statusCode).toBe(403);
    const withoutClass = await call(rosa, 'POST', preview, {
      ...googleUpload(mine.id, text),
      classroom_id: undefined,
    });
    expect(withoutClass.statusCode).toBe(400);
    expect(withoutClass.json()).toEqual({
      classroom_id: ['Choose the class a Google Classroom roster goes into.'],
    });

    const planned = (
      await call(rosa, 'POST', preview, googleUpload(mine.id, text))
    ).json<RosterPlan>();
    expect(planned.students).toEqual({ create: 1, update: 0, unchanged: 0, invite: 2 });
    const applied = await call(rosa, 'POST', apply, googleUpload(mine.id, text));
    expect(applied.statusCode).toBe(201);
    expect(applied.json<RosterApplyResult>().credentials.map((card) => card.first_name)).toEqual([
      'Ben',
    ]);
    expect(await memberNames(mine.id)).toEqual(['Ben Brown']);
    expect(await latestMailTo(t.deps, 'cai.chen@students.lincoln.example')).toBeDefined();
    const again = (
      await call(rosa, 'POST', apply, googleUpload(mine.id, text))
    ).json<RosterApplyResult>();
    expect(again.students).toEqual({ create: 0, update: 0, unchanged: 3, invite: 0 });

    // Staff import into any class; Ben left the list: he leaves the class.
    const without = text.replace(/^Brown,Ben.*\n/m, '');
    const byStaff = await call(staff, 'POST', apply, googleUpload(mine.id, without));
    expect(byStaff.statusCode).toBe(201);
    expect(byStaff.json<RosterApplyResult>().enrolments.remove).toBe(1);
    expect(await memberNames(mine.id)).toEqual([]);
  });

  it('refuses a class for a OneRoster bundle, and a Google roster whose header is wrong', async () => {
    const mine = await buildClassroom(t.deps, rosa.user.id);
    const withClass = await call(rosa, 'POST', preview, {
      ...oneRosterUpload(oneRosterFixture()),
      classroom_id: mine.id,
    });
    expect(withClass.statusCode).toBe(400);
    const wrong = await call(
      rosa,
      'POST',
      preview,
      googleUpload(mine.id, 'Name,Mail\nAna,a@b.example\n'),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ files: string[] }>().files[0]).toMatch(
      /the header lacks the columns first, last, email/,
    );
  });
});

describe('privacy', () => {
  it('erasing an account deletes its sourcedIds; the export lists them and the imports', async () => {
    const exported = await exportRosterRowsOf(t.deps.db, staff.user.id);
    expect(exported.imports.length).toBeGreaterThan(0);
    const [link] = await t.deps.db
      .select()
      .from(rosterUsers)
      .where(eq(rosterUsers.sourcedId, 'oneroster:s-ben'));
    expect((await exportRosterRowsOf(t.deps.db, link!.userId)).sourced_ids).toEqual([
      expect.objectContaining({ sourcedId: 'oneroster:s-ben' }),
    ]);
    await purgeUser(t.deps, link!.userId);
    expect(
      await t.deps.db.select().from(rosterUsers).where(eq(rosterUsers.userId, link!.userId)),
    ).toEqual([]);
    // The next import makes Ben a new account: the old one is gone for good.
    const result = (
      await call(staff, 'POST', apply, oneRosterUpload(oneRosterFixture()))
    ).json<RosterApplyResult>();
    expect(result.credentials.map((card) => card.first_name)).toEqual(['Ben']);
  });
});
