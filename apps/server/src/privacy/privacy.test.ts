import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { api } from '@bullpen/contract/routes';
import { dataExports } from '../db/schema/privacy.ts';
import { lessons } from '../db/schema/learn.ts';
import { zogoCompletions, zogoModules } from '../db/schema/zogo.ts';
import {
  buildContest,
  buildTestApp,
  buildUser,
  grossNetRight,
  marketTimes,
  postOrder,
  type TestApp,
} from '../test/app.ts';
import { callAs, createClassWithStudents, type Who } from '../test/classrooms.ts';

/**
 * "Download my data": the owner gets every section, nobody else sees the export, a teacher
 * exports only a student of their own class, the link dies after a day, and concurrent
 * requests start one job.
 */
let t: TestApp;
const call = callAs({
  get app() {
    return t.app;
  },
});
type User = Awaited<ReturnType<typeof buildUser>>;

let teacher: User;
let otherTeacher: User;
let ana: User;
let classmate: User;
let stranger: User;
let classroomId: number;
let otherClassroomId: number;

beforeAll(async () => {
  t = await buildTestApp();
  t.app.market.clock.now = () => marketTimes.open;
  teacher = await buildUser(t.deps, { is_teacher: true, first_name: 'Grace', last_name: 'Hopper' });
  otherTeacher = await buildUser(t.deps, { is_teacher: true });
  const made = await createClassWithStudents(t.app, teacher, {
    name: 'Economics',
    students: [
      { first_name: 'Ana', last_name: 'Lopez', language: 'es' },
      { first_name: 'Ben', last_name: 'Okafor' },
    ],
  });
  classroomId = made.classroom.id;
  [ana, classmate] = made.students as [User, User];
  otherClassroomId = (await createClassWithStudents(t.app, otherTeacher, { name: 'History' }))
    .classroom.id;
  stranger = await buildUser(t.deps);
});
afterAll(async () => {
  await t.close();
});

function ok<R extends { statusCode: number; body: string }>(response: R, status: number): R {
  if (response.statusCode !== status) throw new Error(`${response.statusCode}: ${response.body}`);
  return response;
}

async function seedEverything(who: User) {
  const [lesson] = await t.deps.db
    .select()
    .from(lessons)
    .where(eq(lessons.slug, 'gross-and-net-pay'));
  ok(
    await call(who, 'POST', `/api/learn/lessons/${lesson!.id}/attempts/`, {
      answers: grossNetRight,
    }),
    201,
  );
  // Completing a module through the API takes its paced cards; the row is the same.
  const [module] = await t.deps.db.select().from(zogoModules).limit(1);
  await t.deps.db
    .insert(zogoCompletions)
    .values({ userId: who.user.id, moduleId: module!.id, points: 50 });
  const contest = await buildContest(t, who);
  ok(
    await postOrder(t, who, {
      contest_user: contest.my_contest_user,
      security: 3,
      order_type: 'BUY',
      quantity: 2,
    }),
    201,
  );
  ok(
    await call(who, 'POST', `/api/resumes/classrooms/${classroomId}/resumes/`, {
      summary: '<p>Curious about <script>alert(1)</script> money</p>',
      education: '<p>Lincoln High</p>',
      experience: '<p>School store</p>',
      skills: '<p>Spanish</p>',
    }),
    201,
  );
  ok(
    await call(who, 'POST', api.masterBudgets.build(), {
      name: 'Summer <b>job</b>',
      incomes: [{ label: 'Pay', category: 'wages', amount_cents: 10_000, frequency: 'weekly' }],
      expenses: [],
      goals: [],
    }),
    201,
  );
  ok(
    await call(who, 'POST', api.classroomPosts.build({ id: classroomId }), {
      message: 'Who wants to trade <img src=x onerror=alert(1)>?',
    }),
    201,
  );
  ok(
    await call(who, 'POST', api.supportTickets.build(), {
      description: 'I cannot find my résumé.',
    }),
    201,
  );
}

/** Waits for the background job, as the web page polls. */
async function untilDone(who: Who, id: number) {
  for (let tries = 0; tries < 200; tries += 1) {
    const job = ok(await call(who, 'GET', api.dataExport.build({ id })), 200).json();
    if (job.status !== 'pending') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('export never finished');
}

async function exportOf(who: Who) {
  const job = ok(await call(who, 'POST', api.dataExports.build()), 202).json();
  // A repeat within a minute gets the export it just made, which may have finished already.
  expect(['pending', 'ready']).toContain(job.status);
  return untilDone(who, job.id);
}

const download = (who: Who, id: number, format = 'json') =>
  call(who, 'GET', `${api.dataExportDownload.build({ id })}?format=${format}`);

describe('POST /api/privacy/exports/', () => {
  it('prepares every section of the owner’s data, as JSON and as a page', async () => {
    await seedEverything(ana);
    // A classmate's post must not reach Ana's file.
    ok(
      await call(classmate, 'POST', api.classroomPosts.build({ id: classroomId }), {
        message: 'Ben’s own secret plan',
      }),
      201,
    );
    const job = await exportOf(ana);
    expect(job).toMatchObject({ status: 'ready', progress: 100 });

    const file = ok(await download(ana, job.id), 200);
    expect(file.headers['content-type']).toContain('application/json');
    expect(file.headers['content-disposition']).toContain('attachment');
    const document = file.json();
    expect(document).toMatchObject({
      format: 'bullpen-export',
      version: 1,
      user: { id: ana.user.id, first_name: 'Ana', last_name: 'Lopez', email: ana.user.email },
      classes: [{ id: classroomId, teacher_first_name: 'Grace' }],
    });
    expect(document.user).not.toHaveProperty('password_hash');
    expect(document.lesson_attempts).toHaveLength(1);
    expect(document.lesson_attempts[0]).toMatchObject({ passed: true, percent: 100 });
    expect(document.points_history.length).toBeGreaterThan(0);
    expect(document.learn_and_earn_modules).toEqual([
      expect.objectContaining({ points: 50, module_name: expect.any(String) }),
    ]);
    expect(document.portfolios).toHaveLength(1);
    expect(document.portfolios[0].orders).toEqual([
      expect.objectContaining({ side: 'BUY', quantity: 2 }),
    ]);
    expect(document.resumes).toHaveLength(1);
    expect(document.budgets).toEqual([expect.objectContaining({ name: 'Summer <b>job</b>' })]);
    expect(document.board_posts).toHaveLength(1);
    expect(document.support_tickets).toEqual([
      expect.objectContaining({ description: 'I cannot find my résumé.' }),
    ]);
    const text = JSON.stringify(document);
    expect(text).not.toContain('secret plan');
    expect(text).not.toContain('Hopper');
    expect(text).not.toContain('Okafor');

    const page = ok(await download(ana, job.id, 'html'), 200);
    expect(page.headers['content-type']).toContain('text/html');
    // Ana's language is Spanish; every value is escaped, nothing runs.
    expect(page.body).toContain('Mis datos de Bullpen');
    expect(page.body).toContain('Summer &lt;b&gt;job&lt;/b&gt;');
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('<img');
    expect(page.body).not.toContain('<b>');
  });

  it('needs a user', async () => {
    expect(
      (await call({ auth: { authorization: '' } }, 'POST', api.dataExports.build())).statusCode,
    ).toBe(401);
  });

  it('starts one job when many requests come at once', async () => {
    const busy = await buildUser(t.deps);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => call(busy, 'POST', api.dataExports.build())),
    );
    const ids = new Set(responses.map((response) => ok(response, 202).json().id));
    expect(ids.size).toBe(1);
    await untilDone(busy, [...ids][0]);
    const rows = await t.deps.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, busy.user.id));
    expect(rows).toHaveLength(1);
  });

  it('replaces a job left pending by a process that stopped', async () => {
    const owner = await buildUser(t.deps);
    const longAgo = new Date(Date.now() - 60 * 60 * 1000);
    const [stuck] = await t.deps.db
      .insert(dataExports)
      .values({
        userId: owner.user.id,
        requestedBy: owner.user.id,
        createdAt: longAgo,
        expiresAt: new Date(longAgo.getTime() + 24 * 60 * 60 * 1000),
      })
      .returning();
    const job = await exportOf(owner);
    expect(job.id).not.toBe(stuck!.id);
    expect(job.status).toBe('ready');
    const [old] = await t.deps.db.select().from(dataExports).where(eq(dataExports.id, stuck!.id));
    expect(old!.status).toBe('failed');
  });
});

describe('who may see an export', () => {
  it('answers 404 to a classmate and a stranger, for the status and the file', async () => {
    const job = await exportOf(ana);
    for (const other of [classmate, stranger, teacher]) {
      expect((await call(other, 'GET', api.dataExport.build({ id: job.id }))).statusCode).toBe(404);
      expect((await download(other, job.id)).statusCode).toBe(404);
    }
    expect((await download(ana, job.id)).statusCode).toBe(200);
  });

  it('lets the class’s teacher export a student, and no one else', async () => {
    const url = api.classroomStudentExport.build({ id: classroomId, userId: ana.user.id });
    const refused = await call(otherTeacher, 'POST', url);
    expect(refused.statusCode).toBe(404);
    // Another class's teacher cannot reach Ana through their own class either.
    const viaOther = api.classroomStudentExport.build({
      id: otherClassroomId,
      userId: ana.user.id,
    });
    expect((await call(otherTeacher, 'POST', viaOther)).statusCode).toBe(404);
    // A student cannot export a classmate.
    const byClassmate = await call(classmate, 'POST', url);
    expect(byClassmate.statusCode).toBe(403);

    const accepted = ok(await call(teacher, 'POST', url), 202).json();
    const job = await untilDone(teacher, accepted.id);
    expect(job.status).toBe('ready');
    const document = ok(await download(teacher, job.id), 200).json();
    expect(document.user.id).toBe(ana.user.id);
    // The teacher's export is the teacher's to download, not the student's.
    expect((await download(ana, job.id)).statusCode).toBe(404);
  });

  it('refuses bad ids and formats with a 4xx', async () => {
    expect((await call(ana, 'GET', '/api/privacy/exports/abc/')).statusCode).toBe(400);
    const job = await exportOf(ana);
    expect((await download(ana, job.id, 'pdf')).statusCode).toBe(400);
  });
});

describe('the link expires', () => {
  it('answers 410 after a day, and the next export deletes the expired one', async () => {
    const owner = await buildUser(t.deps);
    const job = await exportOf(owner);
    expect((await download(owner, job.id)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
      const expired = await download(owner, job.id);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ error: expect.any(String) });
      await exportOf(owner);
      const left = await t.deps.db.select().from(dataExports).where(eq(dataExports.id, job.id));
      expect(left).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
