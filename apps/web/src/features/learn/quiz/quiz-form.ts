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

/**
 * One sign (before or after a dollar sign), the digits, grouped by commas in threes or not,
 * with an optional decimal part, and an optional percent sign.
 */
const NUMBER =
  /^(?<sign1>[+\-\u2212])?\s*\$?\s*(?<sign2>[+\-\u2212])?\s*(?<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)\s*%?$/;

/**
 * A typed number as a student writes it: "1,250.50", "$12", "-$3", "12%". Returns null when
 * the text is not one number ("1,25", "12 34", "--3").
 */
export function parseNumberAnswer(text: string): number | null {
  const match = NUMBER.exec(text.replace(/\u00a0/g, ' ').trim());
  if (!match?.groups) return null;
  const { sign1, sign2, digits } = match.groups;
  if (sign1 && sign2) return null;
  const value = Number(digits!.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  const sign = sign1 ?? sign2;
  return sign && sign !== '+' && value !== 0 ? -value : value;
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
