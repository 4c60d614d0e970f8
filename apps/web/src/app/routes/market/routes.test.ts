import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@bullpen/contract/routes';
import {
  securitiesInfiniteQueryOptions,
  securitiesQueryOptions,
} from '@/features/market/api/securities-api.ts';
import { sectorsQueryOptions } from '@/features/market/api/sectors-api.ts';
import { marketStatusQueryOptions } from '@/lib/market-status.ts';
import { createTestQueryClient } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { publicMarketRoutes } from './routes.ts';

const page = { count: 1, next: null, previous: null, results: [{ id: 1, symbol: 'AAPL' }] };
const sectors = { results: [{ id: 2, name: 'Technology' }] };
const status = { provider: 'simulated', simulated: true, is_open: true };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prefetching the development page', () => {
  it('fills the queries its stock list, filters, search list and source line ask first', async () => {
    const fetch = stubApi(
      (_method, path) => {
        if (path === `${api.securities.build()}?page=1&page_size=20`)
          return { status: 200, body: page };
        if (path === api.sectors.build()) return { status: 200, body: sectors };
        if (path === api.marketStatus.build()) return { status: 200, body: status };
        return undefined;
      },
      { withQuery: true },
    );
    const prefetch = publicMarketRoutes.find((route) => route.path === 'development')?.prefetch;
    if (!prefetch) throw new Error('the development page has no prefetch');
    const client = createTestQueryClient();
    await prefetch(client, {
      params: {},
      url: new URL('/public/development', 'http://localhost'),
    });
    // The filters the page starts with, as StockList and StockSearchList pass them.
    const start = { search: '', sectorId: null };
    expect(client.getQueryData(securitiesQueryOptions(start, 1).queryKey)).toEqual(page);
    expect(client.getQueryData(securitiesInfiniteQueryOptions(start).queryKey)?.pages).toEqual([
      page,
    ]);
    expect(client.getQueryData(sectorsQueryOptions().queryKey)).toEqual(sectors);
    expect(client.getQueryData(marketStatusQueryOptions().queryKey)).toEqual(status);
    expect(fetch).toHaveBeenCalledTimes(4);
  });
});
