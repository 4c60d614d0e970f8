import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { hasNulCharacter, inputMessages } from '@bullpen/contract/input';
import { AppError } from './errors.ts';

export type ValidationProblem = {
  path: (string | number)[];
  code: string;
  message: string;
  keys?: string[];
};

const UNKNOWN_FIELD = 'This field is not allowed.';
const BODY_SHAPE = 'Send a JSON object with the fields this endpoint expects.';

/**
 * Validation problems in the spec's error shape: one array of messages per field. Field
 * names come from the client, so they are collected in a Map: a field called `constructor`
 * or `__proto__` is a field like any other, not a member of an object.
 */
export function problemsToBody(problems: ValidationProblem[]): Record<string, string[]> {
  const fields = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    const list = fields.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    fields.set(field, list);
  };
  for (const problem of problems) {
    if (problem.code === 'unrecognized_keys' && problem.keys) {
      const prefix = problem.path.length ? `${problem.path.join('.')}.` : '';
      for (const key of problem.keys) add(`${prefix}${key}`, UNKNOWN_FIELD);
    } else if (problem.path.length === 0) {
      add('non_field_errors', problem.code === 'invalid_type' ? BODY_SHAPE : problem.message);
    } else {
      add(problem.path.join('.'), problem.message);
    }
  }
  // Object.fromEntries defines own properties, so even `__proto__` stays an ordinary key.
  return Object.fromEntries(fields);
}

export function validationError(problems: ValidationProblem[]): AppError {
  return new AppError(400, problemsToBody(problems));
}

/** For input a route cannot declare as a schema (multipart forms): parse or throw a 400. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const nul = nulProblems(input);
  if (nul.length > 0) throw validationError(nul);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({
      path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
      code: issue.code,
      message: issue.message,
      keys: 'keys' in issue ? (issue.keys as string[]) : undefined,
    })),
  );
}

/**
 * Every place in a value (a body, a query, path parameters) where text holds a NUL
 * character, which PostgreSQL refuses to store or compare: one problem per field.
 */
export function nulProblems(value: unknown, path: (string | number)[] = []): ValidationProblem[] {
  if (typeof value === 'string') {
    return hasNulCharacter(value)
      ? [{ path, code: 'nul_character', message: inputMessages.nulCharacter }]
      : [];
  }
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => nulProblems(item, [...path, index]));
  return Object.keys(value).flatMap((key) =>
    hasNulCharacter(key)
      ? [{ path, code: 'nul_character', message: inputMessages.nulInFieldName }]
      : nulProblems((value as Record<string, unknown>)[key], [...path, key]),
  );
}

/**
 * Checks that hold for every route, before its own schema: no NUL character anywhere in the
 * path parameters, the query or a JSON body. Multipart forms are checked by `parseInput`.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problems = [
      ...nulProblems(request.params),
      ...nulProblems(request.query),
      ...nulProblems(request.body),
    ];
    if (problems.length > 0) throw validationError(problems);
  });
}
