import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appstore } from '@bullpen/contract/content';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

export function getAppstore() {
  return apiClient.get<Appstore>(api.appstore.build(), undefined, { auth: false });
}

export const appstoreQueryOptions = () =>
  queryOptions({
    queryKey: ['appstore'],
    queryFn: getAppstore,
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useAppstore() {
  return useQuery(appstoreQueryOptions());
}
