import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from './errors.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a form the handler reads itself (`readForm`): documented in OpenAPI as
     * the body, but not validated by Fastify, since a multipart body is read part by part.
     */
    formBody?: z.ZodType;
  }
}

/** Route schema for a form sent as multipart (with a file) or as JSON. */
export function formSchema(fields: z.ZodType) {
  return { consumes: ['multipart/form-data', 'application/json'], formBody: fields };
}

export type FormInput = { fields: Record<string, unknown>; file?: Buffer };

const MALFORMED_FORM =
  'The form data is malformed (a missing or wrong boundary, or a cut-off body). Send it again.';

/**
 * The fields and the one file of a request that may come as multipart form data (the spec's
 * sign-up and profile forms) or as JSON. Validation of the fields is the caller's.
 */
export async function readForm(request: FastifyRequest, fileField: string): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('Send a JSON object or multipart form data.');
    }
    return { fields: body as Record<string, unknown> };
  }
  // Field names come from the client: a Map keeps `__proto__` or `constructor` plain keys.
  const fields = new Map<string, unknown>();
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          await part.toBuffer();
          throw badRequest({ [part.fieldname]: 'This field is not allowed.' });
        }
        const content = await part.toBuffer();
        // An empty file input in a browser form sends a part with no name and no bytes.
        if (content.length > 0) file = content;
      } else {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    throw formError(error);
  }
  return { fields: Object.fromEntries(fields), file };
}

/**
 * Errors while reading a form: our own and the multipart plugin's limits (which have a status
 * and a code the error handler knows) pass through; anything the parser throws about the bytes
 * themselves (no boundary, a cut-off body, a boundary that never appears) is the client's.
 */
function formError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status < 500) return error;
  return badRequest(MALFORMED_FORM);
}
