import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { phoneField, uniqueBy } from '@bullpen/contract/forms';
import { richTextField, richTextLength } from '@bullpen/contract/rich-text';
import { emailField } from '@bullpen/contract/users';
import { ApiError } from '@/lib/api-client.ts';
import { renderWithApp, setTestLanguage } from '@/test/render.tsx';
import { shouldShowError } from './error-display.ts';
import { Form, FormAlert } from './Form.tsx';
import { PhoneField } from './PhoneField.tsx';
import { RichTextField } from './RichTextField.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { TextField } from './TextField.tsx';
import { domTextLength } from './rich-text-dom.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import { type LazySchema, lazySchema, type ZodForm, useZodForm } from './use-zod-form.ts';

type AnySchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** A kit form around `children`; `onValid` may throw a server error. */
function KitForm<S extends AnySchema>({
  schema,
  defaultValues,
  onValid = () => undefined,
  children,
  capture,
}: {
  schema: S | LazySchema<S>;
  defaultValues: z.input<S>;
  onValid?: (values: z.output<S>) => unknown;
  children: React.ReactNode;
  capture?: (form: ZodForm<S>) => void;
}) {
  const form = useZodForm(schema, { defaultValues: defaultValues as never });
  capture?.(form);
  return (
    <Form form={form} onSubmit={form.submit(onValid)}>
      <FormAlert />
      {children}
      <SubmitButton label="Send" busyLabel="Sending…" />
    </Form>
  );
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('spec section 5 messages through the form kit', { timeout: 20_000 }, () => {
  const schema = z.object({ email: emailField });

  it("says 'Required' for an empty field and 'Invalid email' for a bad address", async () => {
    await renderWithApp(
      <KitForm schema={schema} defaultValues={{ email: '' }}>
        <TextField name="email" label="Email" />
      </KitForm>,
    );
    await send();
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-address');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ana@school.test');
    await waitFor(() => expect(screen.queryByText('Invalid email')).not.toBeInTheDocument());
  });

  it('joins every schema error of a field with a space', async () => {
    const rules = z.object({
      code: z.string().min(3, 'Use at least 3 characters.').regex(/\d/, 'Add a digit.'),
    });
    await renderWithApp(
      <KitForm schema={rules} defaultValues={{ code: 'ab' }}>
        <TextField name="code" label="Code" />
      </KitForm>,
    );
    await send();
    expect(await screen.findByText('Use at least 3 characters. Add a digit.')).toBeInTheDocument();
  });

  it('speaks the reader’s language and keeps the spec’s English word for word', async () => {
    await setTestLanguage('es');
    expect(translateMessage('Required')).toBe('Obligatorio');
    expect(translateMessage('You have exceeded the 200 Max. Character Limit')).toBe(
      'Has superado el límite de 200 caracteres',
    );
    expect(translateMessage('A message no catalogue has.')).toBe('A message no catalogue has.');
    await setTestLanguage('en');
    expect(translateMessage('Required')).toBe('Required');
    await renderWithApp(
      <KitForm schema={schema} defaultValues={{ email: '' }}>
        <TextField name="email" label="Email" />
      </KitForm>,
      { language: 'es' },
    );
    await send();
    expect(await screen.findByText('Obligatorio')).toBeInTheDocument();
    await setTestLanguage('en');
  });
});

describe('a schema loaded as the form shows', { timeout: 20_000 }, () => {
  const rules = z.object({ email: emailField });

  it('validates by the loaded schema, loading it once', async () => {
    let loads = 0;
    const lazy = lazySchema(async () => {
      loads += 1;
      return rules;
    });
    const sent: unknown[] = [];
    await renderWithApp(
      <KitForm schema={lazy} defaultValues={{ email: '' }} onValid={(values) => sent.push(values)}>
        <TextField name="email" label="Email" />
      </KitForm>,
    );
    await send();
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ana@school.test');
    await send();
    await waitFor(() => expect(sent).toEqual([{ email: 'ana@school.test' }]));
    expect(loads).toBe(1);
  });

  it('fetches the rules when focus enters the form, not with the page', async () => {
    let loads = 0;
    const lazy = lazySchema(async () => {
      loads += 1;
      return rules;
    });
    await renderWithApp(
      <KitForm schema={lazy} defaultValues={{ email: '' }}>
        <TextField name="email" label="Email" />
      </KitForm>,
    );
    expect(loads).toBe(0);
    await userEvent.click(screen.getByLabelText('Email'));
    await waitFor(() => expect(loads).toBe(1));
  });

  it('says so when the rules cannot load, and loads them at the next try', async () => {
    let offline = true;
    const lazy = lazySchema(async () => {
      if (offline) throw new TypeError('Failed to fetch dynamically imported module');
      return rules;
    });
    const sent: unknown[] = [];
    await renderWithApp(
      <KitForm
        schema={lazy}
        defaultValues={{ email: 'ana@school.test' }}
        onValid={(values) => sent.push(values)}
      >
        <TextField name="email" label="Email" />
      </KitForm>,
    );
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach Bullpen. Check your internet connection and try again.',
    );
    expect(sent).toEqual([]);
    offline = false;
    await send();
    await waitFor(() => expect(sent).toEqual([{ email: 'ana@school.test' }]));
  });
});

describe('the error display rule', { timeout: 20_000 }, () => {
  it('shows an error only when the field is touched, has a value or the form was sent', () => {
    const base = { message: 'Required', touched: false, value: '', submitted: false };
    expect(shouldShowError(base)).toBe(false);
    expect(shouldShowError({ ...base, touched: true })).toBe(true);
    expect(shouldShowError({ ...base, value: 'a' })).toBe(true);
    expect(shouldShowError({ ...base, value: '   ' })).toBe(false);
    expect(shouldShowError({ ...base, submitted: true })).toBe(true);
    expect(shouldShowError({ ...base, message: undefined, touched: true })).toBe(false);
  });

  it('hides the error of an untouched empty field, and shows it once touched', async () => {
    const schema = z.object({ name: z.string().min(1, 'Required') });
    let form: ZodForm<typeof schema> | undefined;
    await renderWithApp(
      <KitForm schema={schema} defaultValues={{ name: '' }} capture={(f) => (form = f)}>
        <TextField name="name" label="Name" />
        <TextField name="other" label="Other" required={false} />
      </KitForm>,
    );
    await act(async () => {
      await form?.trigger();
    });
    expect(form?.getFieldState('name').error?.message).toBe('Required');
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.tab();
    expect(await screen.findByText('Required')).toBeInTheDocument();
  });

  it('shows a submit error until the field or the form is edited', async () => {
    const schema = z.object({ username: z.string().min(1, 'Required') });
    let calls = 0;
    await renderWithApp(
      <KitForm
        schema={schema}
        defaultValues={{ username: 'ana' }}
        onValid={() => {
          calls += 1;
          throw calls === 1
            ? new ApiError(400, { username: ['Taken.', 'Pick another.'] }, 'username: Taken.')
            : new ApiError(400, { non_field_errors: ['Try later.'] }, 'Try later.');
        }}
      >
        <TextField name="username" label="Username" />
      </KitForm>,
    );
    await send();
    expect(await screen.findByText('Taken. Pick another.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), 'x');
    await waitFor(() => expect(screen.queryByText(/Taken/)).not.toBeInTheDocument());

    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Try later.');
    await userEvent.type(screen.getByLabelText('Username'), 'y');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('the unique rule', { timeout: 20_000 }, () => {
  it('flags the duplicate item, not the first one', async () => {
    const schema = z.object({
      people: z.array(z.object({ email: z.string() })).check(uniqueBy('email')),
    });
    await renderWithApp(
      <KitForm
        schema={schema}
        defaultValues={{
          people: [{ email: 'a@x.test' }, { email: 'b@x.test' }, { email: 'A@x.test' }],
        }}
      >
        <TextField name="people.0.email" label="First" />
        <TextField name="people.1.email" label="Second" />
        <TextField name="people.2.email" label="Third" />
      </KitForm>,
    );
    await send();
    expect(await screen.findByText('This value is already in the list.')).toBeInTheDocument();
    expect(screen.getByLabelText('Third')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First')).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('the phone field', { timeout: 20_000 }, () => {
  const schema = z.object({ phone: phoneField });

  it('masks digits as (NNN) NNN-NNNN and accepts a whole number', async () => {
    let values: unknown;
    await renderWithApp(
      <KitForm schema={schema} defaultValues={{ phone: '' }} onValid={(v) => (values = v)}>
        <PhoneField name="phone" label="Phone" />
      </KitForm>,
    );
    const input = screen.getByLabelText('Phone');
    await userEvent.type(input, '2125550100');
    expect(input).toHaveValue('(212) 555-0100');
    await send();
    await waitFor(() => expect(values).toEqual({ phone: '(212) 555-0100' }));
  });

  it('refuses a first digit 0 and explains an incomplete number', async () => {
    await renderWithApp(
      <KitForm schema={schema} defaultValues={{ phone: '' }}>
        <PhoneField name="phone" label="Phone" />
      </KitForm>,
    );
    const input = screen.getByLabelText('Phone');
    await userEvent.type(input, '0');
    expect(input).not.toHaveValue('(0');
    await userEvent.type(input, '212555');
    expect(input).toHaveValue('(212) 555');
    await send();
    expect(await screen.findByText('Enter a phone number as (NNN) NNN-NNNN.')).toBeInTheDocument();
  });
});

describe('the rich-text field', { timeout: 20_000 }, () => {
  const schema = z.object({ about: richTextField({ min: 5, max: 10 }) });
  const renderRichText = (about: string) =>
    renderWithApp(
      <KitForm schema={schema} defaultValues={{ about }}>
        <RichTextField name="about" label="About you" max={10} />
      </KitForm>,
    );

  it("says 'This field is required.' when empty", async () => {
    await renderRichText('');
    await send();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  });

  it('names the real minimum in the spec’s sentence when below it', async () => {
    await renderRichText('<p>abc</p>');
    await send();
    expect(await screen.findByText('You have to input at least 5 characters')).toBeInTheDocument();
  });

  it('refuses text above the maximum and counts the stripped text', async () => {
    await renderRichText('<p><b>abcdef</b>&amp;ghij</p>');
    expect(screen.getByText('11 / 10 characters')).toBeInTheDocument();
    await send();
    expect(
      await screen.findByText('You have exceeded the 10 Max. Character Limit'),
    ).toBeInTheDocument();
  });

  it('strips the HTML before measuring: <p><b>ab</b>&amp;</p> is 3 characters', async () => {
    await renderRichText('<p><b>ab</b>&amp;</p>');
    expect(screen.getByText('3 / 10 characters')).toBeInTheDocument();
    expect(domTextLength('<p><b>ab</b>&amp;</p>')).toBe(3);
  });

  it('measures as the contract does, on what the editor writes', () => {
    for (const html of [
      '<p><b>ab</b>&amp;</p>',
      '<p>a &lt;tag&gt; &quot;q&quot;&nbsp;b</p><ul><li><p>one</p></li><li><p>two</p></li></ul>',
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://x.test/?a=1&amp;b=2">link</a> 😀</p>',
      '<p></p>',
    ]) {
      expect(richTextLength(html), html).toBe(domTextLength(html));
    }
  });

  it('has a labelled toolbar whose buttons are one Tab stop, moved with the arrows', async () => {
    await renderRichText('<p>hello</p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting for About you' });
    expect(toolbar).toBeInTheDocument();
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveAttribute('tabindex', '-1');
    act(() => bold.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'About you' })).toBeInTheDocument();
  });

  it('keeps only the allowed formats of pasted or stored HTML', async () => {
    let values: { about?: string } = {};
    await renderWithApp(
      <KitForm
        schema={z.object({ about: richTextField({ max: 200 }) })}
        defaultValues={{
          about:
            '<p onclick="x()">Hi <script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">there</a></p>',
        }}
        onValid={(v) => (values = v as typeof values)}
      >
        <RichTextField name="about" label="About you" max={200} />
      </KitForm>,
    );
    await send();
    await waitFor(() => expect(values.about).toBeDefined());
    expect(values.about).not.toMatch(/script|onerror|onclick|javascript|<img/i);
    expect(values.about).toContain('there');
  });
});

describe('the submit button', { timeout: 20_000 }, () => {
  it('can wait until the form is complete, as the contact forms do', async () => {
    function Contact() {
      const form = useZodForm(z.object({ school: z.string().trim().min(1, 'Required') }), {
        defaultValues: { school: '' },
      });
      return (
        <Form form={form} onSubmit={form.submit(() => undefined)}>
          <TextField name="school" label="School" />
          <SubmitButton label="Send" busyLabel="Sending…" disableWhileIncomplete />
        </Form>
      );
    }
    await renderWithApp(<Contact />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled());
    await userEvent.type(screen.getByLabelText('School'), 'Lincoln High');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
  });
});
