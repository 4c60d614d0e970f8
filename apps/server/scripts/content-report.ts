import { articleLinkProblems, readArticles } from '../src/content/articles.ts';
import { ContentError } from '../src/platform/content-files.ts';
import { checkModules } from '../src/zogo/content-check.ts';
import { readModules } from '../src/zogo/content-files.ts';
import { checkCurriculum } from '../src/learn/content-check.ts';
import {
  contentRoot,
  readCurriculum,
  readGlossary,
  readStandards,
} from '../src/learn/content-files.ts';
import { checkEditorial, GRADE_BANDS, scopeProblems } from '../src/learn/editorial-check.ts';

/**
 * `npm run content:report`: the curriculum's counts, each lesson's reading grade and quiz
 * size, each learn-and-earn module's reading grade, questions and points, and every problem
 * the content tests (or the server's start) would fail on, articles and modules included.
 * Exit code 1 when there is one.
 */
const print = (text: string): void => void process.stdout.write(`${text}\n`);

try {
  const articles = readArticles(contentRoot);
  const curriculum = readCurriculum(contentRoot);
  const report = checkCurriculum(
    curriculum,
    new Set(articles.map((article) => article.front.alias)),
  );
  const lessonSlugs = new Set(
    curriculum.flatMap((course) => course.lessons.map((lesson) => lesson.front.slug)),
  );
  const modulesSource = readModules(contentRoot);
  const modules = checkModules(modulesSource, lessonSlugs);
  const standards = readStandards(contentRoot);
  const editorial = checkEditorial(curriculum, {
    standards,
    glossary: readGlossary(contentRoot),
    moduleQuestions: modulesSource.modules.flatMap((source) =>
      source.module.cards.flatMap((card) =>
        card.type === 'question'
          ? [{ file: `${source.file} question ${card.id}`, question: card.question }]
          : [],
      ),
    ),
  });
  const problems = [
    ...report.problems,
    ...editorial.problems,
    ...scopeProblems(curriculum),
    ...articleLinkProblems(articles, lessonSlugs),
    ...modules.problems,
  ];
  const perLesson = new Map(editorial.lessons.map((lesson) => [lesson.file, lesson]));
  for (const lesson of report.lessonReports) {
    const counts = perLesson.get(lesson.file);
    print(
      `${lesson.file.padEnd(64)} grade ${lesson.grade.toFixed(1).padStart(4)}  ${String(lesson.words).padStart(5)} words  ${String(lesson.items).padStart(2)} questions  ${String(counts?.applied ?? 0).padStart(2)} applied  ${counts?.numeric ?? 0} numeric  right longest ${counts?.longestRight ?? 0}/${counts?.choice ?? 0}`,
    );
  }
  print('\nCoverage of the national standards (lessons per standard and grade band):\n');
  print(
    `| Standard | ${GRADE_BANDS.map((band) => `Grades ${band.label}`).join(' | ')} | Statement |`,
  );
  print(`| --- | ${GRADE_BANDS.map(() => '---:').join(' | ')} | --- |`);
  for (const topic of standards.topics) {
    for (const standard of topic.standards) {
      const bands = editorial.coverage[standard.code] ?? {};
      print(
        `| ${standard.code} | ${GRADE_BANDS.map((band) => String(bands[band.label] ?? 0)).join(' | ')} | ${standard.title} |`,
      );
    }
  }
  const lessonsTotal = editorial.lessons.length;
  print('\nPractice links (lessons per page):');
  for (const [target, count] of Object.entries(editorial.practiceTargets).sort(
    (a, b) => b[1] - a[1],
  )) {
    print(
      `  ${target.padEnd(36)} ${String(count).padStart(3)}  (${Math.round((count * 100) / lessonsTotal)} %)`,
    );
  }
  print(`\n${editorial.decisions} decision scenarios, ${editorial.glossaryTerms} glossary terms`);
  print('');
  for (const module of modules.moduleReports) {
    print(
      `${module.file.padEnd(64)} grade ${module.grade.toFixed(1).padStart(4)}  ${String(module.words).padStart(5)} words  ${module.questions} questions  ${module.points} points`,
    );
  }
  print(
    `\n${report.courses} courses, ${report.lessons} lessons, ${report.items} quiz questions, ${articles.length} articles`,
  );
  const perCategory = Object.entries(modules.perCategory)
    .map(([category, count]) => `${category} ${count}`)
    .join(', ');
  const untaught = Object.entries(modules.perSkill).filter(([, count]) => count === 0);
  print(
    `${modules.modules} modules (${perCategory}), ${modules.questions} module questions, ${modules.skills} skills${untaught.length > 0 ? ` (${untaught.length} without a module: ${untaught.map(([skill]) => skill).join(', ')})` : ''}`,
  );
  if (problems.length > 0) {
    print(`\n${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  print(error.message);
  process.exitCode = 1;
}
