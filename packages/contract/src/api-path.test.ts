import { describe, expect, expectTypeOf, it } from 'vitest';
import { paramNames, path, withQuery } from './api-path.ts';
import { api } from './routes.ts';

describe('path', () => {
  it('gives the Fastify pattern and a builder from one definition', () => {
    const contest = path('/api/contests/:id/');
    expect(contest.pattern).toBe('/api/contests/:id/');
    expect(contest.build({ id: 42 })).toBe('/api/contests/42/');
    expect(contest.build({ id: '7' })).toBe('/api/contests/7/');
  });

  it('keeps the exact spelling, with or without a trailing slash', () => {
    expect(api.freezeContest.build({ id: 3 })).toBe('/api/contests/3/freeze');
    expect(api.sector.build({ id: 3 })).toBe('/api/sectors/3');
    expect(api.health.build()).toBe('/api/health');
    expect(api.login.build()).toBe('/api-token-auth/');
  });

  it('fills several params and encodes them', () => {
    const nested = path('/api/classrooms/:id/lessons/:lessonId/');
    expect(nested.build({ id: 1, lessonId: 'a b/c' })).toBe('/api/classrooms/1/lessons/a%20b%2Fc/');
    expect(paramNames(nested.pattern)).toEqual(['id', 'lessonId']);
  });

  it('types the params from the pattern', () => {
    expectTypeOf(api.contest.build).parameters.toEqualTypeOf<
      [params: { readonly id: number | string }]
    >();
    expectTypeOf(api.contests.build).parameters.toEqualTypeOf<[]>();
    // @ts-expect-error: the pattern has no `contestId` param.
    expect(() => api.contest.build({ contestId: 1 })).toThrow('Missing the "id" param');
  });

  it('refuses a missing param and a malformed pattern', () => {
    const loose = api.contest as unknown as { build: (params: object) => string };
    expect(() => loose.build({})).toThrow('Missing the "id" param of /api/contests/:id/');
    expect(() => loose.build({ id: '' })).toThrow('Missing the "id" param');
    expect(() => path('api/contests/')).toThrow('Malformed');
    expect(() => path('/api//contests/')).toThrow('Malformed');
    expect(() => path('/api/contests/?page=1')).toThrow('Malformed');
  });
});

describe('the api paths', () => {
  const patterns = Object.values(api).map((entry) => entry.pattern);

  it('writes no path twice', () => {
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('are all absolute API paths', () => {
    for (const pattern of patterns) expect(pattern).toMatch(/^\/(api[/-]|ws$)/);
  });
});

describe('withQuery', () => {
  it('appends the defined values only', () => {
    expect(withQuery('/api/contests/', { type: 'public', page: undefined, page_size: 100 })).toBe(
      '/api/contests/?type=public&page_size=100',
    );
    expect(withQuery('/api/contests/', {})).toBe('/api/contests/');
    expect(withQuery('/api/news/', new URLSearchParams({ search: 'a&b' }))).toBe(
      '/api/news/?search=a%26b',
    );
  });
});
