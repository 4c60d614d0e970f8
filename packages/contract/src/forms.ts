import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Form rules of spec section 5 that more than one form uses: the phone mask and the array
 * 'unique' rule.
 */

/** The phone mask (NNN) NNN-NNNN; the first digit is 1-9. */
export const PHONE_MASK = '(#00) 000-0000';
export const PHONE_PATTERN = /^\([1-9]\d{2}\) \d{3}-\d{4}$/;

/** A phone number typed through the mask: (NNN) NNN-NNNN, first digit 1-9. */
export const phoneField = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .regex(PHONE_PATTERN, messages.phoneFormat);

/** Formats ten digits as the mask does; anything else is returned as typed. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const match = /^([1-9]\d{2})(\d{3})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : value;
}

function comparable(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

/**
 * The array 'unique' rule: flags each item whose `key` repeats an earlier item's value
 * (compared trimmed and without case for text), with the message on the duplicate's own path,
 * so the form shows it under that item. Empty values are left to the required rule.
 *
 *   z.array(z.object({ email: z.string() })).check(uniqueBy('email'))
 */
export function uniqueBy<Item extends Record<string, unknown>>(
  key: keyof Item & string,
  message: string = messages.unique,
) {
  return (ctx: z.core.ParsePayload<Item[]>) => {
    const seen = new Set<unknown>();
    ctx.value.forEach((item, index) => {
      const value = comparable(item?.[key]);
      if (value === undefined || value === null || value === '') return;
      if (seen.has(value)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message, path: [index, key] });
      } else {
        seen.add(value);
      }
    });
  };
}

/** The 'unique' rule for a list of plain values (ids): flags each repeat, on its own index. */
export function uniqueItems<Item>(message: string = messages.unique) {
  return (ctx: z.core.ParsePayload<Item[]>) => {
    const seen = new Set<unknown>();
    ctx.value.forEach((item, index) => {
      const value = comparable(item);
      if (seen.has(value)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message, path: [index] });
      } else {
        seen.add(value);
      }
    });
  };
}
