import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import { problemsToBody } from './validation.ts';

/** Fastify's own 4xx codes, each with a sentence a person can act on. */
const frameworkErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'The request body is empty but its content type says JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'This content type is not supported here. Send JSON or multipart form data.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The Content-Length header does not match the body.',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'The uploaded file is too large.' },
  FST_PARTS_LIMIT: { status: 413, message: 'The form has too many parts.' },
  FST_FILES_LIMIT: { status: 413, message: 'Upload one file at a time.' },
  FST_FIELDS_LIMIT: { status: 413, message: 'The form has too many fields.' },
  FST_PROTO_VIOLATION: {
    status: 400,
    message: 'A form field cannot be named like a built-in property (constructor, toString…).',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 406,
    message: 'The request is not multipart form data.',
  },
};

/**
 * One error handler for the whole API: errors leave in the spec's shapes, 4xx say what to
 * fix, and a 5xx never shows its cause (it is logged with the request id instead).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((entry) => ({
        path: entry.instancePath.split('/').filter(Boolean),
        code: entry.keyword,
        message: entry.message ?? 'Invalid value.',
        keys: (entry.params as { keys?: string[] }).keys,
      }));
      return reply.status(400).send(problemsToBody(problems));
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send({ error: known.message });
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: error.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
}
