import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@bullpen/contract/routes';
import type { ZogoModuleDetail } from '@bullpen/contract/zogo';
import { apiClient } from '@/lib/api-client.ts';
import { earnQueryKey } from './get-catalogue.ts';

/** `GET /api/zogo/modules/{id}/`: one module with its cards (questions without answers). */
export const moduleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...earnQueryKey, 'module', id],
    queryFn: ({ signal }) =>
      apiClient.get<ZogoModuleDetail>(api.zogoModule.build({ id }), undefined, { signal }),
  });

export function useModule(id: number) {
  return useQuery(moduleQueryOptions(id));
}
