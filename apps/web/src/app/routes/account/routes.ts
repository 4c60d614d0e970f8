import type { PageRoute } from '../page-route.tsx';

/** The signed-in user's own account: every role reaches it from the profile menu. */
export const accountRoutes = [
  { path: 'settings', lazy: () => import('./SettingsRoute.tsx') },
] as const satisfies readonly PageRoute[];

export type AccountPattern = (typeof accountRoutes)[number]['path'];
