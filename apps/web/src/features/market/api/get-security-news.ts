import { queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery } from '@bullpen/contract/api-path';
import type { NewsItem } from '@bullpen/contract/market';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

export const NEWS_PAGE_SIZE = 10;

export function getSecurityNews(securityId: number, signal?: AbortSignal) {
  return apiClient.get<Page<NewsItem>>(
    withQuery(api.securityNews.build({ id: securityId }), { page_size: NEWS_PAGE_SIZE }),
    undefined,
    { auth: false, signal },
  );
}

export const securityNewsQueryOptions = (securityId: number) =>
  queryOptions({
    queryKey: ['securities', securityId, 'news'],
    queryFn: ({ signal }) => getSecurityNews(securityId, signal),
    staleTime: 5 * 60_000,
    retry: false,
    select: (data) => data.results,
  });

export function useSecurityNews(securityId: number) {
  return useQuery(securityNewsQueryOptions(securityId));
}
