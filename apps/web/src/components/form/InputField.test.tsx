import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import FormControl from '@mui/material/FormControl';
import MuiTextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/app/theme.ts';
import { renderWithApp } from '@/test/render.tsx';
import InputAdornment from '@mui/material/InputAdornment';
import { InputField, type InputFieldProps } from './InputField.tsx';

describe('InputField', () => {
  it('labels its input, describes it with its helper text and marks an error, as TextField does', async () => {
    renderWithApp(
      <>
        <InputField id="lite" label="Username" helperText="Your class login" error />
        <MuiTextField id="full" label="Nickname" helperText="Shown to classmates" error />
      </>,
    );
    const lite = await screen.findByLabelText('Username');
    const full = await screen.findByLabelText('Nickname');
    for (const [input, description] of [
      [lite, 'Your class login'],
      [full, 'Shown to classmates'],
    ] as const) {
      expect(input).toHaveAccessibleDescription(description);
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    // The same MUI classes on the same elements, so the theme and the app's styles apply alike.
    const classesOf = (input: HTMLElement) =>
      [input, input.parentElement!, input.closest('.MuiFormControl-root')!].map((element) =>
        [...element.classList].filter((name) => name.startsWith('Mui')).sort(),
      );
    expect(classesOf(lite)).toEqual(classesOf(full));
    await userEvent.type(lite, 'sam');
    expect(lite).toHaveValue('sam');
  });

  it("takes the app theme's defaults for MUI TextField: full width, normal margin", async () => {
    renderWithApp(
      <ThemeProvider theme={theme}>
        <InputField label="Search" />
        <FormControl fullWidth margin="normal" data-testid="expected" />
      </ThemeProvider>,
    );
    const root = (await screen.findByLabelText('Search')).closest('.MuiFormControl-root')!;
    const muiClasses = (element: Element) =>
      [...element.classList].filter((name) => name.startsWith('MuiFormControl')).sort();
    expect(muiClasses(root)).toEqual(muiClasses(screen.getByTestId('expected')));
    expect(muiClasses(root)).toEqual([
      'MuiFormControl-fullWidth',
      'MuiFormControl-marginNormal',
      'MuiFormControl-root',
    ]);
  });

  /** Each element's tag, MUI classes and attributes, as MUI's parts and the static field draw them. */
  function shape(root: Element): string[] {
    return [root, ...root.querySelectorAll('*')].map((element) => {
      // An adornment reads its variant and size from MUI's FormControl, whose context MUI does
      // not export: in the static field it lacks those two classes, which style only filled
      // fields' adornments.
      const classes = [...element.classList].filter(
        (name) =>
          /^(Mui|notranslate)/.test(name) && !/^MuiInputAdornment-(outlined|size)/.test(name),
      );
      const attributes = [...element.attributes]
        .filter(({ name }) => !['class', 'style'].includes(name))
        .map(({ name, value }) => `${name}=${value}`);
      return [element.tagName, ...new Set(classes)].sort().join(' ') + ` [${attributes.sort()}]`;
    });
  }

  const adornment = (position: 'start' | 'end') => (
    <InputAdornment position={position}>$</InputAdornment>
  );
  const cases: Record<string, InputFieldProps> = {
    empty: { label: 'Name', value: '' },
    filled: { label: 'Name', value: 'Sam' },
    error: { label: 'Name', value: '', error: true, helperText: 'Required' },
    disabled: { label: 'Name', value: 'Sam', disabled: true, helperText: 'Locked' },
    small: { label: 'Name', value: '', size: 'small', margin: 'dense' },
    'start adornment': {
      label: 'Search',
      value: '',
      type: 'search',
      placeholder: 'Stocks',
      margin: 'none',
      slotProps: { input: { startAdornment: adornment('start') }, inputLabel: { shrink: true } },
    },
    'end adornment': {
      label: 'Password',
      value: '',
      type: 'password',
      autoComplete: 'current-password',
      slotProps: {
        input: { endAdornment: adornment('end') },
        htmlInput: { 'aria-required': true },
      },
    },
    'no label': { value: '', name: 'code', fullWidth: false },
    uncontrolled: { label: 'Name', defaultValue: 'Sam' },
  };

  it.each(Object.entries(cases))(
    'draws the same elements, classes and attributes as MUI’s parts: %s',
    async (_name, props) => {
      const onChange = () => undefined;
      const controlled = props.value !== undefined ? { onChange } : {};
      renderWithApp(
        <ThemeProvider theme={theme}>
          <div data-testid="static">
            <InputField id="field" {...props} {...controlled} />
          </div>
          <div data-testid="mui">
            <InputField id="field" sx={{}} {...props} {...controlled} />
          </div>
        </ThemeProvider>,
      );
      const staticRoot = (await screen.findByTestId('static')).firstElementChild!;
      const muiRoot = screen.getByTestId('mui').firstElementChild!;
      // The static field's own elements have no emotion class (an adornment is the caller's);
      // `sx` sends a field to MUI's parts.
      const own = (root: Element) =>
        [root, ...root.querySelectorAll('label, input, fieldset, legend, p')].filter(
          (element) => !element.closest('.MuiInputAdornment-root'),
        );
      for (const element of own(staticRoot)) expect(element.className).not.toMatch(/css-/);
      expect(muiRoot.className).toMatch(/css-/);
      expect(shape(staticRoot)).toEqual(shape(muiRoot));
    },
  );

  it('shrinks its label and shows its focus as MUI does, and a click on its box focuses it', async () => {
    renderWithApp(
      <ThemeProvider theme={theme}>
        <div data-testid="static">
          <InputField id="a" label="Username" />
        </div>
        <div data-testid="mui">
          <InputField id="b" label="Nickname" sx={{}} />
        </div>
      </ThemeProvider>,
    );
    const fields = [
      ['static', 'Username'],
      ['mui', 'Nickname'],
    ] as const;
    for (const [testId] of fields) {
      const label = (await screen.findByTestId(testId)).querySelector('label')!;
      expect(label).toHaveAttribute('data-shrink', 'false');
    }
    for (const [testId, labelText] of fields) {
      const input = screen.getByLabelText(labelText);
      const label = screen.getByTestId(testId).querySelector('label')!;
      await userEvent.click(input);
      expect(label).toHaveAttribute('data-shrink', 'true');
      expect(label).toHaveClass('Mui-focused');
      expect(input.parentElement).toHaveClass('Mui-focused');
      await userEvent.type(input, 'sam');
      await userEvent.tab();
      expect(label).not.toHaveClass('Mui-focused');
      expect(label).toHaveClass('MuiFormLabel-filled');
      expect(label).toHaveAttribute('data-shrink', 'true');
      await userEvent.clear(input);
      expect(label).toHaveAttribute('data-shrink', 'true');
      await userEvent.tab();
      expect(label).toHaveAttribute('data-shrink', 'false');
    }
    const box = screen.getByLabelText('Username').parentElement!;
    await userEvent.click(box);
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });
});
