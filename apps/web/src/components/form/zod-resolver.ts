import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { MessageSource } from '@/lib/translate-message.ts';
import { aggregateErrors } from './aggregate-errors.ts';

/**
 * The form kit's zod resolver, in a module of its own: `useZodForm` loads it (and zod with it)
 * when focus first enters a form, or at its first check, so a page's first load carries no zod
 * for its forms.
 */
export type Schema = z.ZodType<FieldValues, FieldValues>;

export function aggregatingResolver<S extends Schema>(
  schema: S,
  sources: readonly MessageSource[],
): Resolver<z.input<S>, unknown, z.output<S>> {
  const base = zodResolver(schema as never) as unknown as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
  return async (values, context, options) => {
    const result = await base(values, context, { ...options, criteriaMode: 'all' });
    return { ...result, errors: aggregateErrors(result.errors, sources) } as Awaited<
      ReturnType<typeof base>
    >;
  };
}
