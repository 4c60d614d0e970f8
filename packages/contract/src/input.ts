import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { MAX_ID } from './constants.ts';
import { messages } from './messages.ts';

/**
 * Rules every input shares, whatever the endpoint: the ids of rows (PostgreSQL `integer`
 * columns) and the text the database accepts.
 */
export { MAX_ID };

/**
 * How many objects and lists deep a JSON body may nest. No body of the API nests more than a
 * few levels; a limit keeps every walk over a body (the NUL check, the schemas) shallow.
 */
export const MAX_BODY_DEPTH = 32;

export const inputMessages = {
  invalidId: `A valid id is a whole number from 1 to ${MAX_ID}.`,
  nulCharacter: 'Remove the NUL character (\\u0000): text cannot contain it.',
  nulInFieldName: 'Field names cannot contain the NUL character (\\u0000).',
  tooDeep: `The body is nested too deeply: use at most ${MAX_BODY_DEPTH} levels of objects and lists.`,
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

/**
 * The years a date may fall in. JavaScript reads year 0000 (and years up to 275760), but
 * PostgreSQL has no year zero and the product has no use for dates so far off.
 */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 9999;

function yearInRange(value: string): boolean {
  const year = /^(\d{4})-/.exec(value)?.[1];
  // Anything else is not a date at all, which the format check reports.
  return year === undefined || (Number(year) >= YEAR_MIN && Number(year) <= YEAR_MAX);
}

type DateError = string | ((issue: { input?: unknown }) => string);

/**
 * A date and time with an offset (ISO 8601), from YEAR_MIN to YEAR_MAX. A year out of range
 * is a format issue with the field's own message, as any other date that cannot be.
 */
export function dateTimeField(error: DateError) {
  const message = (input: unknown) => (typeof error === 'string' ? error : error({ input }));
  return z.iso.datetime({ offset: true, error }).check((context) => {
    if (yearInRange(context.value)) return;
    context.issues.push({
      code: 'invalid_format',
      format: 'datetime',
      input: context.value,
      message: message(context.value),
    });
  });
}

/** A calendar date, YYYY-MM-DD, that exists, from YEAR_MIN to YEAR_MAX. */
export function dateField(error: DateError) {
  const message = (input: unknown) => (typeof error === 'string' ? error : error({ input }));
  return z.iso.date({ error }).check((context) => {
    if (yearInRange(context.value)) return;
    context.issues.push({
      code: 'invalid_format',
      format: 'date',
      input: context.value,
      message: message(context.value),
    });
  });
}
