import { queryOptions } from '@tanstack/react-query';
import type { Article } from '@bullpen/contract/learn';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

export type ArticleKind = Article['kind'];

/**
 * A public article: a flyer (/public/blogs/:alias) or a public lesson (/public/lessons/:alias).
 * Small and without schemas, so the route's prefetch can start it from the entry.
 */
export const articleQueryOptions = (kind: ArticleKind, alias: string) =>
  queryOptions({
    queryKey: ['content', kind, alias],
    queryFn: ({ signal }) =>
      apiClient.get<Article>(
        kind === 'blog' ? api.flyer.build({ alias }) : api.publicLesson.build({ alias }),
        undefined,
        { signal, auth: false },
      ),
    enabled: alias !== '',
  });
