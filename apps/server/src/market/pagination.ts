import { marketMessages } from '@bullpen/contract/market';
import { notFound } from '../platform/errors.ts';

export type Page<Item> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
};

/**
 * Django-REST-style page of a list: `next` and `previous` are absolute URLs of the same
 * request with another `page`. A page past the end is a 404, as in Django REST.
 */
export function paginate<Item>(
  items: readonly Item[],
  query: { page: number; page_size: number },
  requestUrl: string,
  publicUrl: string,
): Page<Item> {
  const { page, page_size: pageSize } = query;
  const start = (page - 1) * pageSize;
  if (page > 1 && start >= items.length) throw notFound(marketMessages.invalidPage);
  const url = new URL(requestUrl, publicUrl);
  const linkTo = (target: number) => {
    url.searchParams.set('page', String(target));
    return `${publicUrl}${url.pathname}?${url.searchParams.toString()}`;
  };
  return {
    count: items.length,
    next: start + pageSize < items.length ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(page - 1) : null,
    results: items.slice(start, start + pageSize),
  };
}
