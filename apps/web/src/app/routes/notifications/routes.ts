import type { PageRoute } from '../page-route.tsx';

/** /notifications: every signed-in user's notifications (the header's bell leads here). */
export const notificationRoutes = [
  {
    path: 'notifications',
    lazy: () => import('@/features/notifications/pages/NotificationsPage.tsx'),
  },
] as const satisfies readonly PageRoute[];

export type NotificationPattern = (typeof notificationRoutes)[number]['path'];
