import { articleLinkProblems, readArticles } from '../src/content/articles.ts';
import { ContentError } from '../src/platform/content-files.ts';
import { checkModules } from '../src/zogo/content-check.ts';
import { readModules } from '../src/zogo/content-files.ts';
import { checkCurriculum } from '../src/learn/content-check.ts';
import { contentRoot, readCurriculum } from '../src/learn/content-files.ts';

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
  const modules = checkModules(readModules(contentRoot), lessonSlugs);
  const problems = [
    ...report.problems,
    ...articleLinkProblems(articles, lessonSlugs),
    ...modules.problems,
  ];
  for (const lesson of report.lessonReports) {
    print(
      `${lesson.file.padEnd(64)} grade ${lesson.grade.toFixed(1).padStart(4)}  ${String(lesson.words).padStart(5)} words  ${lesson.items} questions`,
    );
  }
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
