import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { FieldValues, Path } from 'react-hook-form';
import { useKitField } from './use-field-error.ts';

/** A group of radio buttons in a fieldset with a legend, bound to the kit's form by name. */
export function RadioGroupField<T extends FieldValues = FieldValues>({
  name,
  legend,
  options,
  hint,
  row = true,
}: {
  name: Path<T>;
  legend: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  row?: boolean;
}) {
  const { field, error } = useKitField<T>(name);
  return (
    <FormControl component="fieldset" margin="normal" error={Boolean(error)}>
      <FormLabel component="legend">{legend}</FormLabel>
      <RadioGroup
        row={row}
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            label={option.label}
          />
        ))}
      </RadioGroup>
      {(error ?? hint) && <FormHelperText>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}
