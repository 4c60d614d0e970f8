import { z } from 'zod';
import { learnMessages } from '@bullpen/contract/learn';
import type { AttemptBody, QuizQuestion } from '@bullpen/contract/learn';

/**
 * The quiz as a form: one text value per question under `q<index>` (a question id could look
 * like an array index to react-hook-form; an index-based name cannot), the chosen choice's
 * index for a choice question and the typed text for a number question.
 */
export type QuizValues = Record<string, string>;

export const fieldName = (index: number) => `q${index}`;

const withItem = (message: string, item: number) => message.replace('{item}', String(item));

/** Digits, optionally grouped by commas in threes, with an optional decimal part. */
const PLAIN = /^\d+(?:\.\d+)?$|^\.\d+$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/**
 * A typed number as a student writes it: "1,250.50", "$12", "12%", "-3", "$ 1 250" is not
 * (spaces only around the signs). Returns null when the text is not one number.
 */
export function parseNumberAnswer(text: string): number | null {
  let rest = text.replace(/[\s\u00a0]+/g, ' ').trim();
  let negative = false;
  const takeSign = () => {
    if (rest.startsWith('-') || rest.startsWith('\u2212')) {
      negative = !negative;
      rest = rest.slice(1).trim();
    } else if (rest.startsWith('+')) {
      rest = rest.slice(1).trim();
    }
  };
  takeSign();
  if (rest.startsWith('$')) rest = rest.slice(1).trim();
  takeSign();
  if (rest.endsWith('%')) rest = rest.slice(0, -1).trim();
  if (!PLAIN.test(rest) && !GROUPED.test(rest)) return null;
  const value = Number(rest.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/** Every question answered: a choice picked, a number that reads as one. */
export function quizSchema(questions: readonly QuizQuestion[]) {
  const shape: Record<string, z.ZodType<string>> = {};
  questions.forEach((question, index) => {
    const item = index + 1;
    shape[fieldName(index)] =
      question.type === 'choice'
        ? z
            .string({ error: withItem(learnMessages.choiceOutOfRange, item) })
            .refine(
              (value) => /^\d+$/.test(value) && Number(value) < question.choices.length,
              withItem(learnMessages.choiceOutOfRange, item),
            )
        : z
            .string({ error: withItem(learnMessages.notANumber, item) })
            .refine(
              (value) => parseNumberAnswer(value) !== null,
              withItem(learnMessages.notANumber, item),
            );
  });
  return z.object(shape);
}

export function emptyAnswers(questions: readonly QuizQuestion[]): QuizValues {
  return Object.fromEntries(questions.map((_question, index) => [fieldName(index), '']));
}

/** The request body: each answer under its question's id, as the number it stands for. */
export function toAttemptBody(questions: readonly QuizQuestion[], values: QuizValues): AttemptBody {
  const answers: Record<string, number> = {};
  questions.forEach((question, index) => {
    const text = values[fieldName(index)] ?? '';
    const value = question.type === 'choice' ? Number(text) : parseNumberAnswer(text);
    if (value === null || !Number.isFinite(value)) {
      throw new Error(`Question ${question.id} has no answer`);
    }
    answers[question.id] = value;
  });
  return { answers };
}

/** A fresh key for one submission of the quiz. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
