import type { z } from 'zod';
import { AppError } from './errors.ts';

export type ValidationProblem = {
  path: (string | number)[];
  code: string;
  message: string;
  keys?: string[];
};

const UNKNOWN_FIELD = 'This field is not allowed.';
const BODY_SHAPE = 'Send a JSON object with the fields this endpoint expects.';

/** Validation problems in the spec's error shape: one array of messages per field. */
export function problemsToBody(problems: ValidationProblem[]): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    body[field] ??= [];
    if (!body[field].includes(message)) body[field].push(message);
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
  return body;
}

export function validationError(problems: ValidationProblem[]): AppError {
  return new AppError(400, problemsToBody(problems));
}

/** For input a route cannot declare as a schema (multipart forms): parse or throw a 400. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
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
