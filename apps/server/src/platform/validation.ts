import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MAX_BODY_DEPTH, hasNulCharacter, inputMessages } from '@bullpen/contract/input';
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
      const field = problem.path.join('.');
      // A field named `error` (an OAuth callback's) would read as the `{"error": "..."}` shape.
      add(field === 'error' ? 'non_field_errors' : field, problem.message);
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

/** Whether a value nests objects and lists more than `limit` deep; a loop, not recursion. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (!next.value || typeof next.value !== 'object') continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return false;
}

/**
 * Every place in a value (a body, a query, path parameters) where text holds a NUL
 * character, which PostgreSQL refuses to store or compare: one problem per field. A loop
 * rather than recursion, so no body can run it out of stack.
 */
export function nulProblems(value: unknown, path: (string | number)[] = []): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path: at } = next;
    if (typeof current === 'string') {
      if (hasNulCharacter(current)) {
        problems.push({ path: at, code: 'nul_character', message: inputMessages.nulCharacter });
      }
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    const children: { value: unknown; path: (string | number)[] }[] = [];
    if (Array.isArray(current)) {
      current.forEach((item, index) => children.push({ value: item, path: [...at, index] }));
    } else {
      for (const key of Object.keys(current)) {
        if (hasNulCharacter(key)) {
          problems.push({ path: at, code: 'nul_character', message: inputMessages.nulInFieldName });
        } else {
          children.push({ value: (current as Record<string, unknown>)[key], path: [...at, key] });
        }
      }
    }
    // Reversed onto the stack, so fields are reported in the order they were sent.
    pending.push(...children.reverse());
  }
  return problems;
}

/**
 * Checks that hold for every route, before its own schema: a JSON body no deeper than
 * MAX_BODY_DEPTH, and no NUL character anywhere in the path parameters, the query or the body.
 * Multipart forms are checked by `parseInput`.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (nestedDeeperThan(request.body, MAX_BODY_DEPTH)) {
      throw validationError([{ path: [], code: 'too_deep', message: inputMessages.tooDeep }]);
    }
    const problems = [
      ...nulProblems(request.params),
      ...nulProblems(request.query),
      ...nulProblems(request.body),
    ];
    if (problems.length > 0) throw validationError(problems);
  });
}
