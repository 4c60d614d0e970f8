import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorText } from './api-client.ts';

/**
 * Puts a server error onto the form: per-field messages go to the fields that exist, and
 * everything else becomes the form-level text (returned for an Alert).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  /** Fields that live outside react-hook-form (such as a file input). */
  otherFields: Record<string, (message: string) => void> = {},
): string | null {
  if (!(error instanceof ApiError)) return errorText(error);
  const fieldErrors = error.fieldErrors;
  let unmatched = false;
  for (const [field, fieldMessages] of Object.entries(fieldErrors)) {
    const otherField = otherFields[field];
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: fieldMessages.join(' ') });
    } else if (otherField) {
      otherField(fieldMessages.join(' '));
    } else {
      unmatched = true;
    }
  }
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  if (hasFieldErrors && !unmatched) return null;
  return errorText(error);
}
