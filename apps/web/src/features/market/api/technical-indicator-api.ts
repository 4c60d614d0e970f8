import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Duration, Indicator } from '@bullpen/contract/market';
import { withQuery } from '@bullpen/contract/api-path';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** One point of an indicator: SMA has one series, BBANDS three (values in cents). */
export type IndicatorPoint = { date: string } & Record<string, number | string>;

export function getTechnicalIndicator(
  symbol: string,
  duration: Duration,
  indicator: Indicator,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ symbol, duration, indicator });
  return apiClient.get<{ results: IndicatorPoint[] }>(
    withQuery(api.technicalIndicator.build(), params),
    undefined,
    { auth: false, signal },
  );
}

export const technicalIndicatorQueryOptions = (
  symbol: string,
  duration: Duration,
  indicator: Indicator,
) =>
  queryOptions({
    queryKey: ['technical-indicator', symbol, duration, indicator],
    queryFn: ({ signal }) => getTechnicalIndicator(symbol, duration, indicator, signal),
    staleTime: 10 * 60_000,
    retry: false,
    select: (data) => data.results,
  });

/** Indicators apply only when the duration is not 1D (spec section 4). */
export function useTechnicalIndicator(
  symbol: string,
  duration: Duration,
  indicator: Indicator | null,
) {
  return useQuery({
    ...technicalIndicatorQueryOptions(symbol, duration, indicator ?? 'SMA'),
    enabled: indicator !== null && duration !== '1D',
  });
}
