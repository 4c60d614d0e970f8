import MuiTextField from '@mui/material/TextField';
import type { TextFieldProps as MuiTextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { useBoundProps, type Bound, type KitProps } from './TextField.tsx';

export type SelectFieldProps<T extends FieldValues> = Omit<MuiTextFieldProps, Bound | 'select'> &
  KitProps<T>;

/**
 * A select bound to the kit's form by name: MUI's `TextField` with `select`, in a module of its
 * own so that only the forms with a select load MUI's select code.
 */
export function SelectField<T extends FieldValues = FieldValues>(props: SelectFieldProps<T>) {
  return <MuiTextField {...useBoundProps<T, typeof props>(props)} select />;
}
