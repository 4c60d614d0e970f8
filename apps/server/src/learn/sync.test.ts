import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { courses, lessonProgress, lessons } from '../db/schema/learn.ts';
import { buildTestApp, buildUser, testContentDir, type TestApp } from '../test/app.ts';
import { ContentError } from '../platform/content-files.ts';
import { contentRoot } from './content-files.ts';
import { loadCurriculum, syncCurriculum } from './service.ts';

/**
 * The start-up sync: upsert by slug (ids stable across restarts and edits), unchanged rows
 * untouched, files gone → retired (hidden, progress kept), a broken file → no start.
 */
let t: TestApp;
let scratch: string;

beforeAll(async () => {
  t = await buildTestApp();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-content-'));
  await fs.cp(testContentDir, scratch, { recursive: true });
});
afterAll(async () => {
  await t.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function lessonIds(): Promise<Record<string, number>> {
  const rows = await t.deps.db.select().from(lessons).orderBy(asc(lessons.id));
  return Object.fromEntries(rows.map((row) => [row.slug, row.id]));
}

describe('syncCurriculum', () => {
  it('keeps ids across restarts and edits, and rewrites only what changed', async () => {
    const before = await lessonIds();
    expect(Object.keys(before)).toHaveLength(4);
    // The app already synced the test content once: a second sync changes nothing.
    const again = await syncCurriculum(t.deps.db, loadCurriculum(scratch));
    expect(again).toEqual({ courses: 2, lessons: 4, written: 0, unchanged: 6, retired: 0 });

    const file = path.join(scratch, 'courses/money-basics/01-gross-and-net-pay.md');
    const text = await fs.readFile(file, 'utf8');
    await fs.writeFile(
      file,
      text
        .replace('title: Gross pay and net pay', 'title: Gross and net pay')
        .replace('Her net pay is $240 minus $36', 'So her net pay is $240 minus $36'),
    );
    const edited = await syncCurriculum(t.deps.db, loadCurriculum(scratch));
    expect(edited).toMatchObject({ written: 1, unchanged: 5, retired: 0 });
    expect(await lessonIds()).toEqual(before);
    const response = await t.app.inject({
      url: `/api/learn/lessons/?course=${(await t.deps.db.select().from(courses))[0]!.id}`,
    });
    expect(response.json().results[0].title).toBe('Gross and net pay');
  });

  it('retires a lesson whose file is gone and keeps its progress; it comes back with its id', async () => {
    const ids = await lessonIds();
    const student = await buildUser(t.deps);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/learn/lessons/${ids['pay-yourself-first']}/attempts/`,
      headers: student.auth,
      payload: {
        answers: {
          'first-step': 1,
          'ten-percent': 15,
          'months-to-goal': 5,
          'why-first': 0,
          'goal-kind': 0,
        },
      },
    });
    expect(answer.statusCode).toBe(201);

    const file = path.join(scratch, 'courses/money-basics/02-pay-yourself-first.md');
    const kept = await fs.readFile(file, 'utf8');
    await fs.rm(file);
    // The other lesson linked to it: drop that link too, or the check refuses the content.
    const first = path.join(scratch, 'courses/money-basics/01-gross-and-net-pay.md');
    const firstText = await fs.readFile(first, 'utf8');
    await fs.writeFile(first, firstText.replace(/Read more in .*\n/, ''));
    const retired = await syncCurriculum(t.deps.db, loadCurriculum(scratch));
    expect(retired.retired).toBe(1);

    const url = `/api/learn/lessons/${ids['pay-yourself-first']}/`;
    expect((await t.app.inject({ url, headers: student.auth })).statusCode).toBe(404);
    const courseId = (await t.deps.db.select().from(courses).orderBy(asc(courses.position)))[0]!.id;
    const cards = (await t.app.inject({ url: `/api/learn/lessons/?course=${courseId}` })).json();
    expect(cards.results.map((card: { slug: string }) => card.slug)).toEqual(['gross-and-net-pay']);
    const catalogue = (await t.app.inject({ url: '/api/learn/courses/' })).json();
    expect(catalogue.results[0].lessons_count).toBe(1);
    expect(await t.deps.db.select().from(lessonProgress)).toContainEqual(
      expect.objectContaining({ userId: student.user.id, lessonId: ids['pay-yourself-first'] }),
    );

    await fs.writeFile(file, kept);
    await fs.writeFile(first, firstText);
    const back = await syncCurriculum(t.deps.db, loadCurriculum(scratch));
    expect(back.retired).toBe(0);
    expect(await lessonIds()).toEqual(ids);
    const lesson = (await t.app.inject({ url, headers: student.auth })).json();
    expect(lesson.progress).toEqual({ completed: true, best_percent: 100, attempts: 1 });
  });

  it('retires a whole course whose folder is gone', async () => {
    await fs.rename(path.join(scratch, 'courses/market-basics'), path.join(scratch, 'gone'));
    // An article links to a market lesson: move it away too.
    await fs.rename(
      path.join(scratch, 'articles/how-a-stock-contest-works.md'),
      path.join(scratch, 'gone.md'),
    );
    try {
      const summary = await syncCurriculum(t.deps.db, loadCurriculum(scratch));
      expect(summary.retired).toBe(3);
      const catalogue = (await t.app.inject({ url: '/api/learn/courses/' })).json();
      expect(catalogue.results.map((course: { slug: string }) => course.slug)).toEqual([
        'money-basics',
      ]);
      const ids = await lessonIds();
      expect(
        (await t.app.inject({ url: `/api/content/lessons/what-is-a-share/` })).statusCode,
      ).toBe(404);
      const student = await buildUser(t.deps);
      const lesson = await t.app.inject({
        url: `/api/learn/lessons/${ids['what-is-a-share']}/`,
        headers: student.auth,
      });
      expect(lesson.statusCode).toBe(404);
    } finally {
      await fs.rename(path.join(scratch, 'gone'), path.join(scratch, 'courses/market-basics'));
      await fs.rename(
        path.join(scratch, 'gone.md'),
        path.join(scratch, 'articles/how-a-stock-contest-works.md'),
      );
    }
    expect((await syncCurriculum(t.deps.db, loadCurriculum(scratch))).retired).toBe(0);
  });

  it('serialises concurrent syncs: both finish, no slug twice', async () => {
    const sources = loadCurriculum(scratch);
    await Promise.all([syncCurriculum(t.deps.db, sources), syncCurriculum(t.deps.db, sources)]);
    expect(await t.deps.db.select().from(lessons)).toHaveLength(4);
    expect(await t.deps.db.select().from(courses)).toHaveLength(2);
  });

  it('refuses content with a problem, naming the file', async () => {
    const file = path.join(scratch, 'courses/money-basics/02-pay-yourself-first.md');
    const kept = await fs.readFile(file, 'utf8');
    try {
      await fs.writeFile(file, kept.replace('path: /budgeting', 'path: /no-such-page'));
      expect(() => loadCurriculum(scratch)).toThrow(ContentError);
      expect(() => loadCurriculum(scratch)).toThrow(
        /02-pay-yourself-first\.md try_it: link \/no-such-page/,
      );
      await fs.writeFile(file, kept.replace('minutes: 6', 'minutes: many'));
      expect(() => loadCurriculum(scratch)).toThrow(/minutes/);
    } finally {
      await fs.writeFile(file, kept);
    }
  });

  it('refuses to start the app with broken content', async () => {
    const broken = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-broken-'));
    try {
      await fs.cp(testContentDir, broken, { recursive: true });
      await fs.writeFile(path.join(broken, 'courses/money-basics/03-stray.md'), 'no front matter');
      await expect(buildTestApp({ CONTENT_DIR: broken })).rejects.toThrow(/03-stray\.md/);
    } finally {
      await fs.rm(broken, { recursive: true, force: true });
    }
  });
});

describe('the real curriculum', () => {
  it('loads into the database and serves every course', { timeout: 60_000 }, async () => {
    const real = await buildTestApp({ CONTENT_DIR: contentRoot });
    try {
      const catalogue = (await real.app.inject({ url: '/api/learn/courses/' })).json();
      expect(catalogue.count).toBeGreaterThan(0);
      const preview = (await real.app.inject({ url: '/api/learn/courses/preview/' })).json();
      const lessonsServed = preview.results.reduce(
        (sum: number, course: { lessons: unknown[] }) => sum + course.lessons.length,
        0,
      );
      expect(lessonsServed).toBe((await real.deps.db.select().from(lessons)).length);
      // A second start writes nothing (how long a start takes is bench/start.ts's to measure).
      const summary = await syncCurriculum(real.deps.db, loadCurriculum(contentRoot));
      expect(summary.written).toBe(0);
    } finally {
      await real.close();
    }
  });
});
