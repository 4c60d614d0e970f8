import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';

/** POST /api/contests/{id}/invite/: the owner emails invitation links. */
export function inviteToContest({ contestId, emails }: { contestId: number; emails: string[] }) {
  return apiClient.post<{ invited: string[] }>(api.inviteToContest.build({ id: contestId }), {
    emails,
  });
}

export function useInviteMutation() {
  return useMutation({ mutationFn: inviteToContest });
}
