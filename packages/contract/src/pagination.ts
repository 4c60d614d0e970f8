import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';

/**
 * Django-REST-style pages (docs/architecture.md section 3): list endpoints answer
 * `{count, next, previous, results}` and read `page` (from 1) and `page_size` (clamped to the
 * maximum). Every domain's list schemas build on these.
 */
export const paginationMessages = {
  invalidPage: 'Invalid page.',
} as const;

/** The largest `page_size` the server answers; a larger one is clamped, not refused. */
export const MAX_PAGE_SIZE = 500;

/**
 * `page` and `page_size` of a list whose page size is `defaultSize` when not given and is clamped
 * to `maxSize` (by default the server-wide maximum).
 */
export function pageQueryWith(defaultSize: number, maxSize: number = MAX_PAGE_SIZE) {
  return z.object({
    page: z.coerce
      .number({ error: 'Enter a page number.' })
      .int('Enter a page number.')
      .min(1, 'Enter a page number.')
      .default(1),
    page_size: z.coerce
      .number({ error: 'Enter a page size.' })
      .int('Enter a page size.')
      .min(1, 'Enter a page size.')
      .default(defaultSize)
      .transform((value) => Math.min(value, maxSize)),
  });
}

// Pure: a web page that takes only `MAX_PAGE_SIZE` or the `Page` type from this module takes no zod.
export const pageQuery = /* @__PURE__ */ pageQueryWith(DEFAULT_PAGE_SIZE);
export type PageQuery = z.output<typeof pageQuery>;

export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** One page of a list, as both sides see it. */
export type Page<Item> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
};
