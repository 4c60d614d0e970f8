import { useId, useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { classNames } from '../class-names.ts';
import { controlIcons } from '../control-icons.ts';
import { PathIcon } from '../PathIcon.tsx';
import field from './InputField.module.css';
import styles from './NativeSelectField.module.css';

export interface NativeSelectFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** The `<option>`s. */
  children: ReactNode;
  size?: 'small' | 'medium';
}

/**
 * The browser's own select in the outlined field's frame, its label held above it: what MUI's
 * FormControl, InputLabel, NativeSelect and OutlinedInput draw, with the text field's static
 * rules (`InputField.module.css`) and MUI's class names, and no styled component (decision 020).
 * A phone or a Chromebook opens its own picker. The stock list's category filter renders in the
 * contest page's first task after its first paint (issue #13).
 */
export function NativeSelectField({
  label,
  value,
  onChange,
  children,
  size = 'medium',
}: NativeSelectFieldProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const small = size === 'small';
  const focusClass = focused && 'Mui-focused';
  return (
    <div
      className={classNames(
        'MuiFormControl-root',
        'MuiFormControl-fullWidth',
        field.root,
        field.fullWidth,
      )}
    >
      <label
        data-shrink="true"
        htmlFor={id}
        className={classNames(
          'MuiFormLabel-root',
          'MuiInputLabel-root',
          'MuiInputLabel-formControl',
          'MuiInputLabel-animated',
          'MuiInputLabel-shrink',
          small && 'MuiInputLabel-sizeSmall',
          'MuiInputLabel-outlined',
          'MuiFormLabel-colorPrimary',
          focusClass,
          value !== '' && 'MuiFormLabel-filled',
          field.label,
          small && field.labelSmall,
          field.shrink,
        )}
      >
        {label}
      </label>
      <div
        className={classNames(
          'MuiInputBase-root',
          'MuiOutlinedInput-root',
          'MuiInputBase-colorPrimary',
          focusClass,
          'MuiInputBase-formControl',
          small && 'MuiInputBase-sizeSmall',
          'MuiNativeSelect-root',
          field.inputRoot,
          styles.root,
        )}
      >
        <select
          id={id}
          value={value}
          onChange={onChange}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className={classNames(
            'MuiNativeSelect-select',
            'MuiNativeSelect-outlined',
            'MuiInputBase-input',
            'MuiOutlinedInput-input',
            field.input,
            small && field.inputSmall,
            styles.select,
          )}
        >
          {children}
        </select>
        <PathIcon
          paths={controlIcons.dropDown}
          className={classNames(
            'MuiSvgIcon-root',
            'MuiSvgIcon-fontSizeMedium',
            'MuiNativeSelect-icon',
            'MuiNativeSelect-iconOutlined',
            styles.icon,
          )}
        />
        <fieldset
          aria-hidden="true"
          className={classNames('MuiOutlinedInput-notchedOutline', field.outline)}
        >
          <legend className={classNames(field.legend, field.notched)}>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}
