import { loadCatalogues } from '@/lib/i18n.ts';
import type { PageRoute } from '../page-route.tsx';
import { prefetchContestPage, prefetchMyContests, prefetchPlaceOrderPage } from './prefetch.ts';

/**
 * The signed-in contest and trading routes (spec section 2), each a lazy chunk; the pages a
 * student opens most start their requests beside their chunks (`prefetch`).
 */
export const contestRoutes = [
  // The trading rules' words (the form's section, the contest page's rules) are a catalogue of
  // their own: the order ticket's first load need not carry them.
  {
    path: 'create',
    lazy: async () => {
      const [page] = await Promise.all([
        import('@/features/contests/pages/CreateContestPage.tsx'),
        loadCatalogues(['contest-rules']),
      ]);
      return page;
    },
  },
  { path: 'join', lazy: () => import('@/features/contests/pages/JoinContestPage.tsx') },
  {
    path: 'join-fintron-challenge',
    lazy: () => import('@/features/contests/pages/ChallengePage.tsx'),
  },
  {
    path: 'my-contests',
    prefetch: prefetchMyContests,
    lazy: () => import('@/features/contests/pages/MyContestsPage.tsx'),
  },
  {
    path: 'contest/:id',
    prefetch: prefetchContestPage,
    lazy: async () => {
      const [page] = await Promise.all([
        import('./ContestRoute.tsx'),
        loadCatalogues(['contest-rules']),
      ]);
      return page;
    },
  },
  { path: 'contest-portfolio/:id', lazy: () => import('./ContestPortfolioRoute.tsx') },
  {
    path: 'contest-order-history/:userId/:contestId',
    lazy: () => import('@/features/contests/pages/OrderHistoryPage.tsx'),
  },
  {
    path: 'portfolio-stats/:userId/:contestId',
    // Its words are a catalogue of their own: the contest pages' (and the order ticket's
    // first load) need not carry them (docs/performance.md).
    lazy: async () => {
      const [page] = await Promise.all([
        import('@/features/contests/pages/PortfolioStatsPage.tsx'),
        loadCatalogues(['contest-stats']),
      ]);
      return page;
    },
  },
  {
    path: 'contest-review/:id',
    // In the portfolio statistics' catalogue: a review speaks of the same figures.
    lazy: async () => {
      const [page] = await Promise.all([
        import('@/features/contests/pages/ContestReviewPage.tsx'),
        loadCatalogues(['contest-stats']),
      ]);
      return page;
    },
  },
] as const satisfies readonly PageRoute[];

/**
 * The order ticket, apart: it reads no market words (its line on where the prices come from is
 * in the contests' catalogue), so its first load carries the contests' catalogue only
 * (router.tsx, docs/performance.md).
 */
export const orderTicketRoutes = [
  {
    path: 'place-order/:orderType/:contestId/:securityId',
    prefetch: prefetchPlaceOrderPage,
    lazy: () => import('@/features/contests/pages/PlaceOrderPage.tsx'),
  },
] as const satisfies readonly PageRoute[];

export type ContestPattern =
  (typeof contestRoutes)[number]['path'] | (typeof orderTicketRoutes)[number]['path'];
