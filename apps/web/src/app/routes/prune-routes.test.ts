import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { routes } from '../router.tsx';
import { pruneRoutes, routePatterns, routesForPath } from './prune-routes.ts';

/** A pattern made a path: each parameter a value, a splat some segments. */
const fill = (pattern: string, value: string) =>
  pattern.replace(/:[A-Za-z_]+\??/g, value).replace(/\*$/, 'a/b');

/** What a match is, without the route objects' identity (the cut tree copies the parents). */
const summary = (pathname: string, tree: RouteObject[]) =>
  matchRoutes(tree, pathname)?.map(({ route, params, pathname: matched }) => ({
    path: route.path,
    index: route.index ?? false,
    params,
    matched,
  })) ?? null;

describe('pruneRoutes', () => {
  const all = routePatterns(routes);
  const paths = [
    ...all.flatMap((pattern) => [
      fill(pattern, '7'),
      fill(pattern, 'abc'),
      `${fill(pattern, '12')}/`,
      fill(pattern, '7').toUpperCase(),
      `${fill(pattern, '7')}/extra`,
    ]),
    '/',
    '',
    '/public',
    '/public/',
    '/PUBLIC/Home',
    '/public/h%6Fme',
    '/nowhere',
    '/nowhere/at/all',
    '/public/nowhere',
    '/contest',
    '/contest/%E2%82%AC',
    '/%E0%A4%A',
    '//public//home',
    '/errors/error-404',
  ];

  it('has the app’s routes to check', () => {
    expect(all.length).toBeGreaterThan(30);
  });

  it('matches every path of the app, and others, as the whole tree does', () => {
    const forPath = routesForPath(routes);
    for (const pathname of paths) {
      expect(summary(pathname, forPath(pathname)), pathname).toEqual(summary(pathname, routes));
    }
  });

  it('leaves out the sections a path cannot be in', () => {
    const count = (tree: RouteObject[]): number =>
      tree.reduce((sum, route) => sum + 1 + (route.children ? count(route.children) : 0), 0);
    const kept = count(pruneRoutes(routes, ['my-contests']));
    expect(kept).toBeLessThan(count(routes) / 4);
    expect(summary('/my-contests', pruneRoutes(routes, ['my-contests']))?.at(-1)?.path).toBe(
      'my-contests',
    );
  });

  it('gives the same objects for the paths of one section', () => {
    const forPath = routesForPath(routes);
    expect(forPath('/contest/1')).toBe(forPath('/contest/2'));
    expect(forPath('/public/home')).not.toBe(forPath('/public/login'));
    expect(forPath('/%E0%A4%A')).toBe(routes);
  });
});
