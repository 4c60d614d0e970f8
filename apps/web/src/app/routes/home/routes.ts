import type { PageRoute } from '../page-route.tsx';

/** /home: every role's signed-in home (the public home stays at /public/home). */
export const homeRoutes = [
  { path: 'home', lazy: () => import('@/features/home/SignedInHomePage.tsx') },
] as const satisfies readonly PageRoute[];

export type HomePattern = (typeof homeRoutes)[number]['path'];
