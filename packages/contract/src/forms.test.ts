import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { formatPhone, phoneField, uniqueBy } from './forms.ts';

describe('phoneField (spec section 5: (NNN) NNN-NNNN, first digit 1-9)', () => {
  it('accepts a masked number', () => {
    expect(phoneField.parse('(212) 555-0100')).toBe('(212) 555-0100');
  });

  it('refuses a first digit 0, missing digits and an unmasked number', () => {
    for (const value of ['(012) 555-0100', '(212) 555-010', '2125550100', '(212)555-0100']) {
      expect(phoneField.safeParse(value).error?.issues[0]?.message, value).toBe(
        'Enter a phone number as (NNN) NNN-NNNN.',
      );
    }
  });

  it('says Required when empty', () => {
    expect(phoneField.safeParse('').error?.issues[0]?.message).toBe('Required');
  });

  it('formats ten digits as the mask does', () => {
    expect(formatPhone('212-555-0100')).toBe('(212) 555-0100');
    expect(formatPhone('0125550100')).toBe('0125550100');
  });
});

describe('uniqueBy', () => {
  const schema = z.array(z.object({ email: z.string() })).check(uniqueBy('email'));

  it('flags each repeated value on the duplicate item, not the first', () => {
    const result = schema.safeParse([
      { email: 'a@x.test' },
      { email: 'b@x.test' },
      { email: ' A@x.test ' },
      { email: 'a@x.test' },
    ]);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[2, 'email'], 'This value is already in the list.'],
      [[3, 'email'], 'This value is already in the list.'],
    ]);
  });

  it('passes distinct values and leaves empty ones to the required rule', () => {
    expect(schema.safeParse([{ email: 'a@x.test' }, { email: '' }, { email: '' }]).success).toBe(
      true,
    );
  });

  it('takes its own message and compares numbers exactly', () => {
    const numbers = z.array(z.object({ seat: z.number() })).check(uniqueBy('seat', 'Seat taken'));
    expect(numbers.safeParse([{ seat: 1 }, { seat: 1 }]).error?.issues[0]?.message).toBe(
      'Seat taken',
    );
  });
});
