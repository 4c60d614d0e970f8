import { learnMessages } from '@bullpen/contract/learn';
import type { Executor } from '../db/connection.ts';
import {
  findPublicLesson,
  publicLessonPage,
  publicLessonSlugs,
  type PublicLesson,
} from '../learn/service.ts';
import { ContentError } from '../platform/content-files.ts';
import { notFound } from '../platform/errors.ts';
import { articleLinkProblems, readArticles, type ArticleSource } from './articles.ts';

/**
 * The external content service (spec section 7): the flyers come from the article files, held
 * in memory; the public lessons are learn's live lessons, asked through learn's service.
 */
export type ArticleStore = {
  all: readonly ArticleSource[];
  byAlias: ReadonlyMap<string, ArticleSource>;
};

/**
 * Reads the articles of `root` and checks their links (a Bullpen path must be a real page:
 * a route, a live lesson or another article); throws ContentError with every problem.
 */
export async function loadArticles(db: Executor, root: string): Promise<ArticleStore> {
  const all = readArticles(root);
  const problems = articleLinkProblems(all, await publicLessonSlugs(db));
  if (problems.length > 0) throw new ContentError(problems);
  return { all, byAlias: new Map(all.map((article) => [article.front.alias, article])) };
}

export function requireFlyer(store: ArticleStore, alias: string): ArticleSource {
  const article = store.byAlias.get(alias);
  if (!article) throw notFound(learnMessages.articleNotFound);
  return article;
}

export async function publicLessons(
  db: Executor,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: PublicLesson[] }> {
  return publicLessonPage(db, window);
}

export async function requirePublicLesson(db: Executor, alias: string): Promise<PublicLesson> {
  const found = await findPublicLesson(db, alias);
  if (!found) throw notFound(learnMessages.articleNotFound);
  return found;
}
