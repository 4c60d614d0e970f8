import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { UseFormProps, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from './server-errors.ts';
import { networkErrorText } from '@/lib/api-client.ts';
import type { MessageSource } from '@/lib/translate-message.ts';
import type { Schema } from './zod-resolver.ts';

/**
 * A form's schema fetched with the form's rules (`lazySchema(() => import(...))`), so the
 * page's first load carries neither the schema's module nor zod. The same object is the same
 * schema: declare it once, at module level.
 */
export type LazySchema<S extends Schema> = { readonly load: () => Promise<S> };

export function lazySchema<S extends Schema>(loader: () => Promise<S>): LazySchema<S> {
  let loading: Promise<S> | undefined;
  return {
    load: () =>
      (loading ??= loader().catch((error: unknown) => {
        loading = undefined; // Offline for a moment: the next validation tries again.
        throw error;
      })),
  };
}

function isLazy<S extends Schema>(schema: S | LazySchema<S>): schema is LazySchema<S> {
  return typeof (schema as Partial<LazySchema<S>>).load === 'function';
}

/**
 * The form's resolver: the kit's zod resolver (zod-resolver.ts) and the schema, fetched by
 * `preload` (focus entering the form) or by the first check, whichever comes first; a failed
 * load is tried again at the next check.
 */
function loadingResolver<S extends Schema>(
  schema: S | LazySchema<S>,
  sources: readonly MessageSource[],
): { preload: () => void; resolver: Resolver<z.input<S>, unknown, z.output<S>> } {
  let loading: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  const load = () =>
    (loading ??= Promise.all([
      import('./zod-resolver.ts'),
      isLazy(schema) ? schema.load() : Promise.resolve(schema),
    ]).then(
      ([module, loaded]) => module.aggregatingResolver<S>(loaded as S, sources),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    preload: () => void load().catch(() => undefined),
    resolver: async (values, context, options) => {
      let resolve: Awaited<ReturnType<typeof load>>;
      try {
        resolve = await load();
      } catch {
        // A module that did not arrive: not valid yet, and `submit` says why.
        const error = { type: LOAD_ERROR, message: networkErrorText() };
        return { values: {}, errors: { root: { [LOAD_ERROR]: error } } } as never;
      }
      return resolve(values, context, options);
    },
  };
}

/** The root error of a form whose rules could not load. */
const LOAD_ERROR = 'rulesNotLoaded';

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
   * Starts loading the form's rules (the kit's `Form` calls it when focus enters the form), so
   * they are there by the first check without being part of the page's first load.
   */
  prepare: () => void;
  /**
   * A submit handler: validates, runs `onValid`, and puts a thrown server error on the fields
   * and the submit error.
   */
  submit: (
    onValid: (values: z.output<S>) => Promise<unknown> | unknown,
    otherFields?: Record<string, (message: string) => void>,
  ) => (event?: React.BaseSyntheticEvent) => Promise<void>;
};

/**
 * A react-hook-form form validated by a contract schema, with spec section 5's rules: every
 * message of a field joined with a space, fields validated when left and then as they change,
 * and a submit error that stays until the form is edited.
 */
export function useZodForm<S extends Schema>(
  schema: S | LazySchema<S>,
  { messages = [], ...options }: ZodFormOptions<S> = {},
): ZodForm<S> {
  const sourcesKey = messages.join('|');
  const { preload, resolver } = useMemo(
    () => loadingResolver(schema, messages),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the sources' text is the key.
    [schema, sourcesKey],
  );
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
    form.handleSubmit(
      async (values) => {
        setSubmitError(null);
        try {
          await onValid(values);
        } catch (error) {
          setSubmitError(applyServerErrors(error, form, messages, otherFields));
        }
      },
      // The rules themselves could not load (offline): said like any network error.
      (errors) => {
        const notLoaded = (errors.root as Record<string, { message?: string }> | undefined)?.[
          LOAD_ERROR
        ];
        if (notLoaded?.message) setSubmitError(notLoaded.message);
      },
    );

  return { ...form, submitError, setSubmitError, messages, submit, prepare: preload };
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
