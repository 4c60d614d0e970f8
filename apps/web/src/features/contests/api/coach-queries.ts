import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoachFacts } from '@bullpen/contract/coach';
import { withQuery } from '@bullpen/contract/api-path';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** GET /api/trade-coach/: what the ticket's coach needs of the portfolio and the stock. */
export function getCoachFacts(contestUserId: number, securityId: number, signal?: AbortSignal) {
  return apiClient.get<CoachFacts>(
    withQuery(api.tradeCoach.build(), { contest_user: contestUserId, security: securityId }),
    undefined,
    { signal },
  );
}

export const coachFactsQueryOptions = (contestUserId: number, securityId: number) =>
  queryOptions({
    // Under the portfolio's holdings key, so a fill that refreshes the holdings refreshes these.
    queryKey: ['holdings', contestUserId, 'coach', securityId],
    queryFn: ({ signal }) => getCoachFacts(contestUserId, securityId, signal),
  });

export function useCoachFacts(contestUserId: number, securityId: number) {
  return useQuery(coachFactsQueryOptions(contestUserId, securityId));
}
