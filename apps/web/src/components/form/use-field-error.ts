import type { FieldValues, Path } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { shouldShowError } from './error-display.ts';

/**
 * Binds a field to the form of the kit and applies the error display rule: `error` is the
 * message to show now, or undefined.
 */
export function useKitField<T extends FieldValues>(name: Path<T>) {
  const { field, fieldState, formState } = useController<T>({ name });
  const message = fieldState.error?.message;
  const show = shouldShowError({
    message,
    touched: fieldState.isTouched,
    value: field.value,
    submitted: formState.isSubmitted,
  });
  return { field, error: show ? message : undefined };
}
