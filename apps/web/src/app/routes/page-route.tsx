import { Suspense, lazy, useLayoutEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { Navigate, matchRoutes, useLocation, useParams } from 'react-router';
import type { Params, RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { routeParamsAreValid } from '@bullpen/contract/route-params';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { LoadingBar } from '@/components/Progress.tsx';
import { nextTask } from '@/lib/next-task.ts';

/** What a page's chunk exports: its page as `Component`. */
export type PageModule = { Component: ComponentType };

/** Where a navigation is going: the route's params and the whole URL. */
export type Destination = { params: Params; url: URL };

/**
 * Starts a page's first requests on navigation, beside the download of the page's code instead
 * of after it (issue #13: on a slow network the page's title waited for its chunks, then for its
 * data). Its promise is never awaited and its failure is ignored: the page's own queries pick up
 * what has arrived, or ask again.
 */
export type Prefetch = (client: QueryClient, destination: Destination) => Promise<unknown>;

/** A page of the app: its path, its code (a chunk of its own) and what it may prefetch. */
export type PageRoute = {
  path: string;
  lazy: () => Promise<PageModule>;
  prefetch?: Prefetch;
};

/** Shown at the top of the page while a page's code and words download. */
function PageLoading() {
  const { t } = useTranslation();
  return <LoadingBar label={t('loadingPage')} top />;
}

type RoutePageProps = {
  Page: ComponentType;
  /** The page's component when `loadFirstPage` has already loaded it. */
  loaded: () => ComponentType | undefined;
  prefetch?: Prefetch;
  checkParams: boolean;
};

/**
 * One page on its route: with `checkParams`, a path with a malformed id (`/contest/abc`,
 * `/contest/0`) or order type (`/place-order/HOLD/2/1`), or a param the contest's rules do not
 * know, goes to the 404 page before anything loads; otherwise the page's requests start
 * (`prefetch`) as its code downloads.
 */
function RoutePage({ Page, loaded, prefetch, checkParams }: RoutePageProps) {
  // Chosen when the page mounts, so a page that mounted lazy is never swapped mid-visit. React
  // keeps this instance on a navigation to another page route: that page is its own.
  const [first] = useState(() => ({ Page, Loaded: loaded() }));
  const Loaded = first.Page === Page ? first.Loaded : undefined;
  const params = useParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const valid = !checkParams || routeParamsAreValid(params);
  // Once per navigation (the location's key), right after the first render has asked for the code.
  useLayoutEffect(() => {
    if (!valid || !prefetch) return;
    const url = new URL(location.pathname + location.search, window.location.origin);
    prefetch(queryClient, { params, url }).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a navigation is what counts
  }, [location.key]);
  if (!valid) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <Suspense fallback={<PageLoading />}>{Loaded ? <Loaded /> : <Page />}</Suspense>;
}

/** What `loadFirstPage` finds on a page's route (its `handle`). */
type FirstPageHandle = {
  firstPage: {
    /** Loads the page's code and words, and keeps its component for the route's first render. */
    preload: () => Promise<void>;
    prefetch?: Prefetch;
    checkParams: boolean;
  };
};

/**
 * The route of a page: its code loads on the first visit, then renders at once. The signed-in
 * pages check their params (`checkParams`); a public page's params (an article's alias, a
 * certificate's code) are the page's to answer.
 */
export function pageRoute(
  { path, lazy: load, prefetch }: PageRoute,
  { checkParams = false }: { checkParams?: boolean } = {},
): RouteObject {
  let loaded: ComponentType | undefined;
  const Page = lazy(async () => {
    const { Component } = await load();
    // The page's first render in a task of its own, not in the one that ran its chunks' code
    // (issue #13: one long task fewer on a school laptop, between which a tap is answered).
    await nextTask();
    return { default: Component };
  });
  const preload = async () => {
    loaded = (await load()).Component;
  };
  const handle: FirstPageHandle = { firstPage: { preload, prefetch, checkParams } };
  return {
    path,
    handle,
    element: (
      <RoutePage Page={Page} loaded={() => loaded} prefetch={prefetch} checkParams={checkParams} />
    ),
  };
}

/**
 * The first page of a visit, loaded before the app's first render, beside i18next's start: its
 * code and words, and the first requests it prefetches (as on a navigation). The first paint is
 * then the whole page with its first data, not a header over a loading bar that the page, then
 * its data, replace in long tasks of their own (issue #13). A signed-in page is loaded only with
 * a session (`signedIn`), and one with bad params not at all: those go elsewhere. Resolves when
 * all of it is in, at most after `waitMs`; never rejects: a page whose code fails to load is left
 * to its route, which shows the error, and a failed request to the page's own query.
 */
export async function loadFirstPage(
  routes: RouteObject[],
  client: QueryClient,
  { url, signedIn, waitMs }: { url: URL; signedIn: boolean; waitMs: number },
): Promise<void> {
  const match = matchRoutes(routes, url.pathname)
    ?.filter(({ route }) => (route.handle as Partial<FirstPageHandle> | undefined)?.firstPage)
    .at(-1);
  if (!match) return;
  const { preload, prefetch, checkParams } = (match.route.handle as FirstPageHandle).firstPage;
  if (checkParams && !(signedIn && routeParamsAreValid(match.params))) return;
  const ignore = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  const code = preload().catch(ignore);
  // The requests start in a task of their own: the routes' matching and the code's preload
  // (a <link> per chunk) fill the one before (issue #13: shorter tasks on a school laptop).
  await nextTask();
  const data = prefetch?.(client, { params: match.params, url }).catch(ignore);
  await Promise.race([Promise.all([code, data]), deadline]);
  clearTimeout(timer);
}
