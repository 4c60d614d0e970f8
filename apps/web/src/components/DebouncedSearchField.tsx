import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounceMs } from '@bullpen/contract/constants';
import { controlIcons } from './control-icons.ts';
import adornment from './form/InputAdornment.module.css';
import { InputField, type InputFieldProps } from './form/InputField.tsx';
import { PathIcon } from './PathIcon.tsx';
import { useDebouncedCallback } from './use-debounced-callback.ts';

export interface DebouncedSearchFieldProps extends Omit<
  InputFieldProps,
  'value' | 'onChange' | 'defaultValue'
> {
  /** Visible label (the placeholder alone is not a label). */
  label: string;
  /** Called with the trimmed text once typing pauses for `delayMs`. */
  onSearch: (text: string) => void;
  initialValue?: string;
  /** Spec section 9: search input debounce 500 ms. */
  delayMs?: number;
}

/** A search box that reports what was typed only once the typing pauses. */
export function DebouncedSearchField({
  label,
  onSearch,
  initialValue = '',
  delayMs = debounceMs.search,
  placeholder,
  ...props
}: DebouncedSearchFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialValue);
  const report = useDebouncedCallback((value: string) => onSearch(value.trim()), delayMs);
  return (
    <InputField
      type="search"
      label={label}
      placeholder={placeholder ?? t('search')}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        report(event.target.value);
      }}
      autoComplete="off"
      margin="none"
      slotProps={{
        input: {
          startAdornment: (
            // MUI's InputAdornment and Search icon, without styled components (decision 020).
            <div
              className={`MuiInputAdornment-root MuiInputAdornment-positionStart ${adornment.start}`}
            >
              <PathIcon paths={controlIcons.search} />
            </div>
          ),
        },
        inputLabel: { shrink: true },
      }}
      {...props}
    />
  );
}
