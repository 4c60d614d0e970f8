import type { PageRoute } from '../page-route.tsx';

/** Privacy pages, the user's own data and account: signed in. */
export const privacyRoutes = [
  { path: 'settings/data', lazy: () => import('@/features/privacy/pages/DataSettingsPage.tsx') },
  {
    path: 'settings/delete',
    lazy: () => import('@/features/privacy/pages/DeleteAccountPage.tsx'),
  },
] as const satisfies readonly PageRoute[];

export type PrivacyPattern = (typeof privacyRoutes)[number]['path'];
