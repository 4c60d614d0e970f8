import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Detail } from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import type { ConsentDecision, MyConsent, ResendConsentInput } from '@bullpen/contract/users';
import { apiClient } from '@/lib/api-client.ts';

/** The waiting child's consent: the parent's address masked, when they may resend. */
export const myConsentQueryOptions = () => ({
  queryKey: ['consents', 'mine'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<MyConsent>(api.myConsent.build(), undefined, { signal }),
});

export function useMyConsent() {
  return useQuery(myConsentQueryOptions());
}

/** Mails the parent again, to a corrected address if given; the view is read again after. */
export function useResendConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResendConsentInput) =>
      apiClient.post<Detail>(api.resendConsent.build(), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myConsentQueryOptions().queryKey }),
  });
}

/** What a parent's link is for: the child's first name (anonymous: the token decides). */
export function useConsentRequest(token: string) {
  return useQuery({
    queryKey: ['consents', 'request', token] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiClient.get<{ child_first_name: string }>(api.consent.build({ token }), undefined, {
        signal,
        auth: false,
      }),
    retry: false,
  });
}

export function useDecideConsent(token: string) {
  return useMutation({
    mutationFn: (decision: ConsentDecision) =>
      apiClient.post<Detail>(api.consent.build({ token }), { decision }, undefined, {
        auth: false,
      }),
  });
}
