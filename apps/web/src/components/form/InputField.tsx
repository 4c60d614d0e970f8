import { forwardRef, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent, FocusEvent, MouseEvent, ReactNode, Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useThemeProps } from '@mui/material/styles';
import type { TextFieldProps } from '@mui/material/TextField';
import { useForkRef } from '@mui/material/utils';
import styles from './InputField.module.css';
import { classNames } from '../class-names.ts';

/** MUI's text field props, outlined and without `select` (which `InputField` does not draw). */
export type InputFieldProps = Omit<TextFieldProps, 'select' | 'variant' | 'slots'>;

type SlotProps = {
  input?: object;
  htmlInput?: object;
  inputLabel?: object;
  formHelperText?: object;
};

/** MUI's own parts, for the fields `StaticInputField` does not draw (`canDrawStatic`). */
const MuiInputField = forwardRef<HTMLDivElement, InputFieldProps>(
  function MuiInputField(props, ref) {
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
    } = props;
    const generatedId = useId();
    const id = idOverride ?? generatedId;
    const helperTextId = helperText ? `${id}-helper-text` : undefined;
    const inputLabelId = label ? `${id}-label` : undefined;
    const slots = slotProps as SlotProps;
    const inputLabelProps = (slots.inputLabel ?? {}) as { shrink?: boolean };
    return (
      <FormControl
        ref={ref}
        className={classNames('MuiTextField-root', className)}
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

/** Props that only MUI's parts know what to do with: a field that has one is drawn by MUI. */
const MUI_ONLY = [
  'sx',
  'multiline',
  'rows',
  'minRows',
  'maxRows',
  'required',
  'focused',
  'hiddenLabel',
  'classes',
  'InputProps',
  'inputProps',
  'InputLabelProps',
  'FormHelperTextProps',
  'SelectProps',
] as const;

/**
 * True when the static field draws these props exactly as MUI would: a single-line field in the
 * primary colour, with at most a start and an end adornment and a label that may be held shrunk.
 */
function canDrawStatic(props: InputFieldProps): boolean {
  const record = props as Record<string, unknown>;
  if (MUI_ONLY.some((name) => record[name] !== undefined && record[name] !== false)) return false;
  if (props.color !== undefined && props.color !== 'primary') return false;
  const slots = (props.slotProps ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const only = (slot: string, allowed: string[]) =>
    Object.keys(slots[slot] ?? {}).every((key) => allowed.includes(key));
  return (
    Object.keys(slots).every((slot) => ['input', 'htmlInput', 'inputLabel'].includes(slot)) &&
    only('input', ['startAdornment', 'endAdornment']) &&
    only('inputLabel', ['shrink'])
  );
}

/** MUI's rule for a filled input: a value that is not empty. */
function isFilled(value: unknown): boolean {
  return value != null && value !== '' && !(Array.isArray(value) && value.length === 0);
}

type StaticSlots = {
  input?: { startAdornment?: ReactNode; endAdornment?: ReactNode };
  htmlInput?: Record<string, unknown>;
  inputLabel?: { shrink?: boolean };
};

/**
 * The outlined text field as plain elements and a CSS module (decision 020): MUI's DOM, classes
 * and ids, its focused, filled, error and disabled states, sizes, margins and adornments, without
 * emotion serialising six components' styles on every render of a form.
 */
const StaticInputField = forwardRef<HTMLDivElement, InputFieldProps>(
  function StaticInputField(props, ref) {
    const {
      autoComplete,
      autoFocus = false,
      className,
      defaultValue,
      disabled = false,
      error = false,
      fullWidth = false,
      helperText,
      id: idOverride,
      inputRef: inputRefProp,
      label,
      margin = 'none',
      name,
      onBlur,
      onChange,
      onFocus,
      placeholder,
      size = 'medium',
      slotProps,
      type = 'text',
      value,
      // Always the primary colour here (`canDrawStatic`); not an attribute of the root.
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      color,
      ...other
    } = props;
    const generatedId = useId();
    const id = idOverride ?? generatedId;
    const helperTextId = helperText ? `${id}-helper-text` : undefined;
    const hasLabel = label != null && label !== '';
    const inputLabelId = hasLabel ? `${id}-label` : undefined;
    const slots = (slotProps ?? {}) as StaticSlots;
    const { startAdornment, endAdornment } = slots.input ?? {};
    const inputRef = useRef<HTMLInputElement | null>(null);
    const handleInputRef = useForkRef(inputRef, inputRefProp as Ref<HTMLInputElement> | undefined);

    const controlled = value !== undefined;
    const [focused, setFocused] = useState(false);
    const [uncontrolledFilled, setUncontrolledFilled] = useState(() => isFilled(defaultValue));
    // An uncontrolled input's value is the DOM's: read it once drawn, as MUI does.
    useLayoutEffect(() => {
      if (!controlled && inputRef.current) setUncontrolledFilled(isFilled(inputRef.current.value));
    }, [controlled]);
    // A disabled input cannot be focused; MUI drops the focus when one is disabled.
    const isFocused = focused && !disabled;
    const filled = controlled ? isFilled(value) : uncontrolledFilled;
    const shrink = slots.inputLabel?.shrink ?? (isFocused || filled || startAdornment != null);
    const small = size === 'small';
    // MUI's state classes, on the label, the input's box and the helper text alike.
    const stateClasses = classNames(
      isFocused && 'Mui-focused',
      disabled && 'Mui-disabled',
      error && 'Mui-error',
    );

    return (
      <div
        ref={ref}
        className={classNames(
          'MuiFormControl-root',
          margin === 'normal' && 'MuiFormControl-marginNormal',
          margin === 'dense' && 'MuiFormControl-marginDense',
          fullWidth && 'MuiFormControl-fullWidth',
          'MuiTextField-root',
          styles.root,
          margin === 'normal' && styles.marginNormal,
          margin === 'dense' && styles.marginDense,
          fullWidth && styles.fullWidth,
          className,
        )}
        {...other}
      >
        {hasLabel && (
          <label
            data-shrink={shrink ? 'true' : 'false'}
            htmlFor={id}
            id={inputLabelId}
            className={classNames(
              'MuiFormLabel-root',
              'MuiInputLabel-root',
              'MuiInputLabel-formControl',
              'MuiInputLabel-animated',
              shrink && 'MuiInputLabel-shrink',
              small && 'MuiInputLabel-sizeSmall',
              'MuiInputLabel-outlined',
              'MuiFormLabel-colorPrimary',
              stateClasses,
              filled && 'MuiFormLabel-filled',
              styles.label,
              small && styles.labelSmall,
              shrink && styles.shrink,
            )}
          >
            {label}
          </label>
        )}
        <div
          className={classNames(
            'MuiInputBase-root',
            'MuiOutlinedInput-root',
            'MuiInputBase-colorPrimary',
            stateClasses,
            fullWidth && 'MuiInputBase-fullWidth',
            'MuiInputBase-formControl',
            startAdornment != null && 'MuiInputBase-adornedStart',
            endAdornment != null && 'MuiInputBase-adornedEnd',
            small && 'MuiInputBase-sizeSmall',
            styles.inputRoot,
            fullWidth && styles.fullWidth,
            startAdornment != null && styles.adornedStart,
            endAdornment != null && styles.adornedEnd,
          )}
          // A click on the box around the input (its padding, the outline) focuses the input.
          onClick={(event: MouseEvent<HTMLDivElement>) => {
            if (event.currentTarget === event.target) inputRef.current?.focus();
          }}
        >
          {startAdornment}
          <input
            aria-invalid={error}
            aria-describedby={helperTextId}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            defaultValue={defaultValue as string | undefined}
            disabled={disabled}
            id={id}
            name={name}
            placeholder={placeholder}
            type={type}
            value={value as string | number | undefined}
            {...slots.htmlInput}
            ref={handleInputRef}
            className={classNames(
              'MuiInputBase-input',
              'MuiOutlinedInput-input',
              disabled && 'Mui-disabled',
              type === 'search' && 'MuiInputBase-inputTypeSearch',
              styles.input,
              small && styles.inputSmall,
            )}
            onFocus={(event: FocusEvent<HTMLInputElement>) => {
              setFocused(true);
              onFocus?.(event);
            }}
            onBlur={(event: FocusEvent<HTMLInputElement>) => {
              setFocused(false);
              onBlur?.(event);
            }}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              if (!controlled) setUncontrolledFilled(isFilled(event.target.value));
              onChange?.(event);
            }}
          />
          {endAdornment}
          <fieldset
            aria-hidden="true"
            className={classNames('MuiOutlinedInput-notchedOutline', styles.outline)}
          >
            {hasLabel ? (
              <legend className={classNames(styles.legend, shrink && styles.notched)}>
                <span>{label}</span>
              </legend>
            ) : (
              <legend className={styles.legendBare}>
                <span aria-hidden="true" className="notranslate">
                  &#8203;
                </span>
              </legend>
            )}
          </fieldset>
        </div>
        {helperText && (
          <p
            id={helperTextId}
            className={classNames(
              'MuiFormHelperText-root',
              stateClasses,
              small ? 'MuiFormHelperText-sizeSmall' : 'MuiFormHelperText-sizeMedium',
              'MuiFormHelperText-contained',
              filled && 'MuiFormHelperText-filled',
              styles.helper,
            )}
          >
            {helperText}
          </p>
        )}
      </div>
    );
  },
);

/**
 * MUI's `TextField` for the common case, an outlined input with its label and helper text, with
 * the same ids, classes and theme defaults (`MuiTextField` in app/theme.ts). `TextField` also
 * draws selects, so it always brings MUI's `Select` with its menu, popover and modal (about 17
 * KiB compressed) to every page that has a text box; forms use this instead. Most fields are drawn
 * by `StaticInputField`, with no emotion styles at all (login's form, the contest's search, the
 * order ticket); a field with MUI-only props (`sx`, `multiline`, an `inputComponent`…) by MUI's
 * parts. For a select, use MUI's `TextField`.
 */
export const InputField = forwardRef<HTMLDivElement, InputFieldProps>(
  function InputField(inProps, ref) {
    const props = useThemeProps({ props: inProps, name: 'MuiTextField' });
    return canDrawStatic(props) ? (
      <StaticInputField {...props} ref={ref} />
    ) : (
      <MuiInputField {...props} ref={ref} />
    );
  },
);
