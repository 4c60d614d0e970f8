import { type Page, type PageQuery, paginationMessages } from '@bullpen/contract/pagination';
import { notFound } from './errors.ts';

/** Where a page starts, for lists paginated in the database. */
export function pageWindow(query: PageQuery): { offset: number; limit: number } {
  return { offset: (query.page - 1) * query.page_size, limit: query.page_size };
}

/**
 * Django-REST-style page: `next` and `previous` are absolute URLs of the same request with
 * another `page`. A page past the end is a 404, as in Django REST.
 */
export function pageOf<Item>(
  results: Item[],
  count: number,
  query: PageQuery,
  requestUrl: string,
  publicUrl: string,
): Page<Item> {
  const { page, page_size: pageSize } = query;
  const start = (page - 1) * pageSize;
  if (page > 1 && start >= count) throw notFound(paginationMessages.invalidPage);
  const url = new URL(requestUrl, publicUrl);
  const linkTo = (target: number) => {
    url.searchParams.set('page', String(target));
    return `${publicUrl}${url.pathname}?${url.searchParams.toString()}`;
  };
  return {
    count,
    next: start + pageSize < count ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(page - 1) : null,
    results,
  };
}

/** A page of a list held in memory. */
export function paginate<Item>(
  items: readonly Item[],
  query: PageQuery,
  requestUrl: string,
  publicUrl: string,
): Page<Item> {
  const { offset, limit } = pageWindow(query);
  return pageOf(items.slice(offset, offset + limit), items.length, query, requestUrl, publicUrl);
}
