import type { PageRoute } from '../page-route.tsx';

/** The signed-in learn route: the catalogue, a course and a lesson all live on /lessons. */
export const learnRoutes = [
  { path: 'lessons', lazy: () => import('@/features/learn/pages/LessonsPage.tsx') },
] as const satisfies readonly PageRoute[];

export type LearnPattern = (typeof learnRoutes)[number]['path'];

/** The public learn pages: the preview catalogue and the article pages (spec section 2). */
export const publicLearnRoutes: PageRoute[] = [
  {
    path: 'preview-courses',
    lazy: () => import('@/features/learn/pages/PreviewCoursesPage.tsx'),
  },
  {
    path: 'blogs/:alias',
    lazy: async () => ({
      Component: (await import('@/features/learn/pages/ArticlePage.tsx')).BlogArticlePage,
    }),
  },
  {
    path: 'lessons/:alias',
    lazy: async () => ({
      Component: (await import('@/features/learn/pages/ArticlePage.tsx')).PublicLessonPage,
    }),
  },
];
