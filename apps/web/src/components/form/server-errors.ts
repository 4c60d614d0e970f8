import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { type MessageSource, translateMessage } from '@/lib/translate-message.ts';

/**
 * Puts a server error (spec error shapes) onto a form: `{"field": [...]}` goes under each field
 * the form has, and `{"non_field_errors": [...]}`, `{"error": "..."}` or a field the form lacks
 * becomes the form's submit error (returned, for the form's alert). Messages are joined with a
 * space, as the form's own (spec section 5), and translated.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  sources: readonly MessageSource[] = [],
  /** Fields that live outside the form's values (such as a file input). */
  otherFields: Record<string, (message: string) => void> = {},
): string | null {
  const formText = () => translateMessage(errorText(error), sources);
  if (!(error instanceof ApiError)) return formText();
  const fields = Object.keys(form.getValues());
  let unmatched = false;
  for (const [field, fieldMessages] of Object.entries(error.fieldErrors)) {
    const message = fieldMessages.map((text) => translateMessage(text, sources)).join(' ');
    const otherField = otherFields[field];
    if (fields.includes(field)) {
      form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
    } else if (otherField) {
      otherField(message);
    } else {
      unmatched = true;
    }
  }
  const hasFieldErrors = Object.keys(error.fieldErrors).length > 0;
  if (hasFieldErrors && !unmatched) return null;
  return formText();
}
