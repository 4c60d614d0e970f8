// Small, without schemas, in the entry: the lists' requests start before the page's chunk arrives.
import {
  securitiesInfiniteQueryOptions,
  securitiesQueryOptions,
} from '@/features/market/api/securities-api.ts';
import { sectorsQueryOptions } from '@/features/market/api/sectors-api.ts';
import { marketStatusQueryOptions } from '@/lib/market-status.ts';
import type { PageRoute, Prefetch } from '../page-route.tsx';

/**
 * /public/development: the stock list's first page, its filters' sectors and the search list's
 * first page, beside the page's code. Without them the page painted each list's loading row,
 * and the list's twenty rows then pushed the search list down the screen when they arrived
 * (a layout shift of 0.011–0.063 in Lighthouse's mobile run, docs/performance.md). The market
 * status names where the prices come from, under the list.
 */
const prefetchDevelopmentPage: Prefetch = async (client) => {
  await Promise.all([
    client.prefetchQuery(securitiesQueryOptions({})),
    client.prefetchQuery(sectorsQueryOptions()),
    client.prefetchInfiniteQuery(securitiesInfiniteQueryOptions({})),
    client.prefetchQuery(marketStatusQueryOptions()),
  ]);
};

/** The market's public pages: the gallery of its components, and a news story. */
export const publicMarketRoutes: PageRoute[] = [
  {
    path: 'development',
    prefetch: prefetchDevelopmentPage,
    lazy: () => import('@/features/market/pages/DevelopmentPage.tsx'),
  },
  // A story from a stock's news panel (marketPaths.newsArticle).
  { path: 'news/:id', lazy: () => import('@/features/market/pages/NewsArticlePage.tsx') },
];
