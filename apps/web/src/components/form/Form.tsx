import type { ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import type { AlertProps } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { FormExtrasContext, useFormExtras } from './use-zod-form.ts';
import type { MessageSource } from '@/lib/translate-message.ts';

/**
 * A form of the kit: gives the fields their form (react-hook-form's context plus the submit
 * error), and leaves validation to the schema (`noValidate`: no browser bubbles). The schema's
 * code is fetched when focus first enters the form (`prepare`), not with the page.
 */
export function Form<T extends FieldValues, C, O extends FieldValues>({
  form,
  onSubmit,
  children,
  sx,
  'aria-label': ariaLabel,
}: {
  form: UseFormReturn<T, C, O> & {
    submitError: string | null;
    messages: readonly MessageSource[];
    prepare?: () => void;
  };
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void> | void;
  children: ReactNode;
  sx?: SxProps<Theme>;
  'aria-label'?: string;
}) {
  const { submitError, messages, prepare } = form;
  const formProps = {
    noValidate: true,
    'aria-label': ariaLabel,
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => void onSubmit(event),
    // Focus entering the form (a field, the submit button) fetches its rules.
    onFocusCapture: prepare,
  };
  return (
    <FormProvider {...form}>
      <FormExtrasContext.Provider value={{ submitError, messages }}>
        {sx ? (
          <Box component="form" {...formProps} sx={sx}>
            {children}
          </Box>
        ) : (
          // A plain form where no `sx` asks for MUI's Box: no styled component on the page.
          <form {...formProps}>{children}</form>
        )}
      </FormExtrasContext.Provider>
    </FormProvider>
  );
}

/** The submit error (spec section 5: shown until the form is edited), as an alert. */
export function FormAlert({
  action,
  sx,
}: {
  action?: AlertProps['action'];
  sx?: AlertProps['sx'];
}) {
  const { submitError } = useFormExtras();
  if (!submitError) return null;
  return (
    <Alert severity="error" action={action} sx={{ mb: 1, whiteSpace: 'pre-line', ...sx }}>
      {submitError}
    </Alert>
  );
}
