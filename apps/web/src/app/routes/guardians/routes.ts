import type { PageRoute } from '../page-route.tsx';

/** The parent view: a guardian's page for one child, and a student's page of their parents. */
export const guardianRoutes = [
  {
    path: 'guardian/children/:id',
    lazy: () => import('@/features/guardians/pages/ChildPage.tsx'),
  },
  { path: 'parents', lazy: () => import('@/features/guardians/pages/MyParentsPage.tsx') },
] as const satisfies readonly PageRoute[];

export type GuardianPattern = (typeof guardianRoutes)[number]['path'];

/** The public page a guardian invitation's link opens (under /public, like parent-consent). */
export const publicGuardianRoutes = [
  {
    path: 'guardian-invitation',
    lazy: () => import('@/features/guardians/pages/AcceptInvitationPage.tsx'),
  },
] as const satisfies readonly PageRoute[];
