import type { FocusEvent, ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { InputField, type InputFieldProps } from './InputField.tsx';
import { useKitField } from './use-field-error.ts';

export type Bound = 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'helperText';

export type KitProps<T extends FieldValues> = {
  name: Path<T>;
  /** Shown under the field while it has no error to show. */
  hint?: ReactNode;
  /** Required fields say so to assistive technology (without MUI's asterisk in the label). */
  required?: boolean;
  slotProps?: { htmlInput?: unknown };
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

export type TextFieldProps<T extends FieldValues> = Omit<InputFieldProps, Bound> & KitProps<T>;

/**
 * A field's props bound to the kit's form by name (value, change, blur, ref, error): its error
 * follows the display rule, and a required field says so to assistive technology.
 */
export function useBoundProps<T extends FieldValues, Rest extends object>({
  name,
  hint,
  required = true,
  slotProps,
  onBlur,
  ...props
}: KitProps<T> & Rest) {
  const { field, error } = useKitField<T>(name);
  return {
    id: `field-${name}`,
    ...props,
    name: field.name,
    value: (field.value as string | number | undefined) ?? '',
    onChange: field.onChange,
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      field.onBlur();
      onBlur?.(event);
    },
    inputRef: field.ref,
    error: Boolean(error),
    helperText: error ?? hint,
    slotProps: {
      ...slotProps,
      htmlInput: {
        ...(slotProps?.htmlInput as object | undefined),
        'aria-required': required ? true : undefined,
      },
    },
  };
}

/**
 * A text input bound to the kit's form by name. An `InputField`, so a form brings no select code
 * with it; a select is a `SelectField` (./SelectField.tsx).
 */
export function TextField<T extends FieldValues = FieldValues>(props: TextFieldProps<T>) {
  return <InputField {...useBoundProps<T, typeof props>(props)} />;
}
