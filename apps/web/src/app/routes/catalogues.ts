import type { Namespace } from '@/lib/i18n-languages.ts';
import { loadCatalogues } from '@/lib/i18n.ts';
import type { PageRoute } from './page-route.tsx';

/**
 * The routes of one area, each loading its page's catalogues beside its code: a page's words
 * are not in the entry (issue #13), yet it never paints before them.
 */
export function withCatalogues<Route extends PageRoute>(
  needed: readonly Namespace[],
  routes: readonly Route[],
): Route[] {
  return routes.map((route) => ({
    ...route,
    lazy: async () => {
      const [page] = await Promise.all([route.lazy(), loadCatalogues(needed)]);
      return page;
    },
  }));
}
