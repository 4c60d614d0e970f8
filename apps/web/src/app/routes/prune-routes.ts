import type { RouteObject } from 'react-router';

const isStatic = (part: string) => !/^[:*]|\?$/.test(part);

/** Every route's full path pattern (`/public/lessons/:alias`), its parents' paths joined. */
export function routePatterns(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
    return [path || '/', ...(route.children ? routePatterns(route.children, path) : [])];
  });
}

/**
 * The routes that can match a path whose first segments are `segments` (decoded, any case):
 * routes whose path starts with another static segment are left out, with their children.
 * React Router flattens and ranks every route, and compiles a pattern for each one it tries, on
 * every match (`useRoutes` matches on each render of the app's routes): over all of this app's
 * pages that was 2–5 ms of each navigation's task on this machine, 6–7 times that on a school
 * laptop (issue #13). What is left out could not have matched, so the match is the same.
 */
export function pruneRoutes(routes: RouteObject[], segments: readonly string[]): RouteObject[] {
  return routes.flatMap((route) => {
    if (route.index || route.path === undefined) {
      return route.children
        ? [{ ...route, children: pruneRoutes(route.children, segments) }]
        : [route];
    }
    // An absolute path (none in this app) is compared by React Router as a whole: keep it.
    if (route.path.startsWith('/')) return [route];
    const own = route.path.split('/').filter(Boolean);
    for (const [index, part] of own.entries()) {
      // A parameter, a splat or an optional segment: anything may follow, keep it all.
      if (index >= segments.length || !isStatic(part)) return [route];
      if (part.toLowerCase() !== segments[index]) return [];
    }
    return route.children
      ? [{ ...route, children: pruneRoutes(route.children, segments.slice(own.length)) }]
      : [route];
  });
}

/** The path's segments as React Router compares them: decoded, in lower case. */
function decodedSegments(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment).toLowerCase());
  } catch {
    return undefined; // a malformed escape: React Router gets the whole tree, as before
  }
}

/**
 * `pruneRoutes` for a pathname, kept per section: the same pruned tree (the same objects) for
 * every path of a page, so the routes `useRoutes` gets change only between sections. A section
 * is the path's first segment, and its second where some route has a second static segment there
 * (`/public/login`), never an id.
 */
export function routesForPath(routes: RouteObject[]): (pathname: string) => RouteObject[] {
  const twoDeep = new Set(
    routePatterns(routes)
      .map((pattern) => pattern.split('/').filter(Boolean))
      .filter(([first, second]) => first && second && isStatic(first) && isStatic(second))
      .map(([first]) => first!.toLowerCase()),
  );
  const cache = new Map<string, RouteObject[]>();
  return (pathname) => {
    const segments = decodedSegments(pathname);
    if (!segments) return routes;
    const section = segments.slice(0, segments[0] && twoDeep.has(segments[0]) ? 2 : 1);
    const key = section.join('/');
    let pruned = cache.get(key);
    if (!pruned) {
      pruned = pruneRoutes(routes, section);
      cache.set(key, pruned);
    }
    return pruned;
  };
}
