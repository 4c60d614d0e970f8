import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogCard } from '@bullpen/contract/learn';
import { CONTENT_PAGE_SIZE } from '@bullpen/contract/constants';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** The content service's flyers (spec section 7): the home page shows the first page. */
export function getFlyers(signal?: AbortSignal) {
  return apiClient.get<Page<BlogCard>>(
    `${api.flyers.build()}?page=1&page_size=${CONTENT_PAGE_SIZE}`,
    undefined,
    { signal, auth: false },
  );
}

export const flyersQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'flyers', 1],
    queryFn: ({ signal }) => getFlyers(signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useFlyers() {
  return useQuery(flyersQueryOptions());
}
