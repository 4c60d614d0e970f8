import { z } from 'zod';
import { messages } from './messages.ts';
import { idField } from './input.ts';
import { emailField, passwordField, textError, userSchema } from './users.ts';

/** POST /api-token-auth/ — `username` may be the username or the email address. */
export const loginSchema = z.strictObject({
  username: z.string({ error: textError }).trim().min(1, messages.required).max(254),
  password: z.string({ error: textError }).min(1, messages.required).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const verifyTokenSchema = z.strictObject({
  token: z.string({ error: textError }).min(1, messages.required).max(4096),
});

/** Login data (spec section 4): token, user and an optional path to go to. */
export const sessionSchema = z.object({
  token: z.string(),
  user: userSchema,
  redirect: z.string().optional(),
  /** True when this sign-in cancelled the account's scheduled deletion (users/deletion.ts). */
  deletion_cancelled: z.boolean().optional(),
});
export type SessionData = z.infer<typeof sessionSchema>;

export const emailRequestSchema = z.strictObject({ email: emailField });

export const verifyEmailSchema = z.strictObject({
  token: z.string({ error: textError }).min(1, messages.required).max(512),
});

export const resetPasswordSchema = z.strictObject({
  token: z.string({ error: textError }).min(1, messages.required).max(512),
  password: passwordField,
});

export const detailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof detailSchema>;

/** GET /api/auth/sessions/ — the signed-in user's own sessions, newest first. */
export const userSessionSchema = z.object({
  id: z.number().int(),
  /** A short summary of the browser and system ("Firefox on Windows"), at most 80 characters. */
  device: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session the request came with. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionListSchema = z.array(userSessionSchema);

export const userSessionParams = z.object({ id: idField });

export const endedSessionsSchema = z.object({ detail: z.string(), ended: z.number().int() });
