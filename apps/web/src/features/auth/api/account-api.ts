import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Detail, UserSession } from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import type { User } from '@bullpen/contract/users';
import { apiClient } from '@/lib/api-client.ts';

/** PUT /api/users/{id}/'s answer: the user, a new token after a new password, a sentence. */
export type UpdatedUser = User & { token?: string; detail?: string };

/** JSON, or multipart when a new avatar travels with the fields. */
export function updateAccount(userId: number, body: Record<string, unknown> | FormData) {
  return apiClient.put<UpdatedUser>(api.user.build({ id: userId }), body);
}

export function useUpdateAccount(userId: number) {
  return useMutation({
    mutationFn: (body: Record<string, unknown> | FormData) => updateAccount(userId, body),
  });
}

export const sessionsQueryOptions = () => ({
  queryKey: ['auth', 'sessions'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<UserSession[]>(api.sessions.build(), undefined, { signal }),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** Ends one session, or every one but this; the list is read again after. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: number } | 'others') =>
      which === 'others'
        ? apiClient.post<Detail>(api.endOtherSessions.build())
        : apiClient.delete<Detail>(api.session.build({ id: which.id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
