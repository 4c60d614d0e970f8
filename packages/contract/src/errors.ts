import { messages } from './messages.ts';

/**
 * The error bodies the API returns (docs/architecture.md section 3), in the shapes that the
 * spec's error catalogue parses: `{non_field_errors: [...]}`, `{field: [...]}` or `{error}`.
 */
export type ErrorBody =
  { non_field_errors: string[] } | { error: string } | Record<string, string[]>;

function joinMessages(value: unknown, separator: string): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const parts = value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    return parts.join(separator);
  }
  return undefined;
}

/** Spec section 8: the order in which the text of a server error is extracted. */
export function extractErrorText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (Array.isArray(body)) return joinMessages(body, ', ') ?? '';
  if (!body || typeof body !== 'object') return '';
  const record = body as Record<string, unknown>;
  if (record.non_field_errors) return joinMessages(record.non_field_errors, ', ') ?? '';
  if (Array.isArray(record.errors)) {
    return record.errors
      .map((item) =>
        typeof item === 'string' ? item : String((item as { message?: unknown }).message ?? ''),
      )
      .join(', ');
  }
  if (record.error !== undefined) return joinMessages(record.error, ', ') ?? '';
  return Object.entries(record)
    .map(([field, value]) => `${field}: ${joinMessages(value, ', ') ?? ''}`)
    .join(',\n');
}

/** Contact forms replace any text that mentions an unknown error with the spec's sentence. */
export function contactFormErrorText(body: unknown): string {
  const text = extractErrorText(body);
  return /unknown error/i.test(text) || text === '' ? messages.unknownError : text;
}
