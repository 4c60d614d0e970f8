import path from 'node:path';
import type { z } from 'zod';
import { repoRoot } from './paths.ts';

/**
 * Helpers for the files of `content/` that more than one domain reads (learn's courses,
 * content's articles): a file that does not parse is a problem with its path named, and the
 * server refuses to start with the whole list rather than skip a file silently.
 */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The content has ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
    this.name = 'ContentError';
  }
}

/** A path as people read it in a problem: from the repository's root when inside it. */
export function relative(file: string): string {
  const inside = path.relative(repoRoot, file);
  return inside.startsWith('..') ? file : inside;
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** The parsed value, or null with the file's problems pushed onto `problems`. */
export function parseWith<Schema extends z.ZodType>(
  schema: Schema,
  data: unknown,
  file: string,
  problems: string[],
): z.output<Schema> | null {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  problems.push(`${relative(file)}: ${issuesOf(result.error)}`);
  return null;
}
