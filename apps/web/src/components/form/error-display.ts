/**
 * Spec section 5, error display: an error shows when there is a submit error not yet edited
 * or a field error, and the field is touched or has a value. A submitted form counts every
 * field as touched (as a submit does in the forms the spec describes), so pressing submit on
 * an empty form shows what is missing.
 */
export function shouldShowError({
  message,
  touched,
  value,
  submitted,
}: {
  /** The field's error (a schema error, or a server error the field has not been edited since). */
  message: string | undefined;
  touched: boolean;
  value: unknown;
  submitted: boolean;
}): boolean {
  if (!message) return false;
  return touched || submitted || hasValue(value);
}

export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
