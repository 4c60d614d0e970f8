import { describe, expect, it } from 'vitest';
import { contactFormErrorText, extractErrorText } from './errors.ts';
import { messages } from './messages.ts';

describe('extractErrorText (spec section 8)', () => {
  it('takes non-field errors first, joined by commas', () => {
    expect(extractErrorText({ non_field_errors: ['Bad one.', 'Bad two.'], email: ['x'] })).toBe(
      'Bad one., Bad two.',
    );
  });

  it('then an errors list, then error as a string or a list', () => {
    expect(extractErrorText({ errors: [{ message: 'First' }, 'Second'] })).toBe('First, Second');
    expect(extractErrorText({ error: 'Just this.' })).toBe('Just this.');
    expect(extractErrorText({ error: ['One', 'Two'] })).toBe('One, Two');
  });

  it('then a plain array or string', () => {
    expect(extractErrorText(['a', 'b'])).toBe('a, b');
    expect(extractErrorText('plain')).toBe('plain');
  });

  it('otherwise each field with its messages, joined by commas and new lines', () => {
    expect(
      extractErrorText({ email: ['Invalid email'], password: ['Too short.', 'Too common.'] }),
    ).toBe('email: Invalid email,\npassword: Too short., Too common.');
  });

  it('replaces an unknown error on contact forms with the spec sentence', () => {
    expect(contactFormErrorText({ error: 'An Unknown Error happened' })).toBe(
      messages.unknownError,
    );
    expect(contactFormErrorText({ error: 'School name is required.' })).toBe(
      'School name is required.',
    );
  });
});
