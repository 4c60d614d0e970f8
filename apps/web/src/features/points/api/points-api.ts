import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery } from '@bullpen/contract/api-path';
import type { PointsHistoryPage } from '@bullpen/contract/points';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';
import { pointsQueryOptions } from './points-queries.ts';

/**
 * The ledger lines behind my balance, newest first. Keyed under the balance's key, so
 * whatever refreshes the balance (a redeem, the WebSocket's points message) refreshes these.
 */
export const pointsHistoryQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: [...pointsQueryOptions(userId).queryKey, 'history', page],
    queryFn: ({ signal }) =>
      apiClient.get<PointsHistoryPage>(
        withQuery(api.pointsHistory.build({ userId }), { page }),
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export function usePointsHistory(userId: number, page: number) {
  return useQuery(pointsHistoryQueryOptions(userId, page));
}
