import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Detail } from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

export function verifyEmail(token: string) {
  return apiClient.post<Detail>(api.verifyEmail.build(), { token }, undefined, { auth: false });
}

/**
 * A query rather than a mutation: a link is used once, and the query cache makes sure a
 * re-render (or React's strict-mode double effects) never posts the same token twice.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
