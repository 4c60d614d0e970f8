import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@bullpen/contract/routes';
import type { CompleteModule, CompleteModuleBody } from '@bullpen/contract/zogo';
import { apiClient } from '@/lib/api-client.ts';
import { earnQueryKey } from './get-catalogue.ts';

/** `PUT /api/points/points/zogo/`: a finished module with every answer and the token. */
export function completeModule(body: CompleteModuleBody) {
  return apiClient.put<CompleteModule>(api.zogoPoints.build(), body);
}

export function useCompleteModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeModule,
    // The catalogue and the module now show it done.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earnQueryKey }),
  });
}
