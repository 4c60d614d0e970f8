import { authMessages } from '@bullpen/contract/messages';
import type { ErrorBody } from '@bullpen/contract/errors';

/**
 * The one kind of error services throw. Its body is already in one of the spec's error
 * shapes, so the error handler only has to send it.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    /** Response headers that go with it (a 429's Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(JSON.stringify(body));
    this.name = 'AppError';
  }
}

type FieldErrors = Record<string, string[] | string>;

function fieldBody(errors: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, value]) => [field, Array.isArray(value) ? value : [value]]),
  );
}

/** 400 with `{non_field_errors}` for a sentence, or per-field arrays for an object. */
export function badRequest(problem: string | FieldErrors): AppError {
  return new AppError(
    400,
    typeof problem === 'string' ? { non_field_errors: [problem] } : fieldBody(problem),
  );
}

export function invalidLink(message: string): AppError {
  return new AppError(400, { error: message });
}

export function unauthorized(message: string = authMessages.notAuthenticated): AppError {
  return new AppError(401, { error: message });
}

export function forbidden(message: string = authMessages.forbidden): AppError {
  return new AppError(403, { error: message });
}

export function notFound(message = 'Not found.'): AppError {
  return new AppError(404, { error: message });
}

/** 410: the thing existed but is no longer served (an expired download link). */
export function gone(message: string): AppError {
  return new AppError(410, { error: message });
}

export function conflict(message: string | FieldErrors): AppError {
  return new AppError(409, typeof message === 'string' ? { error: message } : fieldBody(message));
}

/** 422: the request is well formed but contradicts an earlier one (a reused Idempotency-Key). */
export function unprocessable(message: string): AppError {
  return new AppError(422, { error: message });
}

/** 429; with `retryAfterSeconds`, the Retry-After header says the same wait as the message. */
export function tooManyRequests(message: string, retryAfterSeconds?: number): AppError {
  return new AppError(
    429,
    { error: message },
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
  );
}
