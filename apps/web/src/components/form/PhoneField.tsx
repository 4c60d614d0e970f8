import { forwardRef } from 'react';
import { IMaskInput } from 'react-imask';
import type { FieldValues } from 'react-hook-form';
import { PHONE_MASK } from '@bullpen/contract/forms';
import { TextField, type TextFieldProps } from './TextField.tsx';

interface MaskProps {
  name: string;
  onChange: (event: { target: { name: string; value: string } }) => void;
}

/** The input under MUI's TextField: (NNN) NNN-NNNN, the first digit 1-9 (spec section 5). */
const PhoneMaskInput = forwardRef<HTMLInputElement, MaskProps>(function PhoneMaskInput(
  { onChange, name, ...props },
  ref,
) {
  return (
    <IMaskInput
      {...props}
      name={name}
      mask={PHONE_MASK}
      definitions={{ '#': /[1-9]/ }}
      inputRef={ref}
      onAccept={(value: string) => onChange({ target: { name, value } })}
      overwrite
    />
  );
});

/** A phone number through the mask; the schema (`phoneField`) checks the whole number. */
export function PhoneField<T extends FieldValues = FieldValues>({
  slotProps,
  ...props
}: TextFieldProps<T>) {
  return (
    <TextField<T>
      type="tel"
      autoComplete="tel-national"
      {...props}
      slotProps={{
        ...slotProps,
        input: {
          ...(slotProps?.input as object | undefined),
          inputComponent: PhoneMaskInput as never,
        },
      }}
    />
  );
}
