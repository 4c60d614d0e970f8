import { learnMessages } from '@bullpen/contract/learn';
import type { StoredQuestionResult, StoredQuizItem } from './queries.ts';
import { badRequest } from '../platform/errors.ts';

/**
 * Grading a quiz, on the server only: a choice is right when its index is the answer's, a
 * number when it is within the item's tolerance of the answer. Pure: no tables.
 */
export type Graded = {
  results: StoredQuestionResult[];
  score: number;
  total: number;
  percent: number;
  passed: boolean;
};

const withItem = (message: string, item: string) => message.replace('{item}', item);

/** 400 unless every question is answered exactly once, with a value its type accepts. */
export function checkAnswers(quiz: StoredQuizItem[], answers: Record<string, number>): void {
  const ids = new Set(quiz.map((item) => item.id));
  const problems: Record<string, string> = {};
  for (const key of Object.keys(answers)) {
    if (!ids.has(key)) problems[`answers.${key}`] = withItem(learnMessages.unknownQuestion, key);
  }
  for (const item of quiz) {
    if (!Object.hasOwn(answers, item.id)) continue;
    const given = answers[item.id]!;
    if (!Number.isFinite(given)) {
      problems[`answers.${item.id}`] = withItem(learnMessages.notANumber, item.id);
    } else if (
      item.type === 'choice' &&
      (!Number.isInteger(given) || given < 0 || given >= item.choices.length)
    ) {
      problems[`answers.${item.id}`] = withItem(learnMessages.choiceOutOfRange, item.id);
    }
  }
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  if (quiz.some((item) => !Object.hasOwn(answers, item.id))) {
    throw badRequest({ answers: learnMessages.answerEveryQuestion });
  }
}

function isCorrect(item: StoredQuizItem, given: number): boolean {
  if (item.type === 'choice') return given === item.answer;
  // A little slack for binary fractions (0.1 + 0.2), never more than a millionth.
  return Math.abs(given - item.answer) <= item.tolerance + 1e-9;
}

/** Grades answers already checked by `checkAnswers`. */
export function grade(
  quiz: StoredQuizItem[],
  answers: Record<string, number>,
  passPercent: number,
): Graded {
  const results = quiz.map((item) => {
    const given = answers[item.id]!;
    const correct = isCorrect(item, given);
    return {
      item: item.id,
      correct,
      given,
      answer: item.answer,
      explanation: item.explanation,
      why: !correct && item.type === 'choice' ? (item.whys?.[given] ?? null) : null,
    };
  });
  const score = results.filter((result) => result.correct).length;
  const total = quiz.length;
  const percent = total === 0 ? 0 : Math.floor((score * 100) / total);
  return { results, score, total, percent, passed: percent >= passPercent };
}

/** True when two sets of answers are the same (key order does not matter). */
export function sameAnswers(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && b[key] === a[key])
  );
}

/**
 * The questions of an attempt, from the lesson's bank: never asked first, then the least
 * recently asked (`lastAsked`: question id → the id of the latest attempt that asked it), in
 * random order within ties; at most `count`, listed in the bank's order. Pure: `random` in [0, 1).
 */
export function drawQuestions(
  bank: readonly { id: string }[],
  lastAsked: ReadonlyMap<string, number>,
  count: number,
  random: () => number = Math.random,
): string[] {
  const keyed = bank.map((item, index) => ({
    id: item.id,
    index,
    last: lastAsked.get(item.id) ?? 0,
    tie: random(),
  }));
  keyed.sort((a, b) => a.last - b.last || a.tie - b.tie);
  return keyed
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.id);
}

/** True when every question of the bank was asked before: no retry could ask an unseen one. */
export function bankExhausted(
  bank: readonly { id: string }[],
  asked: ReadonlySet<string>,
): boolean {
  return bank.every((item) => asked.has(item.id));
}
