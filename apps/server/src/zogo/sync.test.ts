import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonIdsBySlug } from '../learn/service.ts';
import { ContentError } from '../platform/content-files.ts';
import { buildTestApp, buildUser, testContentDir, type TestApp } from '../test/app.ts';
import { checkModules } from './content-check.ts';
import { readModules } from './content-files.ts';
import { loadModules, syncModules } from './content-service.ts';

/**
 * The start-up sync of the modules: upsert by slug (ids stable across restarts and edits),
 * unchanged rows untouched, a file gone → its module retired (hidden, completions kept), and
 * the rules across files that stop a start.
 */
let t: TestApp;
let scratch: string;

beforeAll(async () => {
  t = await buildTestApp();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-modules-'));
  await fs.cp(testContentDir, scratch, { recursive: true });
});
afterAll(async () => {
  await t.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function sync(root = scratch) {
  const lessonIds = await lessonIdsBySlug(t.deps.db);
  return syncModules(t.deps.db, loadModules(root, new Set(lessonIds.keys())), lessonIds);
}

async function moduleIds(who: { auth: Record<string, string> }): Promise<Record<string, number>> {
  const response = await t.app.inject({ url: '/api/zogo/modules/', headers: who.auth });
  return Object.fromEntries(
    (response.json() as { slug: string; id: number }[]).map((module) => [module.slug, module.id]),
  );
}

const gross = 'modules/earning/01-gross-or-net.yaml';

describe('syncModules', () => {
  it('keeps ids across restarts and edits, and rewrites only what changed', async () => {
    const student = await buildUser(t.deps);
    const before = await moduleIds(student);
    expect(Object.keys(before)).toHaveLength(3);
    // The app already synced the test modules once: a second sync changes nothing.
    expect(await sync()).toEqual({
      categories: 9,
      skills: 3,
      modules: 3,
      written: 0,
      unchanged: 15,
      retired: 0,
    });

    const file = path.join(scratch, gross);
    await fs.writeFile(
      file,
      (await fs.readFile(file, 'utf8')).replace(
        'name: Gross or net?',
        'name: Gross pay or net pay?',
      ),
    );
    expect(await sync()).toMatchObject({ written: 1, unchanged: 14, retired: 0 });
    expect(await moduleIds(student)).toEqual(before);
    const detail = await t.app.inject({
      url: `/api/zogo/modules/${before['gross-or-net']}/`,
      headers: student.auth,
    });
    expect(detail.json().name).toBe('Gross pay or net pay?');
  });

  it('retires a module whose file is gone and keeps its completion; it comes back with its id', async () => {
    const student = await buildUser(t.deps);
    const ids = await moduleIds(student);
    // Its four cards served ten minutes ago, so the module's pace is long satisfied.
    const realNow = t.app.zogo.clock.now;
    t.app.zogo.clock.now = () => new Date(realNow().getTime() - 10 * 60_000);
    try {
      for (const card of [0, 1, 2, 3]) {
        const start = await t.app.inject({
          method: 'POST',
          url: `/api/zogo/modules/${ids['save-first']}/cards/${card}/start/`,
          headers: student.auth,
        });
        expect(start.statusCode).toBe(200);
      }
    } finally {
      t.app.zogo.clock.now = realNow;
    }
    const token = await t.app.inject({ url: '/api/auth/zogo-token/', headers: student.auth });
    const done = await t.app.inject({
      method: 'PUT',
      url: '/api/points/points/zogo/',
      headers: student.auth,
      payload: {
        module: ids['save-first'],
        answers: [
          { question: 'first-step', choice: 1 },
          { question: 'ten-of-hundred', choice: 1 },
        ],
        zogo_token: token.json().zogo_token,
      },
    });
    expect(done.statusCode).toBe(200);

    const file = path.join(scratch, 'modules/saving/01-save-first.yaml');
    const kept = await fs.readFile(file, 'utf8');
    await fs.rm(file);
    expect(await sync()).toMatchObject({ modules: 2, retired: 1 });
    expect(Object.keys(await moduleIds(student))).toEqual(['gross-or-net', 'what-a-share-is']);
    const gone = await t.app.inject({
      url: `/api/zogo/modules/${ids['save-first']}/`,
      headers: student.auth,
    });
    expect(gone.statusCode).toBe(404);
    const categories = await t.app.inject({ url: '/api/zogo/categories/', headers: student.auth });
    expect(
      categories.json().find((category: { slug: string }) => category.slug === 'saving'),
    ).toMatchObject({ module_count: 0 });

    await fs.writeFile(file, kept);
    expect(await sync()).toMatchObject({ modules: 3, written: 1, retired: 0 });
    expect((await moduleIds(student))['save-first']).toBe(ids['save-first']);
    const back = await t.app.inject({
      url: `/api/zogo/modules/${ids['save-first']}/`,
      headers: student.auth,
    });
    expect(back.json().completed).toBe(true);
  });

  it('refuses a broken file with every problem named, and writes nothing', async () => {
    const broken = await fs.mkdtemp(path.join(os.tmpdir(), 'bullpen-modules-broken-'));
    try {
      await fs.cp(scratch, broken, { recursive: true });
      await fs.writeFile(path.join(broken, 'modules/saving/02-no-cards.yaml'), 'slug: no-cards\n');
      await fs.writeFile(path.join(broken, 'modules/saving/notes.txt'), 'hello');
      await fs.writeFile(path.join(broken, 'modules/saving/03-bad.yaml'), 'slug: [unclosed\n');
      const error = await sync(broken).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ContentError);
      const problems = (error as ContentError).problems.join('\n');
      expect(problems).toContain('02-no-cards.yaml');
      expect(problems).toContain('notes.txt: a module file is named NN-<slug>.yaml');
      expect(problems).toContain('03-bad.yaml: not YAML');
    } finally {
      await fs.rm(broken, { recursive: true, force: true });
    }
  });
});

describe('checkModules', () => {
  const lessonSlugs = new Set(['gross-and-net-pay', 'pay-yourself-first', 'what-is-a-share']);

  it('passes the test modules', () => {
    const report = checkModules(
      readModules(testContentDir),
      new Set([...lessonSlugs, 'placing-an-order']),
    );
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ skills: 3, modules: 3, questions: 7 });
    expect(report.perCategory).toMatchObject({ earning: 1, saving: 1, markets: 1, credit: 0 });
  });

  it('names each rule a module breaks', () => {
    const source = readModules(testContentDir);
    // In folder order: earning/gross-or-net, markets/what-a-share-is, saving/save-first.
    const [first, second, third] = source.modules;
    const question = (id: string) => ({
      type: 'question' as const,
      id,
      question: `Question ${id}?`,
      choices: ['Same', 'same'],
      answer: 0,
      explanation: 'Because it is so.',
    });
    const report = checkModules(
      {
        skills: [...source.skills, source.skills[0]!],
        modules: [
          { ...first!, fileSlug: 'another-name', folder: 'saving' },
          {
            ...second!,
            module: {
              ...second!.module,
              slug: first!.module.slug,
              skill: 'reading-a-paycheck',
              lessons: ['no-such-lesson', 'no-such-lesson'],
              cards: [
                ...second!.module.cards.filter((card) => card.type === 'read'),
                question('twice'),
                question('twice'),
              ],
            },
          },
          {
            ...third!,
            module: {
              ...third!.module,
              skill: 'no-such-skill',
              cards: third!.module.cards.map((card) =>
                card.type === 'read'
                  ? {
                      ...card,
                      text: 'Institutional diversification considerations necessitate comprehensive evaluation of heterogeneous investment opportunities.',
                    }
                  : card,
              ),
            },
          },
        ],
      },
      lessonSlugs,
    );
    const file = (index: number) => source.modules[index]!.file;
    expect(report.problems).toEqual([
      'skills.yaml: a second skill reading-a-paycheck',
      `${file(0)}: slug gross-or-net differs from the file name`,
      `${file(0)}: category earning differs from its folder saving`,
      `${file(1)}: a second module gross-or-net (slugs are unique)`,
      `${file(1)}: slug gross-or-net differs from the file name`,
      `${file(1)}: skill reading-a-paycheck belongs to earning, not markets`,
      `${file(1)}: no lesson no-such-lesson`,
      `${file(1)}: a lesson is listed twice`,
      `${file(1)}: question twice offers the same choice twice`,
      `${file(1)}: two questions with the id twice`,
      `${file(1)}: question twice is asked twice`,
      `${file(1)}: question twice offers the same choice twice`,
      `${file(2)}: another module of saving is numbered 1`,
      `${file(2)}: skill no-such-skill is not in skills.yaml`,
      expect.stringMatching(new RegExp(`^${file(2)}: reads at grade \\d+(\\.\\d)?, above 8`)),
    ]);
  });
});
