import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassroomCourses } from '@bullpen/contract/classroom-lessons';
import { classroomLessonMessages } from '@bullpen/contract/classroom-lessons';
import { gradebookMessages, type Gradebook } from '@bullpen/contract/classroom-gradebook';
import { classroomMessages } from '@bullpen/contract/classrooms';
import { authMessages } from '@bullpen/contract/messages';
import { AWARD_POINTS_PER_TEACHER_PER_DAY, pointsMessages } from '@bullpen/contract/points';
import { availablePoints, ledgerSum, recordPoints } from '../../points/service.ts';
import { buildTestApp, buildUser, grossNetRight, type TestApp } from '../../test/app.ts';
import { insertClassroomForTest, insertStudentForTest } from '../lessons/queries.ts';
import { insertCertificates } from '../certificates/queries.ts';
import { isLate } from './service.ts';

/** The gradebook: the table, its exports, a student's report, and the bulk actions. */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
let teacher: User;
let otherTeacher: User;
let ana: User;
let ben: User;
let formula: User;
let outsider: User;
let classA: number;
let classB: number;
const lesson: Record<string, number> = {};
let moneyId: number;
let marketId: number;

const base = (id: number) => `/api/classrooms/classrooms/${id}`;

function get(who: User | null, url: string) {
  return t.app.inject({ url, headers: who?.auth ?? {} });
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

const grossNet = () => lesson['Gross pay and net pay']!;
const payFirst = () => lesson['Pay yourself first']!;
const DAY_MS = 86_400_000;
const pastDue = new Date(Date.now() - 2 * DAY_MS);
const futureDue = new Date(Date.now() + 5 * DAY_MS);

beforeAll(async () => {
  t = await buildTestApp();
  teacher = await buildUser(t.deps, {
    is_teacher: true,
    trusted: true,
    verified: true,
    first_name: 'Rosa',
    last_name: 'Rivera',
  });
  otherTeacher = await buildUser(t.deps, { is_teacher: true, trusted: true, verified: true });
  ana = await buildUser(t.deps, { first_name: 'Ana', last_name: 'Alvarez' });
  ben = await buildUser(t.deps, { first_name: 'Ben', last_name: 'Brown' });
  formula = await buildUser(t.deps, { first_name: '=HYPERLINK("x")', last_name: 'Zed' });
  outsider = await buildUser(t.deps);
  classA = await insertClassroomForTest(t.deps.db, {
    teacherId: teacher.user.id,
    name: 'Period 3 / Econ',
  });
  classB = await insertClassroomForTest(t.deps.db, { teacherId: otherTeacher.user.id });
  for (const student of [ana, ben, formula]) {
    await insertStudentForTest(t.deps.db, classA, student.user.id);
  }
  await insertStudentForTest(t.deps.db, classB, outsider.user.id);

  const courses = (await get(teacher, `${base(classA)}/courses/`)).json() as ClassroomCourses;
  for (const course of courses.results) {
    for (const row of course.lessons) lesson[row.title] = row.id;
  }
  moneyId = courses.results.find((course) => course.title === 'Money basics')!.id;
  marketId = courses.results.find((course) => course.title === 'Market basics')!.id;

  // Gross/net is past due; Pay yourself first is due later.
  expect(
    (
      await post(teacher, `${base(classA)}/lessons/`, {
        lessons: [grossNet()],
        due_at: pastDue.toISOString(),
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await post(teacher, `${base(classA)}/lessons/`, {
        lessons: [payFirst()],
        due_at: futureDue.toISOString(),
      })
    ).statusCode,
  ).toBe(200);
  // Ana fails once, then passes (late: after the due date); Ben never tries.
  const wrong = { ...grossNetRight, 'net-pay-meaning': 0, 'net-pay-sum': 1 };
  for (const answers of [wrong, grossNetRight]) {
    const response = await post(ana, `/api/learn/lessons/${grossNet()}/attempts/`, { answers });
    expect(response.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

/** The refusals every gradebook route shares (core/access.ts `requireTeacher`). */
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
  const other = await call(otherTeacher, classA);
  expect(other.statusCode).toBe(404);
  const anonymous = await call(null, classA);
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json()).toEqual({ error: authMessages.notAuthenticated });
  expect((await call(teacher, 999_999)).statusCode).toBe(404);
}

describe('isLate', () => {
  const due = new Date('2026-03-10T12:00:00Z');
  const now = new Date('2026-03-20T12:00:00Z');
  it('is late when completed after the due date, or past due and not completed', () => {
    expect(isLate(due, new Date('2026-03-11T00:00:00Z'), now)).toBe(true);
    expect(isLate(due, new Date('2026-03-10T12:00:00Z'), now)).toBe(false);
    expect(isLate(due, null, now)).toBe(true);
    expect(isLate(due, null, new Date('2026-03-09T00:00:00Z'))).toBe(false);
    expect(isLate(null, null, now)).toBe(false);
    expect(isLate(null, new Date(), now)).toBe(false);
  });
});

describe('GET …/{id}/gradebook/', () => {
  it('shows the teacher every student × enabled lesson with scores, attempts and lateness', async () => {
    const response = await get(teacher, `${base(classA)}/gradebook/`);
    expect(response.statusCode).toBe(200);
    const book = response.json() as Gradebook;
    expect(book.lessons.map((row) => row.id)).toEqual([grossNet(), payFirst()]);
    expect(book.lessons[0]).toEqual({
      id: grossNet(),
      title: 'Gross pay and net pay',
      course: { id: moneyId, title: 'Money basics' },
      due_at: pastDue.toISOString(),
    });
    expect(book.students.map((row) => row.last_name)).toEqual(['Alvarez', 'Brown', 'Zed']);
    const [anaRow, benRow] = book.students;
    expect(anaRow!.cells[0]).toEqual({
      lesson: grossNet(),
      first_percent: expect.any(Number),
      best_percent: 100,
      attempts: 2,
      completed_at: expect.stringMatching(/^\d{4}-/),
      late: true,
    });
    expect(anaRow!.cells[0]!.first_percent).toBeLessThan(100);
    expect(anaRow!.cells[1]).toEqual({
      lesson: payFirst(),
      first_percent: null,
      best_percent: null,
      attempts: 0,
      completed_at: null,
      late: false,
    });
    // Ben: past due and not done is late; not yet due is not.
    expect(benRow!.cells.map((cell) => cell.late)).toEqual([true, false]);
  });

  it('filters by course and by date range', async () => {
    const market = await get(teacher, `${base(classA)}/gradebook/?course=${marketId}`);
    expect(market.statusCode).toBe(200);
    expect((market.json() as Gradebook).lessons).toEqual([]);
    const money = (await get(teacher, `${base(classA)}/gradebook/?course=${moneyId}`)).json();
    expect((money as Gradebook).lessons).toHaveLength(2);

    const day = (at: Date) => at.toISOString().slice(0, 10);
    // Due in the range (future), or completed in it (today, Ana).
    const future = (
      await get(teacher, `${base(classA)}/gradebook/?from=${day(futureDue)}&to=${day(futureDue)}`)
    ).json() as Gradebook;
    expect(future.lessons.map((row) => row.id)).toEqual([payFirst()]);
    const today = (
      await get(teacher, `${base(classA)}/gradebook/?from=${day(new Date())}`)
    ).json() as Gradebook;
    // Completed today (gross/net) and due later (pay yourself first).
    expect(today.lessons.map((row) => row.id)).toEqual([grossNet(), payFirst()]);
    const before = (
      await get(
        teacher,
        `${base(classA)}/gradebook/?to=${day(new Date(pastDue.getTime() - DAY_MS))}`,
      )
    ).json() as Gradebook;
    expect(before.lessons).toEqual([]);
  });

  it('refuses bad filters with the field named', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['course=abc', 'course'],
      ['course=0', 'course'],
      ['color=red', 'color'],
    ];
    for (const [query, field] of cases) {
      const response = await get(teacher, `${base(classA)}/gradebook/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toHaveProperty(field);
    }
    const range = await get(teacher, `${base(classA)}/gradebook/?from=2026-03-10&to=2026-03-01`);
    expect(range.json()).toEqual({ to: [gradebookMessages.range] });
    const gone = await get(teacher, `${base(classA)}/gradebook/?course=999999`);
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toHaveProperty('course');
  });

  it('is the teacher’s only', async () => {
    await expectTeacherOnly((who, id) => get(who, `${base(id)}/gradebook/`));
  });
});

describe('GET …/{id}/gradebook/export/', () => {
  it('writes a formula-safe CSV with the filters applied and a safe file name', async () => {
    const response = await get(teacher, `${base(classA)}/gradebook/export/?format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="bullpen-gradebook-period-3-econ-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const rows = parse(response.body) as string[][];
    expect(rows[0]).toEqual([
      'Last name',
      'First name',
      'Username',
      'Course',
      'Lesson',
      'Due (UTC)',
      'First attempt %',
      'Best %',
      'Attempts',
      'Completed (UTC)',
      'Late',
    ]);
    expect(rows).toHaveLength(1 + 3 * 2);
    const anaGross = rows.find((row) => row[0] === 'Alvarez' && row[4] === 'Gross pay and net pay');
    expect(anaGross?.slice(6)).toEqual([
      expect.stringMatching(/^\d+$/),
      '100',
      '2',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      'yes',
    ]);
    expect(rows.find((row) => row[0] === 'Zed')?.[1]).toBe(`'=HYPERLINK("x")`);

    const filtered = await get(
      teacher,
      `${base(classA)}/gradebook/export/?format=csv&course=${marketId}`,
    );
    expect(parse(filtered.body)).toHaveLength(1);
  });

  it('writes an XLSX that reads back, a formula-looking name kept as text', async () => {
    const response = await get(teacher, `${base(classA)}/gradebook/export/?format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /filename="bullpen-gradebook-period-3-econ-\d{4}-\d\d-\d\d\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Period 3   Econ');
    expect(sheet.getRow(1).getCell(1).value).toBe('Last name');
    expect(sheet.rowCount).toBe(1 + 3 * 2);
    const zed = [...Array(sheet.rowCount).keys()]
      .map((index) => sheet.getRow(index + 1))
      .find((row) => row.getCell(1).value === 'Zed')!;
    expect(zed.getCell(2).value).toBe('=HYPERLINK("x")');
    expect(zed.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(zed.getCell(9).value).toBe(0);
    // No cell of the file is a formula.
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const sheetXml = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheetXml).not.toMatch(/<f[ >]/);
  });

  it('refuses a bad format with the field named, and anyone but the teacher', async () => {
    for (const query of ['', 'format=pdf']) {
      const response = await get(teacher, `${base(classA)}/gradebook/export/?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ format: [gradebookMessages.format] });
    }
    await expectTeacherOnly((who, id) => get(who, `${base(id)}/gradebook/export/?format=csv`));
  });
});

async function pdfText(payload: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(payload)), {
    mergePages: true,
  });
  return text;
}

describe('GET …/{id}/gradebook/students/{userId}/report/', () => {
  it('prints the student’s lessons, certificates, points and class contests', async () => {
    await recordPoints(t.deps.db, [
      { userId: ana.user.id, points: 20, reason: 'module', source: 'module:report-test' },
    ]);
    const before = await get(teacher, `${base(classA)}/gradebook/students/${ana.user.id}/report/`);
    expect(await pdfText(before.rawPayload)).toContain('No certificates yet.');
    await insertCertificates(t.deps.db, [
      {
        code: 'REPORTTESTCODE',
        userId: ana.user.id,
        courseId: moneyId,
        classroomId: classA,
        grantedBy: teacher.user.id,
        studentName: 'Ana Alvarez',
        courseTitle: 'Money basics',
        classroomName: 'Period 3 / Econ',
        teacherName: 'Rosa Rivera',
        grantedAt: new Date('2026-03-04T10:00:00Z'),
      },
    ]);
    // A class contest: every student of the class is on its board.
    const clock = t.app.market.clock.now().getTime();
    const contest = await post(teacher, `${base(classA)}/contests/`, {
      name: 'Spring market game',
      starts_at: new Date(clock - DAY_MS).toISOString(),
      ends_at: new Date(clock + 30 * DAY_MS).toISOString(),
      starting_cash: 1_000_000,
    });
    expect(contest.statusCode, contest.body).toBe(201);
    const response = await get(
      teacher,
      `${base(classA)}/gradebook/students/${ana.user.id}/report/`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^inline; filename="bullpen-report-ana-alvarez-\d{4}-\d\d-\d\d\.pdf"$/,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Student report');
    expect(text).toContain('Ana Alvarez');
    expect(text).toContain('Class: Period 3 / Econ');
    expect(text).toContain('Money basics: Gross pay and net pay');
    expect(text).toMatch(
      /First attempt \d+%, best 100%, 2 attempts · completed [A-Z][a-z]{2} \d+, \d{4} · due [A-Z][a-z]{2} \d+, \d{4} · LATE/,
    );
    expect(text).toContain('Money basics: Pay yourself first');
    expect(text).toMatch(/Not started · not completed · due [A-Z][a-z]{2} \d+, \d{4}\n/);
    expect(text).toContain('Money basics (Mar 4, 2026)');
    expect(text).toContain('Earned from lessons: 50');
    expect(text).toContain('Earned from learn-and-earn modules: 20');
    expect(text).toContain('Spendable balance: 70');
    expect(text).toMatch(/Spring market game: place \d of \d+, portfolio \$10,000\.00/);
  });

  it('is in the teacher’s language', async () => {
    const profesora = await buildUser(t.deps, { is_teacher: true, language: 'es' });
    const pupil = await buildUser(t.deps, { first_name: 'Sofía', last_name: 'Núñez' });
    const classroom = await insertClassroomForTest(t.deps.db, {
      teacherId: profesora.user.id,
      name: 'Economía 2',
    });
    await insertStudentForTest(t.deps.db, classroom, pupil.user.id);
    const response = await get(
      profesora,
      `${base(classroom)}/gradebook/students/${pupil.user.id}/report/`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/bullpen-report-sofia-nunez-/);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Informe del estudiante');
    expect(text).toContain('Sofía Núñez');
    expect(text).toContain('Clase: Economía 2');
    expect(text).toContain('No hay lecciones asignadas en esta clase.');
    expect(text).toContain('Saldo disponible: 0');
  });

  it('is for a student of the class, and the teacher’s only', async () => {
    const stranger = await get(
      teacher,
      `${base(classA)}/gradebook/students/${outsider.user.id}/report/`,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: classroomMessages.notYourStudent });
    const bad = await get(teacher, `${base(classA)}/gradebook/students/abc/report/`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('userId');
    await expectTeacherOnly((who, id) =>
      get(who, `${base(id)}/gradebook/students/${ben.user.id}/report/`),
    );
  });
});

describe('POST …/{id}/gradebook/points-awards/', () => {
  it('awards every chosen student at once, and the statistics show earned and balance', async () => {
    const response = await post(teacher, `${base(classA)}/gradebook/points-awards/`, {
      students: [ben.user.id, formula.user.id, ben.user.id],
      points: 15,
      reason: 'Great debate',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      students: expect.arrayContaining([ben.user.id, formula.user.id]),
      points: 15,
      left_today: AWARD_POINTS_PER_TEACHER_PER_DAY - 30,
    });
    expect(response.json().students).toHaveLength(2);
    expect(await availablePoints(t.deps.db, ben.user.id)).toBe(15);

    const statistics = await post(teacher, `${base(classA)}/statistics/`, {});
    const benStats = statistics
      .json()
      .results.find((row: { id: number }) => row.id === ben.user.id);
    expect(benStats).toMatchObject({
      points: 15,
      points_earned: { lessons: 0, modules: 0, awards: 15, contests: 0, total: 15 },
    });
  });

  it('refuses students outside the class and bad input with the field named', async () => {
    const url = `${base(classA)}/gradebook/points-awards/`;
    const outside = await post(teacher, url, {
      students: [ben.user.id, outsider.user.id],
      points: 5,
      reason: 'x',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({ students: [gradebookMessages.notStudents] });
    const cases: [object, string][] = [
      [{ students: [], points: 5, reason: 'x' }, 'students'],
      [{ students: [ben.user.id], points: 0, reason: 'x' }, 'points'],
      [{ students: [ben.user.id], points: 5, reason: ' ' }, 'reason'],
      [{ students: ['abc'], points: 5, reason: 'x' }, 'students.0'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(teacher, url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toHaveProperty(field);
    }
    await expectTeacherOnly((who, id) =>
      post(who, `${base(id)}/gradebook/points-awards/`, {
        students: [ben.user.id],
        points: 5,
        reason: 'x',
      }),
    );
  });

  it('is all or nothing under the daily cap, and two at once never pass it', async () => {
    const owner = await buildUser(t.deps, { is_teacher: true, trusted: true, verified: true });
    const pupils = [await buildUser(t.deps), await buildUser(t.deps), await buildUser(t.deps)];
    const classroom = await insertClassroomForTest(t.deps.db, { teacherId: owner.user.id });
    for (const pupil of pupils) await insertStudentForTest(t.deps.db, classroom, pupil.user.id);
    const url = `${base(classroom)}/gradebook/points-awards/`;
    const students = pupils.map((pupil) => pupil.user.id);
    // 9 × 100 leaves 100 today.
    for (let index = 0; index < 3; index += 1) {
      expect((await post(owner, url, { students, points: 100, reason: 'Fill' })).statusCode).toBe(
        201,
      );
    }
    const given = AWARD_POINTS_PER_TEACHER_PER_DAY - 900;
    // 3 × 40 = 120 > 100: nobody gets anything.
    const over = await post(owner, url, { students, points: 40, reason: 'Too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: pointsMessages.awardCap(given) });
    // Two bulk awards of 2 × 30 at once: only one fits in what is left.
    const both = await Promise.all([
      post(owner, url, { students: students.slice(0, 2), points: 30, reason: 'A' }),
      post(owner, url, { students: students.slice(1, 3), points: 30, reason: 'B' }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const total = (await Promise.all(students.map((id) => ledgerSum(t.deps.db, id)))).reduce(
      (sum, points) => sum + points,
      0,
    );
    expect(total).toBe(900 + 60);
  });

  it('needs a trusted teacher and a class that is not frozen', async () => {
    const untrusted = await buildUser(t.deps, { is_teacher: true, verified: true });
    const classroom = await insertClassroomForTest(t.deps.db, { teacherId: untrusted.user.id });
    const pupil = await buildUser(t.deps);
    await insertStudentForTest(t.deps.db, classroom, pupil.user.id);
    const response = await post(untrusted, `${base(classroom)}/gradebook/points-awards/`, {
      students: [pupil.user.id],
      points: 5,
      reason: 'x',
    });
    expect(response.statusCode).toBe(403);
    await patch(teacher, `${base(classA)}/freeze`, { frozen: true });
    const frozen = await post(teacher, `${base(classA)}/gradebook/points-awards/`, {
      students: [ben.user.id],
      points: 5,
      reason: 'x',
    });
    await patch(teacher, `${base(classA)}/freeze`, { frozen: false });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toEqual({ error: classroomMessages.frozen });
  });
});

describe('POST …/{id}/gradebook/reminders/', () => {
  it('reminds only the chosen students who have not completed the lesson, once an hour', async () => {
    const url = `${base(classA)}/gradebook/reminders/`;
    const response = await post(teacher, url, {
      lesson: grossNet(),
      students: [ana.user.id, ben.user.id],
    });
    expect(response.statusCode).toBe(200);
    // Ana completed it; Ben (not Zed, who was not chosen) is reminded.
    expect(response.json()).toMatchObject({ in_app: 1 });
    const reminded = async (who: User) =>
      (
        (await get(who, '/api/notifications/')).json() as { results: { kind: string }[] }
      ).results.filter((note) => note.kind === 'lesson_reminder');
    expect(await reminded(ben)).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({ lesson: 'Gross pay and net pay' }),
      }),
    ]);
    expect(await reminded(formula)).toEqual([]);
    expect(await reminded(ana)).toEqual([]);

    const again = await post(teacher, url, { lesson: grossNet(), students: [ben.user.id] });
    expect(again.statusCode).toBe(429);
  });

  it('refuses a lesson not enabled, students outside the class, and bad input', async () => {
    const url = `${base(classA)}/gradebook/reminders/`;
    const notEnabled = await post(teacher, url, {
      lesson: lesson['Buying stocks'] ?? Object.values(lesson).at(-1),
      students: [ben.user.id],
    });
    expect(notEnabled.statusCode).toBe(404);
    expect(notEnabled.json()).toEqual({ error: classroomLessonMessages.notEnabled });
    // Ana completed gross/net: reminding only her sends nothing and keeps the hour.
    const allDone = await post(teacher, url, { lesson: grossNet(), students: [ana.user.id] });
    expect(allDone.statusCode).toBe(400);
    expect(allDone.json()).toEqual({ students: [gradebookMessages.allDone] });
    const outside = await post(teacher, url, { lesson: payFirst(), students: [outsider.user.id] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({ students: [gradebookMessages.notStudents] });
    const empty = await post(teacher, url, { lesson: payFirst(), students: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ students: [gradebookMessages.chooseStudents] });
    const noLesson = await post(teacher, url, { students: [ben.user.id] });
    expect(noLesson.statusCode).toBe(400);
    expect(noLesson.json()).toHaveProperty('lesson');
    await expectTeacherOnly((who, id) =>
      post(who, `${base(id)}/gradebook/reminders/`, {
        lesson: payFirst(),
        students: [ben.user.id],
      }),
    );
  });
});
