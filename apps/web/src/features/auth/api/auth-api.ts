import { useMutation } from '@tanstack/react-query';
import { detailSchema, sessionSchema } from '@bullpen/contract/auth';
import type { LoginInput } from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { i18n } from '@/lib/i18n.ts';

export function loginWithPassword(input: LoginInput) {
  return apiClient.post(api.login.build(), input, sessionSchema, { auth: false });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: loginWithPassword });
}

/**
 * POST /api/users/ as multipart (the avatar file travels with the fields), in the language in
 * use: the account's mails are written in it.
 */
export function signup(form: FormData) {
  if (!form.has('language')) form.set('language', i18n.resolvedLanguage ?? 'en');
  return apiClient.post(api.users.build(), form, sessionSchema, { auth: false });
}

export function useSignupMutation() {
  return useMutation({ mutationFn: signup });
}

export function sendResetPasswordEmail(email: string) {
  return apiClient.post(api.sendResetPasswordEmail.build(), { email }, detailSchema, {
    auth: false,
  });
}

export function useSendResetPasswordEmailMutation() {
  return useMutation({ mutationFn: sendResetPasswordEmail });
}

export function resetPassword(input: { token: string; password: string }) {
  return apiClient.post(api.resetPassword.build(), input, detailSchema, { auth: false });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}

/** Logged in, the body may be empty: the server uses the account's address. */
export function sendVerificationEmail(email?: string) {
  return apiClient.post(api.sendVerificationEmail.build(), email ? { email } : {}, detailSchema);
}

export function useSendVerificationEmailMutation() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
