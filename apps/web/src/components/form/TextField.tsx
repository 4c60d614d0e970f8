import type { ReactNode } from 'react';
import MuiTextField from '@mui/material/TextField';
import type { TextFieldProps as MuiTextFieldProps } from '@mui/material/TextField';
import type { FieldValues, Path } from 'react-hook-form';
import { useKitField } from './use-field-error.ts';

export type TextFieldProps<T extends FieldValues> = Omit<
  MuiTextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'helperText'
> & {
  name: Path<T>;
  /** Shown under the field while it has no error to show. */
  hint?: ReactNode;
  /** Required fields say so to assistive technology (without MUI's asterisk in the label). */
  required?: boolean;
};

/** A text input bound to the kit's form by name; its error follows the display rule. */
export function TextField<T extends FieldValues = FieldValues>({
  name,
  hint,
  required = true,
  slotProps,
  onBlur,
  ...props
}: TextFieldProps<T>) {
  const { field, error } = useKitField<T>(name);
  return (
    <MuiTextField
      id={`field-${name}`}
      {...props}
      name={field.name}
      value={(field.value as string | number | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{
        ...slotProps,
        htmlInput: {
          ...(slotProps?.htmlInput as object | undefined),
          'aria-required': required ? true : undefined,
        },
      }}
    />
  );
}
