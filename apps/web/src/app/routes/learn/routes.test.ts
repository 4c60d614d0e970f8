import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@bullpen/contract/routes';
import { articleQueryOptions } from '@/features/learn/api/articles-queries.ts';
import { createTestQueryClient } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import type { Destination } from '../page-route.tsx';
import { publicLearnRoutes } from './routes.ts';

const lesson = { kind: 'lesson', alias: 'ways-to-earn', title: 'Ways to earn' };
const flyer = { kind: 'blog', alias: 'saving-for-a-bike', title: 'Saving for a bike' };

const prefetchOf = (path: string) => {
  const prefetch = publicLearnRoutes.find((route) => route.path === path)?.prefetch;
  if (!prefetch) throw new Error(`${path} has no prefetch`);
  return prefetch;
};
const at = (alias: string): Destination => ({
  params: { alias },
  url: new URL(`/public/x/${alias}`, 'http://localhost'),
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prefetching the public articles', () => {
  it('asks for a lesson’s or a flyer’s text as the page’s code downloads', async () => {
    stubApi((method, path) => {
      if (path === api.publicLesson.build({ alias: lesson.alias }))
        return { status: 200, body: lesson };
      if (path === api.flyer.build({ alias: flyer.alias })) return { status: 200, body: flyer };
      return undefined;
    });
    const client = createTestQueryClient();
    await prefetchOf('lessons/:alias')(client, at(lesson.alias));
    await prefetchOf('blogs/:alias')(client, at(flyer.alias));
    expect(client.getQueryData(articleQueryOptions('lesson', lesson.alias).queryKey)).toEqual(
      lesson,
    );
    expect(client.getQueryData(articleQueryOptions('blog', flyer.alias).queryKey)).toEqual(flyer);
  });

  it('asks nothing for an alias that is not a slug (the page sends it to the 404 page)', async () => {
    const fetch = stubApi(() => undefined);
    await prefetchOf('lessons/:alias')(createTestQueryClient(), at('Not a slug!'));
    expect(fetch).not.toHaveBeenCalled();
  });
});
