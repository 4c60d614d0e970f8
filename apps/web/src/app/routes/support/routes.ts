import type { PageRoute } from '../page-route.tsx';
import { supportPaths } from '@bullpen/contract/routes';

/** The public support pages of spec section 2: help topics with the support form, and contact. */
export const publicSupportRoutes: PageRoute[] = [
  { path: 'support', lazy: () => import('@/features/support/pages/SupportPage.tsx') },
  { path: 'contact-us', lazy: () => import('@/features/support/pages/ContactUsPage.tsx') },
];

/** The staff inbox: signed in (the page and the API refuse anyone but staff). */
export const supportRoutes: PageRoute[] = [
  {
    path: supportPaths.inbox.slice(1),
    lazy: () => import('@/features/support/pages/SupportInboxPage.tsx'),
  },
];
