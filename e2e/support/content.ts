import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * The answer key of the real curriculum, read from the lesson files (`content/courses/`) the
 * server under test loads: the tests answer as a student who knows the lesson. The server never
 * sends an answer before grading, so this is the only honest way to pass a bank bigger than
 * one attempt without guessing through it.
 */
const coursesDirectory = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'content',
  'courses',
);

let answerKey: Map<string, Map<string, number>> | undefined;

function readAnswerKey(): Map<string, Map<string, number>> {
  const key = new Map<string, Map<string, number>>();
  for (const course of fs.readdirSync(coursesDirectory)) {
    const directory = path.join(coursesDirectory, course);
    for (const name of fs.readdirSync(directory).filter((file) => file.endsWith('.md'))) {
      const text = fs.readFileSync(path.join(directory, name), 'utf8');
      const front = parse(text.split(/^---$/m)[1]!) as {
        slug: string;
        quiz: { id: string; answer: number }[];
      };
      key.set(front.slug, new Map(front.quiz.map((item) => [item.id, item.answer])));
    }
  }
  return key;
}

/** The right answer (choice index or number) of each question of the lesson `slug`. */
export function rightAnswers(slug: string): Map<string, number> {
  answerKey ??= readAnswerKey();
  const answers = answerKey.get(slug);
  if (!answers) throw new Error(`no lesson ${slug} in content/courses`);
  return answers;
}
