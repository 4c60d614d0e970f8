import { publicPaths } from '@bullpen/contract/routes';
import {
  MAX_READING_GRADE,
  MIN_READING_GRADE,
  QUIZ_BANK_MIN,
  type QuizItemFile,
  type StandardsFile,
} from '@bullpen/contract/learn';
import { markdownStrong, proseBlocks } from '../platform/markdown.ts';
import type { CourseSource, GlossaryEntrySource, LessonSource } from './content-files.ts';
import { termKey } from './glossary.ts';
import { readability } from './readability.ts';

/**
 * The editorial rules of the curriculum (`content/README.md` "The rules", docs/decisions/037): what makes
 * a question bank test understanding and a lesson fit its readers. `checkCurriculum`
 * (content-check.ts) holds what the server needs to serve a lesson and refuses to start
 * without; these rules hold the real content to a teacher's standard, in the content test and
 * `npm run content:report`. Each rule is a function of the curriculum, so the test can break a
 * copy of the real content and see the rule fail.
 */

/** Numeric questions a lesson's bank has, at least and at most. */
export const NUMERIC_PER_LESSON = { min: 2, max: 4 } as const;
/** Share of a lesson's bank that asks the student to apply the idea, at least. */
export const APPLIED_SHARE_MIN = 1 / 3;
/** Share of a course's multiple-choice questions whose right option is the longest, at most. */
export const LONGEST_RIGHT_SHARE_MAX = 0.35;
/** Share of all lessons whose practice link goes to one page, at most. */
export const PRACTICE_TARGET_SHARE_MAX = 0.3;
/** Choices a multiple-choice question offers. */
export const CHOICES_PER_QUESTION = { min: 3, max: 4 } as const;
/** Two questions this alike (shared words over all words) are the same question. */
export const REPEAT_SIMILARITY = 0.8;
/** The scope of the semester course. */
export const CURRICULUM_SCOPE = { courses: 11, lessons: 68, questions: 900 } as const;

/** Grade bands the coverage table counts (a course's `grades` span decides its bands). */
export const GRADE_BANDS = [
  { label: '6–8', min: 6, max: 8 },
  { label: '9–12', min: 9, max: 12 },
] as const;

const LEARN_AND_EARN = '/learn-and-earn';
const CONTESTS = ['/my-contests', '/join', '/create', '/contest', '/contest-portfolio'];

/**
 * The pages that practise each topic of the standards: a lesson's `try_it` leads to one of its
 * first standard's topic. `/tools#name` names one calculator.
 */
export const PRACTICE_FITS: Record<string, readonly string[]> = {
  EI: ['/tools#paycheck', '/budgeting', LEARN_AND_EARN],
  SP: ['/budgeting', '/tools#savings-goal', LEARN_AND_EARN],
  SV: ['/tools#savings-goal', '/tools#compound-interest', '/budgeting'],
  IN: ['/tools#compound-interest', publicPaths.development, ...CONTESTS, LEARN_AND_EARN],
  MC: ['/tools#loan-payoff', '/budgeting', LEARN_AND_EARN],
  MR: ['/tools#savings-goal', '/budgeting', '/settings', LEARN_AND_EARN],
};

/** Options no student would pick: a joke tests nothing ("copying your homework"). */
const JOKE_OPTIONS =
  /\b(copying (your|their) homework|unicorns?|pon(y|ies)|aliens?|magic(al)?|wizards?|dragons?|superheroes|teleport\w*|grows? on trees|all of the above|none of the above)\b/i;

/**
 * A sentence that names a figure that changes with the year or the law: it must say the year
 * ("In 2026, the standard deduction …").
 */
const YEAR_BOUND =
  /\b(standard deduction|tax brackets?|contribution limits?|can contribute up to|minimum wage|FDIC|NCUA|wage base|insur(es|ed) up to|Pell Grant|loan limits?|federal (student )?loans? (rate|interest)|poverty (line|guideline))\b/i;
const FIGURE = /\$\s?\d|\d+(\.\d+)?\s?%/;
const YEAR = /\b(19|20)\d{2}\b/;
/** Capitalised abbreviations a reader of these lessons knows without a definition. */
const PLAIN_ACRONYMS = new Set(['US', 'USA', 'TV', 'OK', 'AM', 'PM', 'ID']);
const ACRONYM = /\b[A-Z]{2,}(?:\(k\))?(?=\W|$)/g;

export interface EditorialReport {
  problems: string[];
  /** Lessons per standard and grade band: `coverage[code][band]`. */
  coverage: Record<string, Record<string, number>>;
  /** Lessons per practice page. */
  practiceTargets: Record<string, number>;
  /** Per lesson: applied questions, numeric questions, right-is-longest count of choice questions. */
  lessons: {
    file: string;
    items: number;
    applied: number;
    numeric: number;
    choice: number;
    longestRight: number;
    grade: number;
  }[];
  decisions: number;
  glossaryTerms: number;
}

export interface EditorialContext {
  standards: StandardsFile;
  glossary: GlossaryEntrySource[];
  /** Question texts of the learn-and-earn modules, by file: a lesson may not repeat one. */
  moduleQuestions: { file: string; question: string }[];
}

type ChoiceItem = Extract<QuizItemFile, { type: 'choice' }>;

/** A question a student answers by applying the idea: a number, or a scenario. */
export function isApplied(item: QuizItemFile): boolean {
  if (item.type === 'number') return true;
  if (/\d/.test(item.question)) return true;
  const sentences = item.question.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [];
  return sentences.length >= 2;
}

/** True when the right option is the longest (a tie counts): the tell a guesser uses. */
export function rightIsLongest(item: ChoiceItem): boolean {
  const right = item.choices[item.answer]!.text.trim().length;
  return item.choices.every((choice) => choice.text.trim().length <= right);
}

const STOP_WORDS = new Set(
  'the a an and or of to in on for is are was be it its this that what which who how why with your you their they does do did at by from as if than then can will would should has have had about into more most less'.split(
    ' ',
  ),
);

function words(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[a-z0-9$%.]+/g) ?? [])
      .map((word) => word.replace(/\.$/, ''))
      .filter((word) => word.length > 0 && !STOP_WORDS.has(word)),
  );
}

function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** Shared words over all words of two questions (Jaccard), 1 when word for word the same. */
export function similarity(a: string, b: string): number {
  return jaccard(words(a), words(b));
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/);
}

/** Every text of a lesson a student reads: the reading, the decision, the quiz. */
function lessonTexts(lesson: LessonSource): string[] {
  const { front, body } = lesson;
  const texts = [...proseBlocks(body)];
  if (front.decision) {
    texts.push(front.decision.situation, front.decision.takeaway);
    for (const option of front.decision.options) texts.push(option.label, option.outcome);
  }
  for (const item of front.quiz) {
    texts.push(item.question, item.explanation);
    if (item.type === 'choice') {
      for (const choice of item.choices) texts.push(choice.text, choice.why ?? '');
    }
  }
  return texts;
}

/** The practice page of a `try_it.path`: its path, with the calculator for `/tools#name`. */
export function practiceTarget(path: string): string {
  const url = new URL(path, 'http://bullpen.invalid');
  const pathname = url.pathname.replace(/\/$/, '') || '/';
  if (pathname === '/tools') return url.hash ? `/tools${url.hash}` : '/tools';
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return CONTESTS.includes(first) ? first : pathname;
}

function checkQuiz(lesson: LessonSource, problems: string[]): void {
  const where = lesson.file;
  const quiz = lesson.front.quiz;
  if (quiz.length < QUIZ_BANK_MIN) {
    problems.push(`${where}: ${quiz.length} questions; a bank needs at least ${QUIZ_BANK_MIN}`);
  }
  const numeric = quiz.filter((item) => item.type === 'number').length;
  if (numeric < NUMERIC_PER_LESSON.min || numeric > NUMERIC_PER_LESSON.max) {
    problems.push(
      `${where}: ${numeric} numeric questions; a bank has ${NUMERIC_PER_LESSON.min} to ${NUMERIC_PER_LESSON.max}`,
    );
  }
  const applied = quiz.filter(isApplied).length;
  if (applied < Math.ceil(quiz.length * APPLIED_SHARE_MIN)) {
    problems.push(
      `${where}: ${applied} of ${quiz.length} questions are applied (a number or a scenario); at least a third must be`,
    );
  }
  for (const item of quiz) {
    if (item.type !== 'choice') continue;
    const at = `${where} question ${item.id}`;
    if (
      item.choices.length < CHOICES_PER_QUESTION.min ||
      item.choices.length > CHOICES_PER_QUESTION.max
    ) {
      problems.push(
        `${at}: ${item.choices.length} choices; offer ${CHOICES_PER_QUESTION.min} or ${CHOICES_PER_QUESTION.max}`,
      );
    }
    item.choices.forEach((choice, index) => {
      if (JOKE_OPTIONS.test(choice.text)) {
        problems.push(`${at}: "${choice.text}" is a joke or a give-away, not a real mistake`);
      }
      if (index === item.answer) {
        if (choice.why) problems.push(`${at}: the right choice has a why (only wrong ones do)`);
      } else if (!choice.why) {
        problems.push(
          `${at}: wrong choice "${choice.text}" has no why (the mistake it stands for)`,
        );
      } else if (choice.why.trim() === item.explanation.trim()) {
        problems.push(`${at}: wrong choice "${choice.text}" repeats the explanation as its why`);
      }
    });
  }
}

function checkLongestRight(course: CourseSource, problems: string[]): number {
  const choice = course.lessons.flatMap((lesson) =>
    lesson.front.quiz.filter((item): item is ChoiceItem => item.type === 'choice'),
  );
  const longest = choice.filter(rightIsLongest).length;
  if (choice.length > 0 && longest / choice.length > LONGEST_RIGHT_SHARE_MAX) {
    problems.push(
      `${course.file}: the right option is the longest in ${longest} of ${choice.length} multiple-choice questions (${Math.round((longest * 100) / choice.length)} %); at most ${Math.round(LONGEST_RIGHT_SHARE_MAX * 100)} %`,
    );
  }
  return longest;
}

function checkRepeats(
  courses: CourseSource[],
  moduleQuestions: EditorialContext['moduleQuestions'],
  problems: string[],
): void {
  const asked = courses.flatMap((course) =>
    course.lessons.flatMap((lesson) =>
      lesson.front.quiz.map((item) => ({
        file: `${lesson.file} question ${item.id}`,
        question: item.question,
      })),
    ),
  );
  const all = [...asked, ...moduleQuestions];
  const bags = all.map((entry) => words(entry.question));
  for (let i = 0; i < asked.length; i += 1) {
    for (let j = i + 1; j < all.length; j += 1) {
      const left = bags[i]!;
      const right = bags[j]!;
      // Jaccard is at most the smaller set over the larger: most pairs stop here.
      if (Math.min(left.size, right.size) / Math.max(left.size, right.size) < REPEAT_SIMILARITY) {
        continue;
      }
      if (jaccard(left, right) >= REPEAT_SIMILARITY) {
        problems.push(`${asked[i]!.file}: repeats ${all[j]!.file} ("${all[j]!.question}")`);
      }
    }
  }
}

function checkGlossary(
  courses: CourseSource[],
  glossary: GlossaryEntrySource[],
  problems: string[],
): void {
  const entries = new Map<string, GlossaryEntrySource>();
  for (const entry of glossary) {
    const key = termKey(entry.term);
    const first = entries.get(key);
    if (first) {
      problems.push(`${entry.file}: "${entry.term}" is defined already in ${first.file}`);
    } else {
      entries.set(key, entry);
    }
  }
  const taught = new Set<string>();
  for (const course of courses) {
    for (const lesson of course.lessons) {
      for (const term of markdownStrong(lesson.body)) {
        const key = termKey(term);
        taught.add(key);
        if (!entries.has(key)) {
          problems.push(
            `${lesson.file}: the term "${term}" is bold (taught) but not in the glossary`,
          );
        }
      }
      const reading = lesson.body;
      for (const item of lesson.front.quiz) {
        const texts = [
          item.question,
          ...(item.type === 'choice' ? item.choices.map((choice) => choice.text) : []),
        ];
        for (const text of texts) {
          for (const [acronym] of text.matchAll(ACRONYM)) {
            if (PLAIN_ACRONYMS.has(acronym) || reading.includes(acronym)) continue;
            const known = [...entries.values()].some(
              (entry) => entry.term === acronym || entry.term.includes(`(${acronym})`),
            );
            if (!known) {
              problems.push(
                `${lesson.file} question ${item.id}: "${acronym}" is neither taught in the lesson nor in the glossary`,
              );
            }
          }
        }
      }
    }
  }
  for (const [key, entry] of entries) {
    if (!taught.has(key)) {
      problems.push(`${entry.file}: "${entry.term}" is taught (bold) in no lesson`);
    }
  }
}

function checkYearBound(lesson: LessonSource, problems: string[]): void {
  for (const text of lessonTexts(lesson)) {
    for (const sentence of sentencesOf(text)) {
      if (YEAR_BOUND.test(sentence) && FIGURE.test(sentence) && !YEAR.test(sentence)) {
        problems.push(`${lesson.file}: a year-bound figure without its year: "${sentence.trim()}"`);
      }
    }
  }
}

function bandsOf(grades: readonly [number, number]): string[] {
  return GRADE_BANDS.filter((band) => grades[0] <= band.max && grades[1] >= band.min).map(
    (band) => band.label,
  );
}

/** Every editorial rule over the whole curriculum; `problems` is empty when it passes. */
export function checkEditorial(
  courses: CourseSource[],
  context: EditorialContext,
): EditorialReport {
  const problems: string[] = [];
  const codes = new Map<string, string>();
  for (const topic of context.standards.topics) {
    for (const standard of topic.standards) codes.set(standard.code, topic.code);
  }
  const coverage: EditorialReport['coverage'] = {};
  for (const code of codes.keys()) {
    coverage[code] = Object.fromEntries(GRADE_BANDS.map((band) => [band.label, 0]));
  }
  const practiceTargets: Record<string, number> = {};
  const lessons: EditorialReport['lessons'] = [];
  let decisions = 0;

  for (const course of courses) {
    checkLongestRight(course, problems);
    if (!course.lessons.some((lesson) => lesson.front.decision)) {
      problems.push(`${course.file}: no lesson of the course has a decision scenario`);
    }
    for (const lesson of course.lessons) {
      const { front, body, file } = lesson;
      if (front.standards.length === 0) {
        problems.push(`${file}: no standards; tag the codes of content/standards.yaml it teaches`);
      }
      for (const code of front.standards) {
        if (!codes.has(code)) {
          problems.push(`${file}: ${code} is not a standard of content/standards.yaml`);
          continue;
        }
        for (const band of bandsOf(course.course.grades)) coverage[code]![band]! += 1;
      }
      const topic = codes.get(front.standards[0] ?? '');
      const target = practiceTarget(front.try_it.path);
      practiceTargets[target] = (practiceTargets[target] ?? 0) + 1;
      if (topic && !PRACTICE_FITS[topic]!.includes(target)) {
        problems.push(
          `${file}: try_it ${front.try_it.path} does not practise ${front.standards[0]}; use one of ${PRACTICE_FITS[topic]!.join(', ')}`,
        );
      }
      if (front.decision) {
        decisions += 1;
        for (const option of front.decision.options) {
          if (!/\d/.test(option.outcome)) {
            problems.push(
              `${file}: the decision's outcome of "${option.label}" is not worked out in numbers`,
            );
          }
        }
      }
      checkQuiz(lesson, problems);
      checkYearBound(lesson, problems);
      const measured = readability(body);
      if (measured.grade < MIN_READING_GRADE || measured.grade > MAX_READING_GRADE) {
        problems.push(
          `${file}: reads at grade ${measured.grade}; lessons read at grade ${MIN_READING_GRADE} to ${MAX_READING_GRADE}`,
        );
      }
      const choice = front.quiz.filter((item): item is ChoiceItem => item.type === 'choice');
      lessons.push({
        file,
        items: front.quiz.length,
        applied: front.quiz.filter(isApplied).length,
        numeric: front.quiz.length - choice.length,
        choice: choice.length,
        longestRight: choice.filter(rightIsLongest).length,
        grade: measured.grade,
      });
    }
  }

  for (const [code, bands] of Object.entries(coverage)) {
    if (Object.values(bands).every((count) => count === 0)) {
      problems.push(`content/standards.yaml: no lesson teaches ${code}`);
    }
  }
  const total = lessons.length;
  for (const [target, count] of Object.entries(practiceTargets)) {
    if (total > 0 && count / total > PRACTICE_TARGET_SHARE_MAX) {
      problems.push(
        `${count} of ${total} lessons practise on ${target}; one page takes at most ${Math.round(PRACTICE_TARGET_SHARE_MAX * 100)} %`,
      );
    }
  }
  checkRepeats(courses, context.moduleQuestions, problems);
  checkGlossary(courses, context.glossary, problems);

  return {
    problems,
    coverage,
    practiceTargets,
    lessons,
    decisions,
    glossaryTerms: context.glossary.length,
  };
}

/** The semester course's size: courses, lessons and questions at least `CURRICULUM_SCOPE`. */
export function scopeProblems(courses: CourseSource[]): string[] {
  const lessons = courses.flatMap((course) => course.lessons);
  const questions = lessons.reduce((sum, lesson) => sum + lesson.front.quiz.length, 0);
  const problems: string[] = [];
  if (courses.length < CURRICULUM_SCOPE.courses) {
    problems.push(
      `${courses.length} courses; the semester course has at least ${CURRICULUM_SCOPE.courses}`,
    );
  }
  if (lessons.length < CURRICULUM_SCOPE.lessons) {
    problems.push(
      `${lessons.length} lessons; the semester course has at least ${CURRICULUM_SCOPE.lessons}`,
    );
  }
  if (questions < CURRICULUM_SCOPE.questions) {
    problems.push(
      `${questions} lesson questions; the semester course has at least ${CURRICULUM_SCOPE.questions}`,
    );
  }
  return problems;
}
