import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomMessages } from '@bullpen/contract/classrooms';
import { resumeMessages, type ResumeBodyInput } from '@bullpen/contract/resumes';
import { eq } from 'drizzle-orm';
import { resumes } from '../db/schema/resumes.ts';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import { buildClassroom } from '../test/classrooms.ts';

/** Résumés in a class: who writes, who reads, who comments, and what is stored. */
let t: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
let teacher: User;
let ana: User;
let ben: User;
let otherTeacher: User;
let outsider: User;
let classroomId: number;
let otherClassroomId: number;

/** A class made straight in the tables (the classroom routes have their own tests). */
async function buildClassroomOf(owner: User, students: User[]) {
  const classroom = await buildClassroom(t.deps, owner.user.id, {
    name: 'Careers',
    studentIds: students.map((student) => student.user.id),
  });
  return classroom.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  teacher = await buildUser(t.deps, { is_teacher: true });
  otherTeacher = await buildUser(t.deps, { is_teacher: true });
  ana = await buildUser(t.deps, { first_name: 'Ana' });
  ben = await buildUser(t.deps, { first_name: 'Ben' });
  outsider = await buildUser(t.deps);
  classroomId = await buildClassroomOf(teacher, [ana, ben]);
  otherClassroomId = await buildClassroomOf(otherTeacher, [outsider]);
});
afterAll(async () => t.close());

const list = (id: number) => `/api/resumes/classrooms/${id}/resumes/`;
const one = (id: number, resumeId: number | string) => `${list(id)}${resumeId}/`;
const comments = (id: number, resumeId: number) => `${one(id, resumeId)}comments/`;

function send(who: User | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function buildResume(overrides: Partial<ResumeBodyInput> = {}): ResumeBodyInput {
  return {
    summary: '<p>A curious student who <strong>loves</strong> numbers and people.</p>',
    education: '<p>Lincoln High School, class of 2028</p>',
    experience: '<ul><li><p>Cashier at the school store</p></li></ul>',
    skills: '<p>Spreadsheets, Spanish</p>',
    ...overrides,
  };
}

async function writeResume(who: User, body: ResumeBodyInput = buildResume()) {
  const response = await send(who, 'POST', list(classroomId), body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as { id: number; summary: string };
}

describe('writing a résumé', () => {
  it('a student writes one per class; writing again updates it', async () => {
    const first = await send(ana, 'POST', list(classroomId), buildResume());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      classroom_id: classroomId,
      author: { id: ana.user.id, first_name: 'Ana' },
      summary: '<p>A curious student who <strong>loves</strong> numbers and people.</p>',
      comments_count: 0,
    });
    const again = await send(
      ana,
      'POST',
      list(classroomId),
      buildResume({ skills: '<p>Spreadsheets, Spanish, public speaking</p>' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id: first.json().id,
      skills: '<p>Spreadsheets, Spanish, public speaking</p>',
    });
    const mine = await send(ana, 'GET', `${list(classroomId)}?page_size=1000`);
    expect(mine.json()).toMatchObject({ count: 1, results: [{ id: first.json().id }] });
  });

  it("measures with tags stripped and answers spec section 5's messages", async () => {
    const response = await send(ana, 'POST', list(classroomId), {
      summary: '<p><strong>short</strong></p>',
      education: '',
      experience: `<p>${'x'.repeat(3001)}</p>`,
      skills: `<p>${'&amp;'.repeat(1001)}</p>`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      summary: ['You have to input at least 20 characters'],
      education: ['This field is required.'],
      experience: ['You have exceeded the 3000 Max. Character Limit'],
      skills: ['You have exceeded the 1000 Max. Character Limit'],
    });
  });

  it('stores sanitised HTML: scripts, handlers and javascript: links are dropped', async () => {
    const saved = await writeResume(
      ben,
      buildResume({
        summary:
          '<p onclick="steal()">I build <script>alert(1)</script>things <img src=x onerror="alert(1)">' +
          '<a href="javascript:alert(1)">here</a> and <a href="https://ben.example">there</a>.</p>' +
          '<iframe src="https://evil.example"></iframe><p>More text so the summary is long enough.</p>',
      }),
    );
    expect(saved.summary).not.toMatch(/script|onclick|onerror|javascript|<img|<iframe/i);
    expect(saved.summary).toContain(
      '<a href="https://ben.example" target="_blank" rel="noopener noreferrer nofollow">there</a>',
    );
  });

  it('refuses 600 KB of nested tags by its size, and 21 levels of tags by their depth, unread', async () => {
    const nested = (levels: number) =>
      '<i>'.repeat(levels) + 'x'.repeat(30) + '</i>'.repeat(levels);
    const attack = nested(90_000);
    expect(attack.length).toBeGreaterThan(600_000);
    const response = await send(
      ana,
      'POST',
      list(classroomId),
      buildResume({ summary: attack, skills: nested(21) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      summary: [
        'This text holds too much formatting: at most 8000 characters of HTML, tags included.',
      ],
      skills: ['This text nests its formatting too deeply: at most 20 levels.'],
    });
    // 20 levels are within the bound, and the sanitiser keeps the allowed ones.
    const deepest = await send(ana, 'POST', list(classroomId), buildResume({ skills: nested(20) }));
    expect(deepest.statusCode, deepest.body).toBeLessThan(300);
  });

  it('refuses a summary that is only a script once sanitised', async () => {
    const response = await send(
      ana,
      'POST',
      list(classroomId),
      buildResume({ summary: '<p><script>alert("a long enough script body")</script></p>' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ summary: ['This field is required.'] });
  });

  it('refuses the teacher, outsiders, the signed out and a frozen class', async () => {
    const asTeacher = await send(teacher, 'POST', list(classroomId), buildResume());
    expect(asTeacher.statusCode).toBe(403);
    expect(asTeacher.json()).toEqual({ error: resumeMessages.studentsOnly });
    for (const who of [outsider, otherTeacher]) {
      const refused = await send(who, 'POST', list(classroomId), buildResume());
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: classroomMessages.notFound });
    }
    expect((await send(null, 'POST', list(classroomId), buildResume())).statusCode).toBe(401);

    const frozenStudent = await buildUser(t.deps);
    const { id: frozenId } = await buildClassroom(t.deps, teacher.user.id, {
      frozen: true,
      studentIds: [frozenStudent.user.id],
    });
    const frozen = await send(frozenStudent, 'POST', list(frozenId), buildResume());
    expect(frozen.statusCode).toBe(403);
    expect(frozen.json()).toEqual({ error: classroomMessages.frozen });
    expect((await send(frozenStudent, 'GET', list(frozenId))).json().count).toBe(0);
  });
});

describe('reading résumés', () => {
  it('the teacher lists every résumé of the class; a student only their own', async () => {
    const anas = await writeResume(ana);
    const bens = await writeResume(ben);
    const all = await send(teacher, 'GET', `${list(classroomId)}?page_size=1000`);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(2);
    expect(
      all
        .json()
        .results.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([anas.id, bens.id].sort());
    const asBen = await send(ben, 'GET', list(classroomId));
    expect(asBen.json().results.map((row: { id: number }) => row.id)).toEqual([bens.id]);
    expect((await send(outsider, 'GET', list(classroomId))).statusCode).toBe(404);
    expect((await send(otherTeacher, 'GET', list(classroomId))).statusCode).toBe(404);
    expect((await send(null, 'GET', list(classroomId))).statusCode).toBe(401);
  });

  it('answers the HTML as stored, sanitised once when it was written', async () => {
    const saved = await writeResume(ana);
    // A value no write could store (<u> is not in the allow-list): a read that sanitised
    // again would drop the tag.
    const stored = '<p>Stored once, <u>read as stored</u>, by the teacher and the author.</p>';
    await t.deps.db.update(resumes).set({ summary: stored }).where(eq(resumes.id, saved.id));
    for (const reader of [teacher, ana]) {
      const single = await send(reader, 'GET', one(classroomId, saved.id));
      expect(single.json().summary).toBe(stored);
      const all = await send(reader, 'GET', list(classroomId));
      const row = all.json().results.find((item: { id: number }) => item.id === saved.id);
      expect(row.summary).toBe(stored);
    }
  });

  it('one résumé: its author and the teacher; a classmate, another class and teacher get 404', async () => {
    const anas = await writeResume(ana);
    expect((await send(ana, 'GET', one(classroomId, anas.id))).statusCode).toBe(200);
    expect((await send(teacher, 'GET', one(classroomId, anas.id))).json()).toMatchObject({
      id: anas.id,
      author: { id: ana.user.id },
    });
    const classmate = await send(ben, 'GET', one(classroomId, anas.id));
    expect(classmate.statusCode).toBe(404);
    expect(classmate.json()).toEqual({ error: resumeMessages.notFound });
    expect((await send(outsider, 'GET', one(classroomId, anas.id))).statusCode).toBe(404);
    expect((await send(otherTeacher, 'GET', one(classroomId, anas.id))).statusCode).toBe(404);
    // Through another class's path, even its own teacher does not reach it.
    expect((await send(otherTeacher, 'GET', one(otherClassroomId, anas.id))).statusCode).toBe(404);
    expect((await send(null, 'GET', one(classroomId, anas.id))).statusCode).toBe(401);
  });

  it('a page size of 1000 is answered as asked (above the usual maximum)', async () => {
    const response = await send(teacher, 'GET', `${list(classroomId)}?page_size=1000&page=1`);
    expect(response.statusCode).toBe(200);
    expect(response.json().next).toBeNull();
  });
});

describe('comments', () => {
  it('the teacher comments, the author reads and answers; nobody else', async () => {
    const anas = await writeResume(ana);
    const fromTeacher = await send(teacher, 'POST', comments(classroomId, anas.id), {
      body: 'Add your volunteering at the food bank.',
    });
    expect(fromTeacher.statusCode).toBe(201);
    expect(fromTeacher.json()).toMatchObject({
      author: { id: teacher.user.id },
      body: 'Add your volunteering at the food bank.',
      is_teacher: true,
    });
    const answer = await send(ana, 'POST', comments(classroomId, anas.id), {
      body: 'Done, thank you!',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().is_teacher).toBe(false);

    const thread = await send(ana, 'GET', comments(classroomId, anas.id));
    expect(thread.statusCode).toBe(200);
    expect(thread.json().results.map((row: { body: string }) => row.body)).toEqual([
      'Add your volunteering at the food bank.',
      'Done, thank you!',
    ]);
    expect((await send(teacher, 'GET', one(classroomId, anas.id))).json().comments_count).toBe(2);

    for (const who of [ben, outsider, otherTeacher]) {
      expect((await send(who, 'GET', comments(classroomId, anas.id))).statusCode).toBe(404);
      const refused = await send(who, 'POST', comments(classroomId, anas.id), { body: 'Hi' });
      expect(refused.statusCode).toBe(404);
    }
    expect((await send(null, 'GET', comments(classroomId, anas.id))).statusCode).toBe(401);
  });

  it('stores plain text: tags dropped, characters kept; empty and too long refused', async () => {
    const bens = await writeResume(ben);
    const saved = await send(teacher, 'POST', comments(classroomId, bens.id), {
      body: 'Use <b>bold</b> <script>alert(1)</script>headings & keep 3 < 5',
    });
    expect(saved.json().body).toBe('Use bold headings & keep 3 < 5');
    const onlyTags = await send(teacher, 'POST', comments(classroomId, bens.id), {
      body: '<img src=x onerror=alert(1)>',
    });
    expect(onlyTags.statusCode).toBe(400);
    expect(onlyTags.json()).toEqual({ body: [resumeMessages.commentRequired] });
    const long = await send(teacher, 'POST', comments(classroomId, bens.id), {
      body: 'x'.repeat(2001),
    });
    expect(long.json()).toEqual({ body: [resumeMessages.commentTooLong] });
  });
});
