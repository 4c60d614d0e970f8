import type { RouteObject } from 'react-router';
import type { Namespace } from '@/lib/i18n-languages.ts';
import { loadCatalogues } from '@/lib/i18n.ts';

/**
 * The routes of one area, each loading its page's catalogues beside its code: a page's words
 * are not in the entry (issue #13), yet it never paints before them. Routes without a lazy
 * page are left as they are.
 */
export function withCatalogues<Route extends RouteObject>(
  needed: readonly Namespace[],
  routes: readonly Route[],
): Route[] {
  return routes.map((route) => {
    const { lazy } = route;
    if (typeof lazy !== 'function') return route;
    return {
      ...route,
      lazy: async () => {
        const [page] = await Promise.all([lazy(), loadCatalogues(needed)]);
        return page;
      },
    };
  });
}
