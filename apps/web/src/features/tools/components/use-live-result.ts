import { useMemo } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import type { Schema } from '@/components/form/zod-resolver.ts';

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

/**
 * A calculator's form: checked as the student types, with the tools' own messages, and its
 * live input (`useLiveResult`) for the contract's maths.
 */
export function useCalculatorForm<S extends Schema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  const form = useZodForm(schema, {
    defaultValues,
    mode: 'onChange',
    messages: ['tools:messages'],
  });
  return { form, input: useLiveResult(form, schema) };
}
