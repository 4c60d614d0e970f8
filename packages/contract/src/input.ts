import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { MAX_ID } from './constants.ts';
import { messages } from './messages.ts';

/**
 * Rules every input shares, whatever the endpoint: the ids of rows (PostgreSQL `integer`
 * columns) and the text the database accepts.
 */
export { MAX_ID };

export const inputMessages = {
  invalidId: `A valid id is a whole number from 1 to ${MAX_ID}.`,
  nulCharacter: 'Remove the NUL character (\\u0000): text cannot contain it.',
  nulInFieldName: 'Field names cannot contain the NUL character (\\u0000).',
} as const;

/**
 * The id of a row in a path, a query or a body. Path and query values arrive as text, so a
 * string of digits is read as a number; anything else (a sign, a decimal point, an exponent,
 * `true`, a list) is refused with one clear message instead of being coerced.
 */
export const idField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value),
  z
    .number({
      error: (issue) => (issue.input === undefined ? messages.required : inputMessages.invalidId),
    })
    .int(inputMessages.invalidId)
    .min(1, inputMessages.invalidId)
    .max(MAX_ID, inputMessages.invalidId),
);

/** True when a string holds a NUL character, which PostgreSQL cannot store in text. */
export function hasNulCharacter(value: string): boolean {
  return value.includes('\u0000');
}

/** A user's language (web and mail): one of LANGUAGES. */
export const languageField = z.enum(LANGUAGES, {
  error: `Choose one of: ${LANGUAGES.join(', ')}.`,
});
