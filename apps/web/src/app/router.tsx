import { Navigate, Outlet, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { NOT_FOUND_PATH, publicPaths } from '@bullpen/contract/routes';
import { SessionProvider } from '@/lib/session.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { LogoutRoute } from './routes/LogoutRoute.tsx';
import { RouteErrorBoundary } from './routes/RouteError.tsx';
import { publicComingSoon, signedInComingSoon } from './routes/coming-soon.ts';
import type { ComingSoonPage } from '@/components/ComingSoon.tsx';
import { accountRoutes } from './routes/account/routes.ts';
import { budgetRoutes } from './routes/budget/routes.ts';
import { toolsRoutes } from './routes/tools/routes.ts';
import { withCatalogues } from './routes/catalogues.ts';
import { classroomRoutes, publicClassroomRoutes } from './routes/classrooms/routes.ts';
import { contestRoutes, orderTicketRoutes } from './routes/contests/routes.ts';
import { zogoRoutes } from './routes/zogo/routes.ts';
import { guardianRoutes, publicGuardianRoutes } from './routes/guardians/routes.ts';
import { homeRoutes } from './routes/home/routes.ts';
import { notificationRoutes } from './routes/notifications/routes.ts';
import { learnRoutes, publicLearnRoutes } from './routes/learn/routes.ts';
import { publicMarketRoutes } from './routes/market/routes.ts';
import { pageRoute } from './routes/page-route.tsx';
import { routesForPath } from './routes/prune-routes.ts';
import type { PageRoute } from './routes/page-route.tsx';
import { RequireToken } from './routes/require-token.tsx';
import { rewardRoutes } from './routes/rewards/routes.ts';
import { privacyRoutes } from './routes/privacy/routes.ts';
import { staffRoutes } from './routes/staff/routes.ts';
import { publicSupportRoutes, supportRoutes } from './routes/support/routes.ts';

function Root() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}

const toHome = <Navigate to={publicPaths.home} replace />;

/** A page whose feature comes later, loaded like every other page (its chip is not in the entry). */
function comingSoonRoute([path, page]: [string, ComingSoonPage]): PageRoute {
  return {
    path,
    lazy: async () => {
      const { ComingSoon } = await import('@/components/ComingSoon.tsx');
      return { Component: () => <ComingSoon key={path} page={page} /> };
    },
  };
}

/** The catalogues a classroom page may show: the class's tabs each have their own. */
export const classroomCatalogues = [
  'classrooms',
  'assignments',
  'board',
  'certificates',
  'resumes',
  'redeem',
] as const;

const publicPages: PageRoute[] = [
  ...withCatalogues(
    ['home'],
    [{ path: 'home', lazy: () => import('@/features/home/HomePage.tsx') }],
  ),
  ...withCatalogues(['market'], publicMarketRoutes),
  ...withCatalogues(
    ['auth'],
    [
      { path: 'login', lazy: () => import('@/features/auth/pages/LoginPage.tsx') },
      { path: 'signup', lazy: () => import('@/features/auth/pages/SignupPage.tsx') },
      { path: 'signup-teacher', lazy: () => import('@/features/auth/pages/SignupTeacherPage.tsx') },
      { path: 'reset-password', lazy: () => import('@/features/auth/pages/ResetPasswordPage.tsx') },
      {
        path: 'email-verification',
        lazy: () => import('@/features/auth/pages/EmailVerificationPage.tsx'),
      },
      { path: 'parent-consent', lazy: () => import('@/features/auth/pages/ParentConsentPage.tsx') },
    ],
  ),
  ...withCatalogues(['learn'], publicLearnRoutes),
  ...withCatalogues(['support'], publicSupportRoutes),
  ...withCatalogues(
    ['accessibility'],
    [
      {
        path: 'accessibility',
        lazy: () => import('@/features/accessibility/AccessibilityPage.tsx'),
      },
    ],
  ),
  ...withCatalogues(classroomCatalogues, publicClassroomRoutes),
  ...withCatalogues(['guardians'], publicGuardianRoutes),
  ...Object.entries(publicComingSoon).map(comingSoonRoute),
];

const signedInPages: PageRoute[] = [
  ...withCatalogues(['home'], homeRoutes),
  ...withCatalogues(['notifications'], notificationRoutes),
  ...withCatalogues(['contests', 'market'], contestRoutes),
  ...withCatalogues(['contests'], orderTicketRoutes),
  ...withCatalogues(['learn'], learnRoutes),
  ...withCatalogues(['support'], supportRoutes),
  ...withCatalogues(['auth'], staffRoutes),
  // Staff's and teachers' roster imports; the login cards' words are the classrooms'.
  ...withCatalogues(
    ['rosters', 'classrooms'],
    [
      {
        path: 'rosters/import',
        lazy: () => import('@/features/classrooms/pages/RosterImportPage.tsx'),
      },
    ],
  ),
  ...withCatalogues(['auth', 'notifications'], accountRoutes),
  ...withCatalogues(['budget'], budgetRoutes),
  ...withCatalogues(['tools'], toolsRoutes),
  // The delete page's words are in auth, the data page's in privacy.
  ...withCatalogues(['auth', 'privacy'], privacyRoutes),
  ...withCatalogues(classroomCatalogues, classroomRoutes),
  ...withCatalogues(['earn'], zogoRoutes),
  ...withCatalogues(['redeem'], rewardRoutes),
  ...withCatalogues(['guardians'], guardianRoutes),
  ...Object.entries<ComingSoonPage>(signedInComingSoon).map(comingSoonRoute),
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { index: true, element: toHome },
      {
        element: <AppLayout />,
        children: [
          {
            path: 'public',
            children: [
              { index: true, element: toHome },
              ...publicPages.map((page) => pageRoute(page)),
            ],
          },
          pageRoute({
            path: NOT_FOUND_PATH.slice(1),
            lazy: () => import('@/features/errors/NotFoundPage.tsx'),
          }),
          // Not guarded: logging out without a session just lands on the login page.
          { path: 'logout', element: <LogoutRoute /> },
          // The token first (sign-up remembers the page), then each page checks its path's ids.
          {
            element: <RequireToken />,
            children: signedInPages.map((page) => pageRoute(page, { checkParams: true })),
          },
        ],
      },
      { path: '*', element: toHome },
    ],
  },
];

/** The routes that can match a pathname: the whole tree cut to the path's section. */
export const routesFor = routesForPath(routes);

/** The app's pages for the browser's URL (inside a `BrowserRouter`); an error shows `RouteError`. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>{useRoutes(routesFor(pathname))}</RouteErrorBoundary>
  );
}
