import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';

/** Connects a react-hook-form field to an MUI TextField (the ref goes to the <input>). */
export function fieldProps<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  name: Path<T>,
) {
  const { ref, ...rest } = register(name);
  const message = errors[name]?.message;
  return {
    ...rest,
    id: `field-${name}`,
    inputRef: ref,
    error: Boolean(message),
    helperText: typeof message === 'string' ? message : undefined,
    // Required without MUI's visual asterisk, which would become part of the label text.
    slotProps: { htmlInput: { 'aria-required': true } },
  };
}
