import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { type FieldErrors, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { UseFormProps, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { applyServerErrors } from './server-errors.ts';
import { type MessageSource, translateMessage } from '@/lib/translate-message.ts';

type Schema = z.ZodType<FieldValues, FieldValues>;

export interface ZodFormOptions<S extends Schema> extends Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver' | 'criteriaMode'
> {
  /** Catalogue groups that hold this form's own messages (besides `validation`). */
  messages?: readonly MessageSource[];
}

export type ZodForm<S extends Schema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /** The form-level error of the last submit; cleared when any field is edited. */
  submitError: string | null;
  setSubmitError: (message: string | null) => void;
  messages: readonly MessageSource[];
  /**
   * A submit handler: validates, runs `onValid`, and puts a thrown server error on the fields
   * and the submit error.
   */
  submit: (
    onValid: (values: z.output<S>) => Promise<unknown> | unknown,
    otherFields?: Record<string, (message: string) => void>,
  ) => (event?: React.BaseSyntheticEvent) => Promise<void>;
};

function uniqueMessages(types: Record<string, unknown> | undefined, fallback: unknown): string[] {
  const all = Object.values(types ?? {}).flat();
  const list = (all.length > 0 ? all : [fallback]).filter(
    (message): message is string => typeof message === 'string' && message !== '',
  );
  return [...new Set(list)];
}

/**
 * Spec section 5: all schema errors of a field, joined with a space. The resolver runs with
 * criteriaMode 'all', so each field error carries every message in `types`; this walks the
 * (nested) errors and writes the joined, translated text into `message`.
 */
export function aggregateErrors<T extends FieldValues>(
  errors: FieldErrors<T>,
  sources: readonly MessageSource[] = [],
): FieldErrors<T> {
  const walk = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(walk);
    const record = node as Record<string, unknown>;
    if (typeof record.type === 'string') {
      const list = uniqueMessages(record.types as Record<string, unknown>, record.message);
      const message = list.map((text) => translateMessage(text, sources)).join(' ');
      return { ...record, message };
    }
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, walk(value)]));
  };
  return walk(errors) as FieldErrors<T>;
}

function aggregatingResolver<S extends Schema>(
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

/**
 * A react-hook-form form validated by a contract schema, with spec section 5's rules: every
 * message of a field joined with a space, fields validated when left and then as they change,
 * and a submit error that stays until the form is edited.
 */
export function useZodForm<S extends Schema>(
  schema: S,
  { messages = [], ...options }: ZodFormOptions<S> = {},
): ZodForm<S> {
  const sourcesKey = messages.join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the sources' text is the key.
  const resolver = useMemo(() => aggregatingResolver(schema, messages), [schema, sourcesKey]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    criteriaMode: 'all',
    resolver,
  });
  const [submitError, setSubmitError] = useState<string | null>(null);

  // "A submit error not yet edited": any edit clears it.
  const { watch } = form;
  useEffect(() => {
    const subscription = watch(() => setSubmitError(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const submit: ZodForm<S>['submit'] = (onValid, otherFields) =>
    form.handleSubmit(async (values) => {
      setSubmitError(null);
      try {
        await onValid(values);
      } catch (error) {
        setSubmitError(applyServerErrors(error, form, messages, otherFields));
      }
    });

  return { ...form, submitError, setSubmitError, messages, submit };
}

export interface FormExtras {
  submitError: string | null;
  messages: readonly MessageSource[];
}

export const FormExtrasContext = createContext<FormExtras>({ submitError: null, messages: [] });

/** The kit's additions to react-hook-form's context: the submit error and message sources. */
export function useFormExtras(): FormExtras {
  return useContext(FormExtrasContext);
}
