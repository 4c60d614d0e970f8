import { z } from 'zod';
import { PHONE_PATTERN } from './forms.ts';
import { idField, languageField } from './input.ts';
import { messages } from './messages.ts';
import { pageQueryWith, pageSchema } from './pagination.ts';
import { emailField, textError } from './users.ts';

/**
 * Support and contact (spec sections 3, 5 and 7 "Support"): the ticket payload of the three
 * forms, with the rules of spec section 5 for a visitor (a "guest": name, email and the human
 * check) and for a signed-in user (a "member": the server takes name and email from the
 * account and skips the check). The web forms and the server parse with the same schemas.
 */

// ---------------------------------------------------------------------------------------------
// Constants

export const POSITIONS = ['Administrator', 'Educator', 'Parent', 'Other'] as const;
export type Position = (typeof POSITIONS)[number];

/** The three endpoints of spec section 7, one kind each. */
export const TICKET_KINDS = ['support', 'contact_sales', 'school_event'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

export const TICKET_STATUSES = ['open', 'answered'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export type Audience = 'guest' | 'member';

export const NAME_MAX = 150;
export const SCHOOL_NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const PARTICIPATION_MAX = 1_000_000;
export const INBOX_PAGE_SIZE = 20;

/** Messages of our own (the spec's are in messages.ts), in the web's `support` catalogue too. */
export const supportMessages = {
  wholeNumber: 'Enter a whole number.',
  positionChoice: 'Choose Administrator, Educator, Parent or Other.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
} as const;

// ---------------------------------------------------------------------------------------------
// The rules of spec section 5

/** The fields a form must have, per kind and audience (spec section 5; support is ours). */
export const requiredTicketFields = {
  support: {
    guest: ['first_name', 'last_name', 'email', 'description'],
    member: ['description'],
  },
  contact_sales: {
    guest: ['first_name', 'last_name', 'email', 'school_name', 'description'],
    member: ['school_name', 'description'],
  },
  school_event: {
    guest: ['first_name', 'last_name', 'email', 'position', 'description'],
    member: ['position', 'description'],
  },
} as const satisfies Record<TicketKind, Record<Audience, readonly string[]>>;

function text(max: number, required: boolean) {
  const base = z.string({ error: textError }).trim().max(max, supportMessages.tooLong(max));
  return required ? base.min(1, messages.required) : base.optional();
}

function position(required: boolean) {
  if (required) {
    return z.enum(POSITIONS, {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? messages.required
          : supportMessages.positionChoice,
    });
  }
  return z.enum([...POSITIONS, ''], { error: supportMessages.positionChoice }).optional();
}

/** A count typed in a text box or sent as a number; empty means not given. */
const participation = z
  .union([z.number(), z.string()], { error: supportMessages.wholeNumber })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const typed = typeof value === 'number' ? String(value) : value.trim();
    if (typed === '') return undefined;
    if (!/^\d{1,7}$/.test(typed) || Number(typed) > PARTICIPATION_MAX) {
      ctx.addIssue({ code: 'custom', message: supportMessages.wholeNumber });
      return z.NEVER;
    }
    return Number(typed);
  });

/** Optional, through the mask of spec section 5: (NNN) NNN-NNNN, first digit 1-9. */
const optionalPhone = z
  .string({ error: textError })
  .trim()
  .refine((value) => value === '' || PHONE_PATTERN.test(value), messages.phoneFormat)
  .optional();

/** The ALTCHA payload (base64 JSON) in the spec's field name. */
const humanCheck = z
  .string({ error: messages.verifyHuman })
  .trim()
  .min(1, messages.verifyHuman)
  .max(8000, messages.verifyHuman);

/** A signed-in user's name and email in the body are ignored: the account's are used. */
const ignored = z.string().max(254).optional();

/** The ticket payload (spec section 3) of one form, for a visitor or a signed-in user. */
export function ticketSchema(kind: TicketKind, audience: Audience) {
  const required = new Set<string>(requiredTicketFields[kind][audience]);
  const guest = audience === 'guest';
  return z.strictObject({
    first_name: guest ? text(NAME_MAX, required.has('first_name')) : ignored,
    last_name: guest ? text(NAME_MAX, required.has('last_name')) : ignored,
    email: guest ? (required.has('email') ? emailField : emailField.optional()) : ignored,
    position: position(required.has('position')),
    school_name: text(SCHOOL_NAME_MAX, required.has('school_name')),
    description: text(DESCRIPTION_MAX, required.has('description')),
    phone: optionalPhone,
    anticipated_teacher_participation: participation,
    anticipated_student_participation: participation,
    g_recaptcha_token: guest ? humanCheck : z.string().max(8000).optional(),
    /** The language of the confirmation mail to a visitor; a user's account says its own. */
    language: languageField.optional(),
  });
}

export type TicketInput = z.output<ReturnType<typeof ticketSchema>>;
export type TicketFormValues = z.input<ReturnType<typeof ticketSchema>>;

// ---------------------------------------------------------------------------------------------
// Responses and the staff inbox

export const ticketCreatedSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
});
export type TicketCreated = z.infer<typeof ticketCreatedSchema>;

export const ticketSchemaOut = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  status: z.enum(TICKET_STATUSES),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  position: z.enum(POSITIONS).nullable(),
  school_name: z.string().nullable(),
  description: z.string(),
  phone: z.string().nullable(),
  anticipated_teacher_participation: z.number().int().nullable(),
  anticipated_student_participation: z.number().int().nullable(),
  /** The account that sent it, or null for a visitor. */
  user: z.number().int().nullable(),
  language: languageField,
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchemaOut>;

export const ticketPageSchema = pageSchema(ticketSchemaOut);

export const inboxQuery = pageQueryWith(INBOX_PAGE_SIZE).extend({
  status: z.enum(TICKET_STATUSES, { error: 'Choose open or answered.' }).optional(),
});
export type InboxQuery = z.input<typeof inboxQuery>;

export const ticketParams = z.object({ id: idField });

export const ticketStatusBody = z.strictObject({
  status: z.enum(TICKET_STATUSES, { error: 'Choose open or answered.' }),
});

/** The ALTCHA challenge (v2 format) the widget solves. */
export const humanChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
