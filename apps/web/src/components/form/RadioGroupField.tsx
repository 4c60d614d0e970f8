import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { classNames } from '../class-names.ts';
import { PathIcon } from '../PathIcon.tsx';
import { useKitField } from './use-field-error.ts';
import styles from './RadioGroupField.module.css';

/**
 * Material's radio circle and dot, as MUI draws them (RadioButtonUnchecked, and its own
 * RadioButtonChecked dot; Apache License 2.0 and MIT).
 */
const circle = [
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
];
const dot = [
  'M8.465 8.465C9.37 7.56 10.62 7 12 7C14.76 7 17 9.24 17 12C17 13.38 16.44 14.63 15.535 15.535C14.63 16.44 13.38 17 12 17C9.24 17 7 14.76 7 12C7 10.62 7.56 9.37 8.465 8.465Z',
];

/**
 * A group of radio buttons in a fieldset with a legend, bound to the kit's form by name: native
 * radios (the browser's own keyboard and names) drawn as MUI's Radio group in this theme, with
 * static CSS (RadioGroupField.module.css).
 */
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
  const value: unknown = field.value ?? '';
  return (
    <fieldset className={classNames(styles.control, Boolean(error) && styles.error)}>
      <legend className={styles.legend}>{legend}</legend>
      <div role="radiogroup" className={classNames(styles.group, row && styles.row)}>
        {options.map((option) => {
          const checked = value === option.value;
          return (
            <label key={option.value} className={styles.option}>
              <span className={classNames(styles.radio, checked && styles.checked)}>
                <input
                  type="radio"
                  className={styles.input}
                  name={field.name}
                  value={option.value}
                  checked={checked}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                />
                <span className={styles.icon}>
                  <PathIcon paths={circle} />
                  <PathIcon paths={dot} className={styles.dot} />
                </span>
              </span>
              <span className={styles.label}>{option.label}</span>
            </label>
          );
        })}
      </div>
      {(error ?? hint) && <p className={styles.helper}>{error ?? hint}</p>}
    </fieldset>
  );
}
