import { useMutation } from '@tanstack/react-query';
import { deletionStatusSchema } from '@bullpen/contract/users';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** POST /api/users/{id}/deletion/: erasure in 14 days; every session ends. */
export function requestDeletion(userId: number, password: string) {
  return apiClient.post(api.userDeletion.build({ id: userId }), { password }, deletionStatusSchema);
}

export function useRequestDeletion(userId: number) {
  return useMutation({ mutationFn: (password: string) => requestDeletion(userId, password) });
}
