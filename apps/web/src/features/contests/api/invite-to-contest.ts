import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { contestApi } from './paths.ts';

export function inviteToContest({ contestId, emails }: { contestId: number; emails: string[] }) {
  return apiClient.post<{ invited: string[] }>(contestApi.invite(contestId), { emails });
}

export function useInviteMutation() {
  return useMutation({ mutationFn: inviteToContest });
}
