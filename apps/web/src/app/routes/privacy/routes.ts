import type { PageRoute } from '../page-route.tsx';

/** Privacy pages: signed in. */
export const privacyRoutes: PageRoute[] = [
  {
    path: 'settings/delete',
    lazy: () => import('@/features/privacy/pages/DeleteAccountPage.tsx'),
  },
];
