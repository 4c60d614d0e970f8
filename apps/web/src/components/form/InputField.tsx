import { forwardRef, useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useThemeProps } from '@mui/material/styles';
import type { TextFieldProps } from '@mui/material/TextField';

/** MUI's text field props, outlined and without `select` (which `InputField` does not draw). */
export type InputFieldProps = Omit<TextFieldProps, 'select' | 'variant' | 'slots'>;

type SlotProps = {
  input?: object;
  htmlInput?: object;
  inputLabel?: object;
  formHelperText?: object;
};

/**
 * MUI's `TextField` for the common case, an outlined input with its label and helper text,
 * put together from the same parts with the same ids, classes and theme defaults
 * (`MuiTextField` in app/theme.ts). `TextField` also draws selects, so it always brings MUI's
 * `Select` with its menu, popover and modal (about 17 KiB compressed) to every page that has a
 * text box; forms on the pages a student opens first (log in, the contest, the order ticket)
 * use this instead. For a select, use MUI's `TextField`.
 */
export const InputField = forwardRef<HTMLDivElement, InputFieldProps>(
  function InputField(inProps, ref) {
    const {
      autoComplete,
      autoFocus = false,
      className,
      color = 'primary',
      defaultValue,
      disabled = false,
      error = false,
      fullWidth = false,
      helperText,
      id: idOverride,
      inputRef,
      label,
      maxRows,
      minRows,
      multiline = false,
      name,
      onBlur,
      onChange,
      onFocus,
      placeholder,
      required = false,
      rows,
      slotProps = {},
      type,
      value,
      ...other
    } = useThemeProps({ props: inProps, name: 'MuiTextField' });
    const generatedId = useId();
    const id = idOverride ?? generatedId;
    const helperTextId = helperText ? `${id}-helper-text` : undefined;
    const inputLabelId = label ? `${id}-label` : undefined;
    const slots = slotProps as SlotProps;
    const inputLabelProps = (slots.inputLabel ?? {}) as { shrink?: boolean };
    return (
      <FormControl
        ref={ref}
        className={['MuiTextField-root', className].filter(Boolean).join(' ')}
        disabled={disabled}
        error={error}
        fullWidth={fullWidth}
        required={required}
        color={color}
        variant="outlined"
        {...other}
      >
        {label != null && label !== '' && (
          <InputLabel htmlFor={id} id={inputLabelId} {...inputLabelProps}>
            {label}
          </InputLabel>
        )}
        <OutlinedInput
          aria-describedby={helperTextId}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          defaultValue={defaultValue}
          fullWidth={fullWidth}
          multiline={multiline}
          name={name}
          rows={rows}
          maxRows={maxRows}
          minRows={minRows}
          type={type}
          value={value}
          id={id}
          inputRef={inputRef}
          onBlur={onBlur}
          onChange={onChange}
          onFocus={onFocus}
          placeholder={placeholder}
          inputProps={slots.htmlInput}
          label={label}
          notched={inputLabelProps.shrink}
          {...slots.input}
        />
        {helperText && (
          <FormHelperText id={helperTextId} {...slots.formHelperText}>
            {helperText}
          </FormHelperText>
        )}
      </FormControl>
    );
  },
);
