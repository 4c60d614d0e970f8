import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import FormControl from '@mui/material/FormControl';
import MuiTextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/app/theme.ts';
import { renderWithApp } from '@/test/render.tsx';
import { InputField } from './InputField.tsx';

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
        <FormControl data-testid="plain" />
      </ThemeProvider>,
    );
    const root = (await screen.findByLabelText('Search')).closest('.MuiFormControl-root')!;
    // Emotion's class names carry a hash of the styles: the same name, the same styles.
    const emotionClass = (element: Element) =>
      [...element.classList].find((name) => name.startsWith('css-'));
    expect(emotionClass(root)).toBe(emotionClass(screen.getByTestId('expected')));
    expect(emotionClass(root)).not.toBe(emotionClass(screen.getByTestId('plain')));
  });
});
