import type { PageRoute } from '../page-route.tsx';

/** The signed-in classroom pages (spec section 2), and Admin's /assessment for teachers. */
export const classroomRoutes = [
  {
    path: 'create-classroom',
    lazy: () => import('@/features/classrooms/pages/CreateClassroomPage.tsx'),
  },
  {
    path: 'join-classroom',
    lazy: () => import('@/features/classrooms/pages/JoinClassroomPage.tsx'),
  },
  { path: 'my-classrooms', lazy: () => import('@/features/classrooms/pages/MyClassroomsPage.tsx') },
  { path: 'classroom/:id', lazy: () => import('./ClassroomRoute.tsx') },
  { path: 'assessment', lazy: () => import('@/features/classrooms/pages/AssessmentPage.tsx') },
] as const satisfies readonly PageRoute[];

export type ClassroomPattern = (typeof classroomRoutes)[number]['path'];

/** The public check of a certificate's verification code. */
export const publicClassroomRoutes: PageRoute[] = [
  {
    path: 'certificates/:code',
    lazy: () => import('@/features/classrooms/pages/CertificateVerifyPage.tsx'),
  },
];
