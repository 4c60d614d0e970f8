import { useMemo } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * What a calculator shows as its inputs change: the form's values through the contract's
 * schema, or null while any of them is not valid (the fields say why).
 */
export function useLiveResult<S extends z.ZodType, T extends FieldValues>(
  form: UseFormReturn<T, unknown, z.output<S>>,
  schema: S,
): z.output<S> | null {
  const values = form.watch();
  const key = JSON.stringify(values);
  return useMemo(() => {
    const parsed = schema.safeParse(values);
    return parsed.success ? parsed.data : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the values' text is the key.
  }, [schema, key]);
}
