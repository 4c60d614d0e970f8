import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { NewsArticle, NewsItem, Security } from '@bullpen/contract/market';
import type { Page } from '@bullpen/contract/pagination';
import { withQuery } from '@bullpen/contract/api-path';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

export type SecurityPage = Page<Security>;

export interface SecurityFilters {
  search?: string;
  sectorId?: number | null;
}

export const SECURITIES_PAGE_SIZE = 20;

export function getSecurities(
  {
    search,
    sectorId,
    page = 1,
    pageSize = SECURITIES_PAGE_SIZE,
  }: SecurityFilters & {
    page?: number;
    pageSize?: number;
  },
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (search) params.set('search', search);
  if (sectorId) params.set('sector', String(sectorId));
  return apiClient.get<SecurityPage>(withQuery(api.securities.build(), params), undefined, {
    auth: false,
    signal,
  });
}

const filterKey = ({ search, sectorId }: SecurityFilters) => ({
  search: search ?? '',
  sectorId: sectorId ?? null,
});

export const securitiesQueryOptions = (filters: SecurityFilters, page = 1) =>
  queryOptions({
    queryKey: ['securities', 'page', filterKey(filters), page],
    queryFn: ({ signal }) => getSecurities({ ...filters, page }, signal),
    placeholderData: keepPreviousData,
  });

export function useSecurities(filters: SecurityFilters, page = 1) {
  return useQuery(securitiesQueryOptions(filters, page));
}

/** The search page's list: page after page, as the user scrolls (spec section 2). */
export const securitiesInfiniteQueryOptions = (filters: SecurityFilters) =>
  infiniteQueryOptions({
    queryKey: ['securities', 'infinite', filterKey(filters)],
    queryFn: ({ pageParam, signal }) => getSecurities({ ...filters, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPage.next ? lastPageParam + 1 : undefined,
    placeholderData: keepPreviousData,
  });

export function useInfiniteSecurities(filters: SecurityFilters) {
  return useInfiniteQuery(securitiesInfiniteQueryOptions(filters));
}

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

/** One story with its paragraphs, for its page in the app (`marketPaths.newsArticle`). */
export const newsArticleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['news', id],
    queryFn: ({ signal }) =>
      apiClient.get<NewsArticle>(api.newsItem.build({ id }), undefined, { auth: false, signal }),
    staleTime: 5 * 60_000,
    retry: false,
    enabled: id !== '',
  });

export function useNewsArticle(id: string) {
  return useQuery(newsArticleQueryOptions(id));
}
