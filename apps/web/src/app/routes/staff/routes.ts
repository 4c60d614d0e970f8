import type { PageRoute } from '../page-route.tsx';

/** Account pages of the signed-in area: staff's (the API refuses anyone else), and consent. */
export const staffRoutes: PageRoute[] = [
  { path: 'staff/teachers', lazy: () => import('@/features/auth/pages/StaffTeachersPage.tsx') },
  { path: 'staff/users', lazy: () => import('@/features/auth/pages/StaffUsersPage.tsx') },
  { path: 'staff/audit-log', lazy: () => import('@/features/auth/pages/StaffAuditLogPage.tsx') },
  // Where an under-13 waits for a parent's consent (app/layout/AppLayout.tsx leads there).
  {
    path: 'consent-pending',
    lazy: () => import('@/features/auth/pages/ConsentPendingPage.tsx'),
  },
];
