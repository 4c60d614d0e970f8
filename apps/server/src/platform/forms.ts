import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

export type FormInput = { fields: Record<string, unknown>; file?: Buffer };

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
  const fields: Record<string, unknown> = {};
  let file: Buffer | undefined;
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
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
