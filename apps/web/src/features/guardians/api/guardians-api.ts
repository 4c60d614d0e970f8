import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionData } from '@bullpen/contract/auth';
import type {
  ChildSummary,
  GuardianChild,
  GuardianChildren,
  GuardianDeletion,
  GuardianInvitation,
  GuardianSharing,
  GuardianSignupInput,
  InvitationPreview,
  StudentGuardians,
} from '@bullpen/contract/guardians';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/**
 * The parent view's calls (the contract's `api.guardian*` paths): an invitation's preview and
 * taking it, the guardian's children and one child's summary, and the student's own guardians
 * and sharing.
 */

export const guardianChildrenQueryOptions = () => ({
  queryKey: ['guardians', 'children'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<GuardianChildren>(api.guardianChildren.build(), undefined, { signal }),
});

export const childSummaryQueryOptions = (id: number) => ({
  queryKey: ['guardians', 'children', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<ChildSummary>(api.guardianChild.build({ id }), undefined, { signal }),
  retry: false,
});

export const myGuardiansQueryOptions = () => ({
  queryKey: ['guardians', 'mine'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<StudentGuardians>(api.myGuardians.build(), undefined, { signal }),
});

export const sharingQueryOptions = () => ({
  queryKey: ['guardians', 'sharing'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<GuardianSharing>(api.guardianSharing.build(), undefined, { signal }),
});

/** What an invitation link offers: anonymous, the token decides. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['guardians', 'invitation', token] as const,
    queryFn: () =>
      apiClient.post<InvitationPreview>(
        api.guardianInvitationPreview.build(),
        { token },
        undefined,
        {
          auth: false,
        },
      ),
    retry: false,
  });
}

export function useGuardianSignup() {
  return useMutation({
    mutationFn: (input: GuardianSignupInput) =>
      apiClient.post<SessionData>(api.guardianSignup.build(), input, undefined, { auth: false }),
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiClient.post<GuardianChild>(api.guardianAccept.build(), { token }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: guardianChildrenQueryOptions().queryKey }),
  });
}

export function useChildSummary(id: number) {
  return useQuery(childSummaryQueryOptions(id));
}

export function useStopFollowing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<void>(api.guardianChild.build({ id })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: childSummaryQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
      await queryClient.invalidateQueries({ queryKey: guardianChildrenQueryOptions().queryKey });
    },
  });
}

export function useRequestChildDeletion(id: number) {
  return useMutation({
    mutationFn: () => apiClient.post<GuardianDeletion>(api.guardianChildDeletion.build({ id })),
  });
}

export function useMyGuardians() {
  return useQuery(myGuardiansQueryOptions());
}

export function useInviteGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.post<GuardianInvitation>(api.guardianInvitations.build(), { email }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: myGuardiansQueryOptions().queryKey }),
  });
}

export function useRevokeGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guardianId: number) =>
      apiClient.delete<void>(api.myGuardian.build({ id: guardianId })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: myGuardiansQueryOptions().queryKey }),
  });
}

export function useSharing() {
  return useQuery(sharingQueryOptions());
}

export function useSetSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: boolean) =>
      apiClient.put<GuardianSharing>(api.guardianSharing.build(), {
        share_resume_comments: share,
      }),
    onSuccess: (data) => queryClient.setQueryData(sharingQueryOptions().queryKey, data),
  });
}
