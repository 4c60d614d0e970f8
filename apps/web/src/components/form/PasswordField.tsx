import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './TextField.tsx';

/**
 * A password input with a show/hide toggle. The toggle's name avoids the word "password" so
 * that the field is the only thing labelled "Password" on the page.
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
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? t('form.hideTyped') : t('form.showTyped')}
                aria-pressed={visible ? 'true' : 'false'}
                onClick={() => setVisible((value) => !value)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
