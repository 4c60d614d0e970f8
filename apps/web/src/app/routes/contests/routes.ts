import type { RouteObject } from 'react-router';
import { prefetching } from '../prefetch.ts';
import { prefetchContestPage, prefetchMyContests, prefetchPlaceOrderPage } from './prefetch.ts';

/**
 * The signed-in contest and trading routes (spec section 2), each a lazy chunk; the pages a
 * student opens most start their requests beside their chunks (`prefetching`).
 */
export const contestRoutes = [
  { path: 'create', lazy: () => import('@/features/contests/pages/CreateContestPage.tsx') },
  { path: 'join', lazy: () => import('@/features/contests/pages/JoinContestPage.tsx') },
  {
    path: 'join-fintron-challenge',
    lazy: () => import('@/features/contests/pages/ChallengePage.tsx'),
  },
  {
    path: 'my-contests',
    loader: prefetching(prefetchMyContests),
    lazy: () => import('@/features/contests/pages/MyContestsPage.tsx'),
  },
  {
    path: 'contest/:id',
    loader: prefetching(prefetchContestPage),
    lazy: () => import('./ContestRoute.tsx'),
  },
  { path: 'contest-portfolio/:id', lazy: () => import('./ContestPortfolioRoute.tsx') },
  {
    path: 'contest-order-history/:userId/:contestId',
    lazy: () => import('@/features/contests/pages/OrderHistoryPage.tsx'),
  },
  {
    path: 'place-order/:orderType/:contestId/:securityId',
    loader: prefetching(prefetchPlaceOrderPage),
    lazy: () => import('@/features/contests/pages/PlaceOrderPage.tsx'),
  },
  {
    path: 'portfolio-stats/:userId/:contestId',
    lazy: () => import('@/features/contests/pages/PortfolioStatsPage.tsx'),
  },
] as const satisfies readonly RouteObject[];

export type ContestPattern = (typeof contestRoutes)[number]['path'];
