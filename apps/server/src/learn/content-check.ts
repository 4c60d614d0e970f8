import { isCalculatorName } from '@bullpen/contract/calculator-names';
import { publicPaths, signedInPatterns, toolsPaths } from '@bullpen/contract/routes';
import { markdownCalculators, markdownHeadings, markdownLinks } from '../platform/markdown.ts';
import type { CourseSource } from './content-files.ts';
import { readability } from './readability.ts';

/**
 * The rules a careful teacher would check in every lesson, as code: the content test fails on
 * any problem, and `npm run content:report` prints them with the counts and each lesson's
 * reading grade. The zod schemas already hold the shape of each file; these are the rules
 * across files and inside the prose.
 */
export interface LessonReport {
  course: string;
  lesson: string;
  file: string;
  grade: number;
  words: number;
  items: number;
}

export interface ContentReport {
  courses: number;
  lessons: number;
  items: number;
  lessonReports: LessonReport[];
  problems: string[];
}

/** The heading every lesson has for its worked example. */
export const WORKED_EXAMPLE_HEADING = 'Worked example';

const PUBLIC_ARTICLE = /^\/public\/(lessons|blogs)\/([a-z0-9-]+)$/;

/** True when `href` (a path inside Bullpen, query allowed) is a page the web app serves. */
export function isKnownRoute(
  href: string,
  known: { lessonSlugs: ReadonlySet<string>; articleAliases: ReadonlySet<string> },
): boolean {
  const url = new URL(href, 'http://bullpen.invalid');
  const pathname = url.pathname.replace(/\/$/, '') || '/';
  const article = PUBLIC_ARTICLE.exec(pathname);
  if (article) {
    return article[1] === 'lessons'
      ? known.lessonSlugs.has(article[2]!)
      : known.articleAliases.has(article[2]!);
  }
  if ((Object.values(publicPaths) as string[]).includes(pathname)) return true;
  // /tools#<name> scrolls to a calculator: the name must be one.
  if (pathname === toolsPaths.tools && url.hash && !isCalculatorName(url.hash.slice(1))) {
    return false;
  }
  return signedInPatterns.some((pattern) => {
    const expected = pattern.split('/');
    const actual = pathname.slice(1).split('/');
    return (
      expected.length === actual.length &&
      expected.every((part, index) =>
        part.startsWith(':')
          ? part === ':orderType'
            ? /^(BUY|SELL)$/.test(actual[index]!)
            : /^[1-9]\d{0,9}$/.test(actual[index]!)
          : part === actual[index],
      )
    );
  });
}

function checkLink(
  href: string,
  where: string,
  known: Parameters<typeof isKnownRoute>[1],
  problems: string[],
): void {
  if (href.startsWith('https://')) return;
  if (!href.startsWith('/')) {
    problems.push(`${where}: link ${href} is neither https:// nor a Bullpen path`);
  } else if (!isKnownRoute(href, known)) {
    problems.push(`${where}: link ${href} leads to no Bullpen page`);
  }
}

export function checkCurriculum(
  courses: CourseSource[],
  articleAliases: ReadonlySet<string> = new Set(),
): ContentReport {
  const problems: string[] = [];
  const lessonReports: LessonReport[] = [];
  const lessonSlugs = new Set<string>();
  const courseSlugs = new Set<string>();
  const positions = new Set<number>();
  for (const { course, file, lessons } of courses) {
    if (courseSlugs.has(course.slug)) problems.push(`${file}: a second course ${course.slug}`);
    courseSlugs.add(course.slug);
    if (positions.has(course.position)) {
      problems.push(`${file}: position ${course.position} is taken by another course`);
    }
    positions.add(course.position);
    for (const lesson of lessons) {
      if (lessonSlugs.has(lesson.front.slug)) {
        problems.push(`${lesson.file}: a second lesson ${lesson.front.slug} (slugs are unique)`);
      }
      lessonSlugs.add(lesson.front.slug);
    }
  }
  const known = { lessonSlugs, articleAliases };

  let items = 0;
  for (const { course, file, lessons } of courses) {
    if (lessons.length === 0) problems.push(`${file}: a course without lessons`);
    lessons.forEach((lesson, index) => {
      const where = lesson.file;
      if (lesson.order !== index + 1) {
        problems.push(`${where}: lessons are numbered 01, 02, … without gaps`);
      }
      const { front, body } = lesson;
      items += front.quiz.length;

      const ids = new Set<string>();
      const questions = new Set<string>();
      for (const item of front.quiz) {
        if (ids.has(item.id)) problems.push(`${where}: two questions with the id ${item.id}`);
        ids.add(item.id);
        const text = item.question.trim().toLowerCase();
        if (questions.has(text)) problems.push(`${where}: question ${item.id} is asked twice`);
        questions.add(text);
      }
      if (!front.quiz.some((item) => item.type === 'number')) {
        problems.push(`${where}: the quiz has no numeric question`);
      }
      if (!front.quiz.some((item) => item.type === 'choice')) {
        problems.push(`${where}: the quiz has no multiple-choice question`);
      }

      const headings = markdownHeadings(body);
      if (headings.some((heading) => heading.depth === 1)) {
        problems.push(`${where}: the page has its title already; start headings at ##`);
      }
      const example = body
        .split(/^## /m)
        .find((section) => section.startsWith(WORKED_EXAMPLE_HEADING));
      if (!example) {
        problems.push(`${where}: no "## ${WORKED_EXAMPLE_HEADING}" section`);
      } else if (!/\d/.test(example)) {
        problems.push(`${where}: the worked example has no numbers`);
      }

      checkLink(front.try_it.path, `${where} try_it`, known, problems);
      for (const href of markdownLinks(body)) checkLink(href, where, known, problems);
      for (const name of markdownCalculators(body)) {
        if (!isCalculatorName(name)) problems.push(`${where}: no calculator is called "${name}"`);
      }

      const measured = readability(body);
      lessonReports.push({
        course: course.slug,
        lesson: front.slug,
        file: where,
        grade: measured.grade,
        words: measured.words,
        items: front.quiz.length,
      });
    });
  }
  return {
    courses: courses.length,
    lessons: lessonReports.length,
    items,
    lessonReports,
    problems,
  };
}
