import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OidcProvider } from '@bullpen/contract/oidc';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** The school's sign-in providers, one button each on the login page (empty when none). */
export const oidcProvidersQuery = queryOptions({
  queryKey: ['oidc-providers'],
  queryFn: () =>
    apiClient.get<OidcProvider[]>(api.oidcProviders.build(), undefined, { auth: false }),
  staleTime: 60 * 60 * 1000,
});

export function useOidcProviders() {
  return useQuery(oidcProvidersQuery);
}
