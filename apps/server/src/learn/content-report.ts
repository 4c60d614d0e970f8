import fs from 'node:fs';
import path from 'node:path';
import { checkCurriculum } from './content-check.ts';
import { ContentError, contentRoot, readCurriculum } from './content-files.ts';

/**
 * `npm run content:report`: the curriculum's counts, each lesson's reading grade and quiz
 * size, and every problem the content test would fail on. Exit code 1 when there is one.
 */
const print = (text: string): void => void process.stdout.write(`${text}\n`);

function articleAliases(): Set<string> {
  const directory = path.join(contentRoot, 'articles');
  if (!fs.existsSync(directory)) return new Set();
  return new Set(
    fs
      .readdirSync(directory)
      .filter((name) => name.endsWith('.md'))
      .map((name) => name.slice(0, -3)),
  );
}

try {
  const report = checkCurriculum(readCurriculum(), articleAliases());
  for (const lesson of report.lessonReports) {
    print(
      `${lesson.file.padEnd(64)} grade ${lesson.grade.toFixed(1).padStart(4)}  ${String(lesson.words).padStart(5)} words  ${lesson.items} questions`,
    );
  }
  print(
    `\n${report.courses} courses, ${report.lessons} lessons, ${report.items} quiz questions, ${articleAliases().size} articles`,
  );
  if (report.problems.length > 0) {
    print(`\n${report.problems.length} problem(s):\n- ${report.problems.join('\n- ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  print(error.message);
  process.exitCode = 1;
}
