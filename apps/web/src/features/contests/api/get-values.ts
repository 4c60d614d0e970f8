import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { valuePointSchema } from '@bullpen/contract/trading';
import { apiClient } from '@/lib/api-client.ts';
import { api } from '@bullpen/contract/routes';
import { withQuery } from '@bullpen/contract/api-path';

export type ValuePoint = z.infer<typeof valuePointSchema>;

export function getValues(contestUserId: number, signal?: AbortSignal) {
  return apiClient.get<{ results: ValuePoint[] }>(
    withQuery(api.values.build(), { contest_user: contestUserId }),
    undefined,
    { signal },
  );
}

export const valuesQueryOptions = (contestUserId: number) =>
  queryOptions({
    queryKey: ['portfolio-values', contestUserId],
    queryFn: ({ signal }) => getValues(contestUserId, signal),
  });

export function useValues(contestUserId: number) {
  return useQuery(valuesQueryOptions(contestUserId));
}
