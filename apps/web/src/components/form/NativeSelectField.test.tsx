import { useId, useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { renderWithApp } from '@/test/render.tsx';
import { NativeSelectField } from './NativeSelectField.tsx';

/** MUI's parts as StockFilters drew the category before it was static. */
function MuiSelect({ label }: { label: string }) {
  const id = useId();
  return (
    <FormControl size="small" fullWidth>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect id={id} value="" input={<OutlinedInput label={label} notched />}>
        <option value="">Any</option>
      </NativeSelect>
    </FormControl>
  );
}

function StaticSelect({ label, onPick }: { label: string; onPick?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <NativeSelectField
      label={label}
      size="small"
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        onPick?.(event.target.value);
      }}
    >
      <option value="">Any</option>
      <option value="7">Energy</option>
    </NativeSelectField>
  );
}

/** Each element's tag and MUI classes, from the form control down. */
function shape(select: HTMLElement): string[] {
  const root = select.closest('.MuiFormControl-root')!;
  return [root, ...root.querySelectorAll('*')]
    .filter((element) => element.tagName !== 'OPTION' && element.tagName !== 'path')
    .map(
      (element) =>
        `${element.tagName.toLowerCase()} ${[...element.classList]
          .filter((name) => name.startsWith('Mui'))
          .sort()
          .join(' ')}`,
    );
}

describe('NativeSelectField', () => {
  it("draws MUI's outlined native select: the same elements and classes, its label held above", async () => {
    renderWithApp(
      <>
        <StaticSelect label="Category" />
        <MuiSelect label="Sector" />
      </>,
    );
    const lite = await screen.findByLabelText('Category');
    const full = await screen.findByLabelText('Sector');
    expect(shape(lite)).toEqual(shape(full));
    expect(screen.getByText('Category', { selector: 'label' })).toHaveAttribute(
      'data-shrink',
      'true',
    );
  });

  it('reports the choice and marks its label and frame focused while the select has focus', async () => {
    const picked: string[] = [];
    renderWithApp(<StaticSelect label="Category" onPick={(value) => picked.push(value)} />);
    const select = await screen.findByLabelText('Category');
    await userEvent.selectOptions(select, 'Energy');
    expect(picked).toEqual(['7']);
    expect(select).toHaveValue('7');
    fireEvent.focus(select);
    const label = screen.getByText('Category', { selector: 'label' });
    expect(label).toHaveClass('Mui-focused');
    expect(select.parentElement).toHaveClass('Mui-focused');
    fireEvent.blur(select);
    expect(label).not.toHaveClass('Mui-focused');
  });
});
