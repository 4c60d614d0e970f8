import type { PageRoute } from '../page-route.tsx';

/** The user's own data: signed in. */
export const privacyRoutes = [
  { path: 'settings/data', lazy: () => import('@/features/privacy/pages/DataSettingsPage.tsx') },
] as const satisfies readonly PageRoute[];

export type PrivacyPattern = (typeof privacyRoutes)[number]['path'];
