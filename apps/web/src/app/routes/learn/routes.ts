import { isSlug } from '@bullpen/contract/slug';
// Small, without schemas, in the entry: the article's request starts before its chunk arrives.
import { articleQueryOptions, type ArticleKind } from '@/features/learn/api/articles-queries.ts';
import type { PageRoute, Prefetch } from '../page-route.tsx';

/** An article page's text, beside its code; an alias that is not a slug goes to the 404 page. */
const prefetchArticle =
  (kind: ArticleKind): Prefetch =>
  async (client, { params }) => {
    const alias = params.alias ?? '';
    if (isSlug(alias)) await client.prefetchQuery(articleQueryOptions(kind, alias));
  };

/** The signed-in learn route: the catalogue, a course and a lesson all live on /lessons. */
export const learnRoutes = [
  { path: 'lessons', lazy: () => import('./LessonsRoute.tsx') },
] as const satisfies readonly PageRoute[];

export type LearnPattern = (typeof learnRoutes)[number]['path'];

/**
 * The public learn pages: the preview catalogue and the article pages (spec section 2), whose
 * text is asked for as their code downloads.
 */
export const publicLearnRoutes: PageRoute[] = [
  {
    path: 'preview-courses',
    lazy: () => import('@/features/learn/pages/PreviewCoursesPage.tsx'),
  },
  { path: 'glossary', lazy: () => import('@/features/learn/pages/GlossaryPage.tsx') },
  {
    path: 'blogs/:alias',
    prefetch: prefetchArticle('blog'),
    lazy: async () => ({
      Component: (await import('@/features/learn/pages/ArticlePage.tsx')).BlogArticlePage,
    }),
  },
  {
    path: 'lessons/:alias',
    prefetch: prefetchArticle('lesson'),
    lazy: () => import('./PublicLessonRoute.tsx'),
  },
];
