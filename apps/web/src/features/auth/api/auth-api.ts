import { useMutation } from '@tanstack/react-query';
import type { Detail, LoginInput, SessionData } from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { i18n } from '@/lib/i18n.ts';

// Responses are typed, not parsed: the server already answers by the contract's schemas, and
// zod stays out of the login and sign-up pages' first load (api-client.ts).

export function loginWithPassword(input: LoginInput) {
  return apiClient.post<SessionData>(api.login.build(), input, undefined, { auth: false });
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
  return apiClient.post<SessionData>(api.users.build(), form, undefined, { auth: false });
}

export function useSignupMutation() {
  return useMutation({ mutationFn: signup });
}

export function sendResetPasswordEmail(email: string) {
  return apiClient.post<Detail>(api.sendResetPasswordEmail.build(), { email }, undefined, {
    auth: false,
  });
}

export function useSendResetPasswordEmailMutation() {
  return useMutation({ mutationFn: sendResetPasswordEmail });
}

export function resetPassword(input: { token: string; password: string }) {
  return apiClient.post<Detail>(api.resetPassword.build(), input, undefined, { auth: false });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}

/** Logged in, the body may be empty: the server uses the account's address. */
export function sendVerificationEmail(email?: string) {
  return apiClient.post<Detail>(
    api.sendVerificationEmail.build(),
    email ? { email } : {},
    undefined,
  );
}

export function useSendVerificationEmailMutation() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
