import { useId, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The standard address pattern of the product's forms (spec section 5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface EmailChipsInputProps {
  label: string;
  emails: readonly string[];
  onChange: (emails: string[]) => void;
  /** A message from outside (such as "type at least one address"), shown under the field. */
  error?: string | null;
  onErrorClear?: () => void;
  disabled?: boolean;
}

/**
 * Email addresses as chips (spec section 5): a chip is added on Enter, Tab or comma, the value
 * trimmed; a duplicate or an invalid address is refused with the spec's message. A chip is
 * removed with its button (or Delete/Backspace on it). Messages come from the validation
 * catalogue ('already been added', '{value} is not a valid email address.'); the caller gives
 * the one for sending none (`validation:chipNone`) through `error`.
 */
export function EmailChipsInput({
  label,
  emails,
  onChange,
  error,
  onErrorClear,
  disabled,
}: EmailChipsInputProps) {
  const { t } = useTranslation('validation');
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  /** Adds the typed values; returns false (and shows why) when one is refused. */
  const add = (raw: string): boolean => {
    const values = raw
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
    const next = [...emails];
    for (const value of values) {
      if (next.some((email) => email.toLowerCase() === value.toLowerCase())) {
        setProblem(t('chips.duplicate', { value }));
        setText(value);
        onChange(next);
        return false;
      }
      if (!EMAIL_PATTERN.test(value)) {
        setProblem(t('chipInvalid', { value }));
        setText(value);
        onChange(next);
        return false;
      }
      next.push(value);
    }
    setProblem(null);
    setText('');
    onChange(next);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || (event.key === 'Tab' && text.trim())) {
      event.preventDefault();
      if (text.trim()) add(text);
    } else if (event.key === 'Backspace' && !text && emails.length > 0) {
      onChange(emails.slice(0, -1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!/[,\n]/.test(pasted)) return;
    event.preventDefault();
    add(`${text}${pasted.replace(/\n/g, ',')}`);
  };

  const shown = problem ?? error ?? null;
  const chipsId = `${id}-chips`;
  return (
    <Box>
      {emails.length > 0 && (
        <Box
          component="ul"
          id={chipsId}
          aria-label={t('chips.listLabel')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1 }}
        >
          {emails.map((email) => (
            <li key={email}>
              <Chip
                label={email}
                onDelete={disabled ? undefined : () => onChange(emails.filter((e) => e !== email))}
                aria-label={t('chips.removeHint', { email })}
                sx={{ maxWidth: '100%' }}
              />
            </li>
          ))}
        </Box>
      )}
      <TextField
        id={`${id}-input`}
        label={label}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
          if (error) onErrorClear?.();
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        error={Boolean(shown)}
        helperText={shown ?? t('chips.hint')}
        autoComplete="off"
        onBlur={() => {
          // An address still typed when the field is left (such as by clicking Send) is added.
          if (text.trim()) add(text);
        }}
        margin="dense"
        slotProps={{ htmlInput: { inputMode: 'email' } }}
      />
    </Box>
  );
}
