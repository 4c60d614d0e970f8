import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { i18n } from '@/lib/i18n.ts';

/** The response schemas (and zod) load with the first request, not with the login page. */
const schemas = () => import('@bullpen/contract/auth');

export async function loginWithPassword(input: LoginInput) {
  const { sessionSchema } = await schemas();
  return apiClient.post(api.login.build(), input, sessionSchema, { auth: false });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: loginWithPassword });
}

/**
 * POST /api/users/ as multipart (the avatar file travels with the fields), in the language in
 * use: the account's mails are written in it.
 */
export async function signup(form: FormData) {
  if (!form.has('language')) form.set('language', i18n.resolvedLanguage ?? 'en');
  const { sessionSchema } = await schemas();
  return apiClient.post(api.users.build(), form, sessionSchema, { auth: false });
}

export function useSignupMutation() {
  return useMutation({ mutationFn: signup });
}

export async function sendResetPasswordEmail(email: string) {
  const { detailSchema } = await schemas();
  return apiClient.post(api.sendResetPasswordEmail.build(), { email }, detailSchema, {
    auth: false,
  });
}

export function useSendResetPasswordEmailMutation() {
  return useMutation({ mutationFn: sendResetPasswordEmail });
}

export async function resetPassword(input: { token: string; password: string }) {
  const { detailSchema } = await schemas();
  return apiClient.post(api.resetPassword.build(), input, detailSchema, { auth: false });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}

/** Logged in, the body may be empty: the server uses the account's address. */
export async function sendVerificationEmail(email?: string) {
  const { detailSchema } = await schemas();
  return apiClient.post(api.sendVerificationEmail.build(), email ? { email } : {}, detailSchema);
}

export function useSendVerificationEmailMutation() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
