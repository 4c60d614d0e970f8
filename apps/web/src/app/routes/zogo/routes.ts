import type { PageRoute } from '../page-route.tsx';

/** The signed-in learn-and-earn route: the catalogue and a module's deep link (spec section 2). */
export const zogoRoutes = [
  { path: 'learn-and-earn', lazy: () => import('./LearnAndEarnRoute.tsx') },
] as const satisfies readonly PageRoute[];

export type ZogoPattern = (typeof zogoRoutes)[number]['path'];
