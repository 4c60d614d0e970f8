import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleCategories, moduleImageSrc } from '@bullpen/contract/zogo';
import { contentRoot, readCurriculum } from '../learn/content-files.ts';
import { repoRoot } from '../platform/paths.ts';
import { checkModules, MODULE_MAX_READING_GRADE } from './content-check.ts';
import { readModules } from './content-files.ts';

/**
 * The real learn-and-earn modules (`content/modules/`), as the issue asks: every file parses
 * with the contract's schemas and every rule of `checkModules` holds (slugs and question ids
 * unique, skills of the module's category, real lessons, reading grade ≤ 8), with at least 60
 * modules, modules in every category and every skill of skills.yaml taught.
 * `npm run content:report` prints it.
 */
describe('the modules in content/modules/', () => {
  const lessonSlugs = new Set(
    readCurriculum(contentRoot).flatMap((course) =>
      course.lessons.map((lesson) => lesson.front.slug),
    ),
  );
  const source = readModules(contentRoot);
  const report = checkModules(source, lessonSlugs);

  it('has no problem', () => {
    expect(report.problems).toEqual([]);
  });

  it('has at least 60 modules, in every category', () => {
    expect(report.modules).toBeGreaterThanOrEqual(60);
    expect(
      moduleCategories.filter((category) => (report.perCategory[category] ?? 0) === 0),
    ).toEqual([]);
  });

  it('teaches every skill of skills.yaml', () => {
    expect(
      Object.entries(report.perSkill)
        .filter(([, count]) => count === 0)
        .map(([skill]) => skill),
    ).toEqual([]);
  });

  it('keeps every module readable', () => {
    for (const module of report.moduleReports) {
      expect(module.grade, module.file).toBeLessThanOrEqual(MODULE_MAX_READING_GRADE);
    }
  });

  it('shows images the web app serves (apps/web/public/modules)', () => {
    const images = new Set(source.modules.map(({ module }) => module.image));
    const missing = [...images].filter(
      (image) => !fs.existsSync(path.join(repoRoot, 'apps/web/public', moduleImageSrc(image))),
    );
    expect(missing).toEqual([]);
  });
});
