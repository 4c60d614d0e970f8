import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContestUser } from '@bullpen/contract/contests';
import { apiClient } from '@/lib/api-client.ts';
import { contestUserQueryOptions } from './get-contest-user.ts';
import { api } from '@bullpen/contract/routes';

/** PATCH /api/contest-users/{id}/description/: the player's note on their own portfolio. */
export function updateDescription({
  contestUserId,
  description,
}: {
  contestUserId: number;
  description: string;
}) {
  return apiClient.patch<ContestUser>(api.contestUserDescription.build({ id: contestUserId }), {
    description,
  });
}

export function useUpdateDescriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDescription,
    onSuccess: (contestUser) =>
      queryClient.setQueryData(contestUserQueryOptions(contestUser.id).queryKey, contestUser),
  });
}
