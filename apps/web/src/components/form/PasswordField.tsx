import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PathIcon } from '../PathIcon.tsx';
import { TextField, type TextFieldProps } from './TextField.tsx';
import adornment from './InputAdornment.module.css';
import styles from './PasswordField.module.css';

/** Material Icons' Visibility and VisibilityOff (Apache License 2.0), as `@mui/icons-material` ships them. */
const eye = {
  show: [
    'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  ],
  hide: [
    'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
  ],
} as const;

/**
 * A password input with a show/hide toggle. The toggle's name avoids the word "password" so
 * that the field is the only thing labelled "Password" on the page. The toggle is MUI's
 * InputAdornment and IconButton drawn with static CSS (decision 020): it is on the login page.
 */
export function PasswordField<T extends FieldValues = FieldValues>({
  slotProps,
  ...props
}: TextFieldProps<T>) {
  const { t } = useTranslation('validation');
  const [visible, setVisible] = useState(false);
  return (
    <TextField<T>
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <div
              className={`MuiInputAdornment-root MuiInputAdornment-positionEnd ${adornment.end}`}
            >
              <button
                type="button"
                className={styles.toggle}
                aria-label={visible ? t('form.hideTyped') : t('form.showTyped')}
                aria-pressed={visible ? 'true' : 'false'}
                onClick={() => setVisible((value) => !value)}
                onMouseDown={(event) => event.preventDefault()}
              >
                <PathIcon paths={visible ? eye.hide : eye.show} />
              </button>
            </div>
          ),
        },
      }}
    />
  );
}
