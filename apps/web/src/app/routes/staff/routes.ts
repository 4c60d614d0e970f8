import type { PageRoute } from '../page-route.tsx';

/** Staff pages: signed in (the page and the API refuse anyone but staff). */
export const staffRoutes: PageRoute[] = [
  { path: 'staff/teachers', lazy: () => import('@/features/auth/pages/StaffTeachersPage.tsx') },
];
