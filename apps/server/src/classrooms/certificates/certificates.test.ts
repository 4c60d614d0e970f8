import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { certificateMessages, recipientsQuery } from '@bullpen/contract/certificates';
import { classroomMessages } from '@bullpen/contract/classrooms';
import { buildTestApp, buildUser, latestMailTo, type TestApp } from '../../test/app.ts';
import { certificateFileName, certificatePdf, printable } from './certificate-pdf.ts';
import { addStudent, insertClassroom } from './queries.ts';
import { newCertificateCode } from './service.ts';

/**
 * Course certificates over the test curriculum (money-basics: 2 lessons; market-basics: 2).
 * Classes and memberships are made with the factories of certificates/queries.ts.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
let teacher: User;
let otherTeacher: User;
let ana: User; // completes money-basics
let ben: User; // completes one lesson only
let cleo: User; // student of another class, completes money-basics
let outsider: User;
let classroomId: number;
let otherClassroomId: number;
let moneyId: number;
let marketId: number;

const grant = (classId: number) => `/api/classrooms/classrooms/${classId}/certificates/grant/`;
const mine = (classId: number) => `/api/classrooms/classrooms/${classId}/certificates/get/`;
const candidates = (classId: number, course: number) =>
  `/api/classrooms/classrooms/${classId}/certificates/students/?course=${course}`;
const recipients = (classId: number, pageSize = 100) =>
  `/api/sertifier/recipients/?classroom=${classId}&page_size=${pageSize}`;
const verify = (code: string) => `/api/certificates/${code}/`;
const pdf = (code: string) => `/api/certificates/${code}/pdf/`;

function send(who: User | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    ...(payload ? { payload } : {}),
  });
}

/**
 * Passes a lesson: a first failed attempt names no right answer; a second, once every question
 * of the (five-question) bank was asked, names them; the third gives them.
 */
async function passLesson(who: User, lessonId: number) {
  const guess = async () => {
    const lesson = (await send(who, 'GET', `/api/learn/lessons/${lessonId}/`)).json() as {
      questions: { id: string }[];
    };
    const answers = Object.fromEntries(lesson.questions.map((question) => [question.id, 0]));
    const response = await send(who, 'POST', `/api/learn/lessons/${lessonId}/attempts/`, {
      answers,
    });
    return response.json() as {
      lesson_completed: boolean;
      results: { item: string; answer: number }[];
    };
  };
  const first = await guess();
  if (first.lesson_completed) return;
  const second = await guess();
  if (second.lesson_completed) return;
  const right = Object.fromEntries(second.results.map((result) => [result.item, result.answer]));
  await send(who, 'GET', `/api/learn/lessons/${lessonId}/`);
  const third = await send(who, 'POST', `/api/learn/lessons/${lessonId}/attempts/`, {
    answers: right,
  });
  expect(third.json().lesson_completed).toBe(true);
}

async function lessonIds(courseId: number): Promise<number[]> {
  const page = (await send(null, 'GET', `/api/learn/lessons/?course=${courseId}`)).json();
  return (page.results as { id: number }[]).map((lesson) => lesson.id);
}

async function completeCourse(who: User, courseId: number) {
  for (const lessonId of await lessonIds(courseId)) await passLesson(who, lessonId);
}

beforeAll(async () => {
  t = await buildTestApp();
  teacher = await buildUser(t.deps, { is_teacher: true, first_name: 'Maria', last_name: 'Rivera' });
  otherTeacher = await buildUser(t.deps, { is_teacher: true });
  ana = await buildUser(t.deps, { first_name: 'Ana', last_name: 'Núñez' });
  ben = await buildUser(t.deps, { first_name: 'Ben', last_name: 'Okafor' });
  cleo = await buildUser(t.deps, { first_name: 'Cleo', last_name: 'Park' });
  outsider = await buildUser(t.deps);
  classroomId = await insertClassroom(t.deps.db, {
    teacherId: teacher.user.id,
    name: 'Economics 7B',
    joinCode: `C${Date.now()}A`,
  });
  otherClassroomId = await insertClassroom(t.deps.db, {
    teacherId: otherTeacher.user.id,
    name: 'Other class',
    joinCode: `C${Date.now()}B`,
  });
  await addStudent(t.deps.db, classroomId, ana.user.id);
  await addStudent(t.deps.db, classroomId, ben.user.id);
  await addStudent(t.deps.db, otherClassroomId, cleo.user.id);
  const courses = (await send(null, 'GET', '/api/learn/courses/')).json().results as {
    id: number;
    slug: string;
  }[];
  moneyId = courses.find((course) => course.slug === 'money-basics')!.id;
  marketId = courses.find((course) => course.slug === 'market-basics')!.id;
  await completeCourse(ana, moneyId);
  await passLesson(ben, (await lessonIds(moneyId))[0]!);
  await completeCourse(cleo, moneyId);
});
afterAll(async () => {
  await t.close();
});

describe('granting', () => {
  it('shows the teacher who completed the course', async () => {
    const response = await send(teacher, 'GET', candidates(classroomId, moneyId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      course: { id: moneyId, title: 'Money basics', lessons_count: 2 },
      students: [
        {
          id: ana.user.id,
          username: ana.user.username,
          name: 'Ana Núñez',
          completed_lessons: 2,
          completed: true,
          certificate: null,
        },
        {
          id: ben.user.id,
          username: ben.user.username,
          name: 'Ben Okafor',
          completed_lessons: 1,
          completed: false,
          certificate: null,
        },
      ],
    });
    expect((await send(ana, 'GET', candidates(classroomId, moneyId))).statusCode).toBe(403);
    expect((await send(otherTeacher, 'GET', candidates(classroomId, moneyId))).statusCode).toBe(
      404,
    );
    expect((await send(null, 'GET', candidates(classroomId, moneyId))).statusCode).toBe(401);
  });

  it('grants to the students who completed, reports the rest, and a re-grant is a no-op', async () => {
    const response = await send(teacher, 'POST', grant(classroomId), {
      course: moneyId,
      students: [ana.user.id, ben.user.id, cleo.user.id, outsider.user.id],
    });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.granted).toHaveLength(1);
    expect(result.granted[0]).toEqual({
      code: expect.stringMatching(/^[A-Z2-7]{16}$/),
      student: { id: ana.user.id, name: 'Ana Núñez' },
      course: { id: moneyId, title: 'Money basics' },
      classroom: { id: classroomId, name: 'Economics 7B' },
      teacher_name: 'Maria Rivera',
      granted_at: expect.any(String),
      pdf_url: `/api/certificates/${result.granted[0].code}/pdf/`,
      verify_url: `http://bullpen.test/public/certificates/${result.granted[0].code}`,
    });
    expect(result.already_granted).toEqual([]);
    expect(result.not_completed).toEqual([{ id: ben.user.id, name: 'Ben Okafor' }]);
    expect(result.not_students.sort()).toEqual([cleo.user.id, outsider.user.id].sort());

    const again = (
      await send(teacher, 'POST', grant(classroomId), { course: moneyId, students: [ana.user.id] })
    ).json();
    expect(again.granted).toEqual([]);
    expect(again.already_granted).toEqual([result.granted[0]]);

    // Ana hears of it once, in the app and by mail; Ben, who did not finish, hears nothing.
    const kinds = async (who: User) =>
      (await send(who, 'GET', '/api/notifications/'))
        .json()
        .results.filter((note: { kind: string }) => note.kind === 'certificate_granted');
    expect(await kinds(ana)).toEqual([
      expect.objectContaining({
        payload: { classroom: 'Economics 7B', course: 'Money basics' },
        read_at: null,
      }),
    ]);
    expect(await kinds(ben)).toEqual([]);
    expect((await latestMailTo(t.deps, ana.user.email))?.subject).toBe(
      'You earned a certificate on Bullpen',
    );

    const listed = (await send(teacher, 'GET', candidates(classroomId, moneyId))).json();
    expect(listed.students[0].certificate).toEqual({
      code: result.granted[0].code,
      granted_at: result.granted[0].granted_at,
    });
  });

  it('a course nobody finished grants nothing; an unknown course is 404', async () => {
    const response = await send(teacher, 'POST', grant(classroomId), {
      course: marketId,
      students: [ana.user.id],
    });
    expect(response.json()).toMatchObject({
      granted: [],
      not_completed: [{ id: ana.user.id, name: 'Ana Núñez' }],
    });
    const unknown = await send(teacher, 'POST', grant(classroomId), {
      course: 999_999,
      students: [ana.user.id],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: certificateMessages.courseNotFound });
  });

  it('is refused for a student, another teacher, a non-member and the signed out', async () => {
    const body = { course: moneyId, students: [ana.user.id] };
    const student = await send(ana, 'POST', grant(classroomId), body);
    expect(student.statusCode).toBe(403);
    expect(student.json()).toEqual({ error: classroomMessages.teacherOnly });
    const other = await send(otherTeacher, 'POST', grant(classroomId), body);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: classroomMessages.notFound });
    expect((await send(outsider, 'POST', grant(classroomId), body)).statusCode).toBe(404);
    expect((await send(null, 'POST', grant(classroomId), body)).statusCode).toBe(401);
    // Another teacher cannot grant their own class's student a certificate in this class either.
    const cross = await send(otherTeacher, 'POST', grant(otherClassroomId), {
      course: moneyId,
      students: [ana.user.id],
    });
    expect(cross.json()).toMatchObject({ granted: [], not_students: [ana.user.id] });
  });

  it('refuses an empty list and bad ids', async () => {
    const empty = await send(teacher, 'POST', grant(classroomId), {
      course: moneyId,
      students: [],
    });
    expect(empty.statusCode).toBe(400);
    const bad = await send(teacher, 'POST', grant(classroomId), {
      course: moneyId,
      students: ['x'],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('two grants of the same certificate at once make one row', async () => {
    const dana = await buildUser(t.deps, { first_name: 'Dana', last_name: 'Lee' });
    await addStudent(t.deps.db, classroomId, dana.user.id);
    await completeCourse(dana, moneyId);
    const body = { course: moneyId, students: [dana.user.id] };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => send(teacher, 'POST', grant(classroomId), body)),
    );
    expect(results.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const granted = results.flatMap((response) => response.json().granted);
    expect(granted).toHaveLength(1);
    const recipientsPage = (await send(teacher, 'GET', recipients(classroomId))).json();
    const danas = recipientsPage.results.filter(
      (row: { student: { id: number } }) => row.student.id === dana.user.id,
    );
    expect(danas).toEqual([granted[0]]);
  });
});

describe('reading certificates', () => {
  let anasCode: string;
  beforeAll(async () => {
    const mineAna = (await send(ana, 'POST', mine(classroomId))).json();
    anasCode = mineAna.results[0].code;
  });

  it('a student gets only theirs; the teacher gets the class’s; others are refused', async () => {
    const anas = await send(ana, 'POST', mine(classroomId));
    expect(anas.statusCode).toBe(200);
    expect(anas.json().results.map((row: { student: { id: number } }) => row.student.id)).toEqual([
      ana.user.id,
    ]);
    const bens = (await send(ben, 'POST', mine(classroomId))).json();
    expect(bens.results).toEqual([]);
    const teachers = (await send(teacher, 'POST', mine(classroomId))).json();
    expect(teachers.results.length).toBeGreaterThanOrEqual(2);
    expect((await send(cleo, 'POST', mine(classroomId))).statusCode).toBe(404);
    expect((await send(otherTeacher, 'POST', mine(classroomId))).statusCode).toBe(404);
    expect((await send(null, 'POST', mine(classroomId))).statusCode).toBe(401);
  });

  it('recipients: the teacher of the class only, paginated at most 100', async () => {
    const page = await send(teacher, 'GET', recipients(classroomId));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ next: null, previous: null });
    expect(page.json().count).toBe(page.json().results.length);
    expect(page.json().results.map((row: { code: string }) => row.code)).toContain(anasCode);
    const small = (await send(teacher, 'GET', recipients(classroomId, 1))).json();
    expect(small.results).toHaveLength(1);
    expect(small.next).toContain('page=2');
    const clamped = await send(teacher, 'GET', recipients(classroomId, 1000));
    expect(clamped.statusCode).toBe(200);
    expect(clamped.json().results).toHaveLength(page.json().count);
    expect(recipientsQuery.parse({ classroom: '1', page_size: '1000' }).page_size).toBe(100);
    expect(recipientsQuery.parse({ classroom: '1' }).page_size).toBe(100);
    expect((await send(ana, 'GET', recipients(classroomId))).statusCode).toBe(403);
    expect((await send(otherTeacher, 'GET', recipients(classroomId))).statusCode).toBe(404);
    expect((await send(null, 'GET', recipients(classroomId))).statusCode).toBe(401);
    expect((await send(teacher, 'GET', '/api/sertifier/recipients/')).statusCode).toBe(400);
  });

  it('the public check confirms a real code and 404s a made-up one', async () => {
    const real = await send(null, 'GET', verify(anasCode));
    expect(real.statusCode).toBe(200);
    expect(real.json()).toEqual({
      code: anasCode,
      student_name: 'Ana Núñez',
      course_title: 'Money basics',
      classroom_name: 'Economics 7B',
      teacher_name: 'Maria Rivera',
      granted_at: expect.any(String),
    });
    // Typed in lower case, it is the same code.
    expect((await send(null, 'GET', verify(anasCode.toLowerCase()))).statusCode).toBe(200);
    for (const madeUp of [newCertificateCode(), 'NOT-A-CODE', 'a'.repeat(90)]) {
      const response = await send(null, 'GET', verify(madeUp));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: certificateMessages.notFound });
    }
  });

  it('the PDF: the holder and the class’s teacher; a classmate and others are refused', async () => {
    const response = await send(ana, 'GET', pdf(anasCode));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bullpen-certificate-money-basics-${anasCode}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(
      await getDocumentProxy(new Uint8Array(response.rawPayload)),
      {
        mergePages: true,
      },
    );
    expect(text).toContain('Ana Núñez');
    expect(text).toContain(anasCode);
    expect(text).toContain('Money basics');
    expect(text).toContain('Economics 7B');
    expect(text).toContain('Maria Rivera');
    expect(text).toContain(`http://bullpen.test/public/certificates/${anasCode}`);

    expect((await send(teacher, 'GET', pdf(anasCode))).statusCode).toBe(200);
    expect((await send(ben, 'GET', pdf(anasCode))).statusCode).toBe(404);
    expect((await send(otherTeacher, 'GET', pdf(anasCode))).statusCode).toBe(404);
    expect((await send(outsider, 'GET', pdf(anasCode))).statusCode).toBe(404);
    expect((await send(null, 'GET', pdf(anasCode))).statusCode).toBe(401);
  });
});

describe('the PDF document', () => {
  const facts = {
    code: 'ABCDEFGHJKMNPQRS',
    courseTitle: 'Money basics',
    classroomName: 'Economics 7B',
    teacherName: 'Ms. Rivera',
    grantedAt: new Date('2026-11-23T12:00:00Z'),
    verifyUrl: 'https://bullpen.example/public/certificates/ABCDEFGHJKMNPQRS',
  };

  async function textOf(bytes: Uint8Array) {
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    return text;
  }

  it('writes names outside the standard fonts’ characters as a valid PDF', async () => {
    const bytes = await certificatePdf(
      { ...facts, studentName: 'Łukasz Wróbel 李小龙 😀', teacherName: 'Đorđe Ilić' },
      'en',
    );
    const text = await textOf(bytes);
    expect(text).toContain('Lukasz Wróbel ??? ?');
    expect(text).toContain('Dorde Ilic');
    expect(text).toContain(facts.code);
    expect(text).toContain('November 23, 2026');
  });

  it('speaks Spanish for a Spanish-speaking holder', async () => {
    const text = await textOf(await certificatePdf({ ...facts, studentName: 'Sofía' }, 'es'));
    expect(text).toContain('Certificado de finalización');
    expect(text).toContain('Sofía');
    expect(text).toContain('23 de noviembre de 2026');
  });

  it('keeps what the font has and replaces only what it lacks', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(printable('José Ñandú – “Zoë”', font)).toBe('José Ñandú – “Zoë”');
    expect(printable('Ana\u0000\u200B  Lee\n', font)).toBe('Ana Lee');
    expect(printable('Łódź Дима', font)).toBe('Lódz ????');
  });

  it('names the file in ASCII', () => {
    expect(certificateFileName('Ahorro: ¡Básico! "2"', 'ABC234')).toBe(
      'bullpen-certificate-ahorro-basico-2-ABC234.pdf',
    );
    expect(certificateFileName('李小龙', 'ABC234')).toBe('bullpen-certificate-ABC234.pdf');
  });
});
