import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { idField, languageField } from './input.ts';
import { authMessages, messages } from './messages.ts';

/** The user of a session (spec section 3), plus whether the address is verified. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  is_teacher: z.boolean(),
  /** Bullpen's own staff (operators): they read the support inbox. */
  is_staff: z.boolean(),
  email_verified: z.boolean(),
  /** The language of the user's mail; the web adopts it on a device with no choice of its own. */
  language: languageField,
});
export type User = z.infer<typeof userSchema>;

/** False for an account a teacher made without an address (the API sends '' as its email). */
export function hasEmail(user: Pick<User, 'email'>): boolean {
  return user.email !== '';
}

/** Only an address can be verified: an account without one is never asked to. */
export function needsEmailVerification(user: Pick<User, 'email' | 'email_verified'>): boolean {
  return hasEmail(user) && !user.email_verified;
}

/** A missing field says 'Required'; a field of the wrong type says what it should be. */
export const textError = (issue: { input?: unknown }) =>
  issue.input === undefined ? messages.required : 'Enter text here.';

export const emailField = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(254, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }));

export const passwordField = z
  .string({ error: messages.required })
  .min(PASSWORD_MIN, authMessages.passwordTooShort)
  .max(PASSWORD_MAX, authMessages.passwordTooLong);

export const usernameField = z
  .string({ error: messages.required })
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,30}$/, authMessages.usernameFormat);

const nameField = z.string({ error: textError }).trim().min(1, messages.required).max(150);

/** Multipart form fields arrive as strings: "true"/"false" for the teacher flag. */
const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/** POST /api/users/ — student and teacher sign-up (the avatar file travels beside it). */
export const signupSchema = z.strictObject({
  username: usernameField,
  email: emailField,
  password: passwordField,
  first_name: nameField,
  last_name: nameField,
  is_teacher: booleanish.optional().default(false),
  language: languageField.optional(),
});
export type SignupInput = z.input<typeof signupSchema>;

/** PUT /api/users/{id}/ — every field optional; a password change needs the current one. */
export const updateUserSchema = z
  .strictObject({
    username: usernameField.optional(),
    email: emailField.optional(),
    first_name: nameField.optional(),
    last_name: nameField.optional(),
    password: passwordField.optional(),
    current_password: z.string().optional(),
    remove_avatar: booleanish.optional(),
    language: languageField.optional(),
  })
  // A new email address needs it too; the server checks that, as only it knows the old one.
  .refine((value) => !value.password || value.current_password, {
    message: authMessages.currentPasswordRequired,
    path: ['current_password'],
  });
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/**
 * The answer to PUT /api/users/{id}/: the user, a new token when the password changed (the
 * old sessions end), and a sentence when a new address waits for its verification link.
 */
export const updateUserResultSchema = userSchema.extend({
  token: z.string().optional(),
  detail: z.string().optional(),
});

export const userIdParams = z.object({ id: idField });
export const pointsParams = z.object({ userId: idField });

export const pointsSchema = z.object({ available_points: z.number().int() });
export type Points = z.infer<typeof pointsSchema>;
