import { describe, expect, it } from 'vitest';
import { MAX_READING_GRADE, QUIZ_MIN_ITEMS } from '@bullpen/contract/learn';
import { articleLinkProblems, readArticles } from '../content/articles.ts';
import { checkCurriculum, isKnownRoute } from './content-check.ts';
import { contentRoot, readCurriculum } from './content-files.ts';

/**
 * The real curriculum (`content/`), as the issue asks: every file parses with the contract's
 * schemas, and every rule of `checkCurriculum` holds (one right answer per question, no
 * duplicates, links to real pages, a worked example with numbers, reading grade ≤ 9), with
 * at least 8 courses, 40 lessons and 300 quiz questions. `npm run content:report` prints it.
 */
describe('the curriculum in content/', () => {
  const curriculum = readCurriculum(contentRoot);
  const articles = readArticles(contentRoot);
  const report = checkCurriculum(
    curriculum,
    new Set(articles.map((article) => article.front.alias)),
  );

  it('has no problem', () => {
    expect(report.problems).toEqual([]);
  });

  it('has at least 8 courses, 40 lessons and 300 quiz questions', () => {
    expect(report.courses).toBeGreaterThanOrEqual(8);
    expect(report.lessons).toBeGreaterThanOrEqual(40);
    expect(report.items).toBeGreaterThanOrEqual(300);
  });

  it('covers every category for grades 6 to 12', () => {
    const categories = new Set(curriculum.map(({ course }) => course.category));
    expect([...categories].sort()).toEqual(
      [
        'banking',
        'budgeting',
        'careers',
        'consumer',
        'credit',
        'earning',
        'investing',
        'markets',
        'saving',
        'risk',
      ].sort(),
    );
    expect(Math.min(...curriculum.map(({ course }) => course.grades[0]))).toBe(6);
    expect(Math.max(...curriculum.map(({ course }) => course.grades[1]))).toBe(12);
  });

  it('keeps every lesson readable and quizzed', () => {
    for (const lesson of report.lessonReports) {
      expect(lesson.grade, lesson.file).toBeLessThanOrEqual(MAX_READING_GRADE);
      expect(lesson.items, lesson.file).toBeGreaterThanOrEqual(QUIZ_MIN_ITEMS);
    }
  });

  it('refuses a calculator that does not exist', () => {
    const [first, ...rest] = curriculum;
    const [lesson, ...others] = first!.lessons;
    const broken = {
      ...first!,
      lessons: [
        { ...lesson!, body: `${lesson!.body}\n\n<div data-calculator="mortgage"></div>\n` },
        ...others,
      ],
    };
    expect(checkCurriculum([broken, ...rest]).problems).toContainEqual(
      `${lesson!.file}: no calculator is called "mortgage"`,
    );
  });

  it('knows the calculators /tools can scroll to', () => {
    const known = { lessonSlugs: new Set<string>(), articleAliases: new Set<string>() };
    expect(isKnownRoute('/tools', known)).toBe(true);
    expect(isKnownRoute('/tools#loan-payoff', known)).toBe(true);
    expect(isKnownRoute('/tools#mortgage', known)).toBe(false);
  });

  it('has public articles whose links lead to real pages', () => {
    const lessonSlugs = new Set(
      curriculum.flatMap((course) => course.lessons.map((lesson) => lesson.front.slug)),
    );
    expect(articleLinkProblems(articles, lessonSlugs)).toEqual([]);
  });
});
