import { Suspense, lazy, useLayoutEffect } from 'react';
import type { ComponentType } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import type { Params, RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { routeParamsAreValid } from '@bullpen/contract/route-params';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { LoadingBar } from '@/components/Progress.tsx';

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

/** Resolves in a later task of the event loop, once the browser has had a turn. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

/** Shown at the top of the page while a page's code and words download. */
function PageLoading() {
  const { t } = useTranslation();
  return <LoadingBar label={t('loadingPage')} top />;
}

type RoutePageProps = { Page: ComponentType; prefetch?: Prefetch; checkParams: boolean };

/**
 * One page on its route: with `checkParams`, a path with a malformed id (`/contest/abc`,
 * `/contest/0`) or order type (`/place-order/HOLD/2/1`), or a param the contest's rules do not
 * know, goes to the 404 page before anything loads; otherwise the page's requests start
 * (`prefetch`) as its code downloads.
 */
function RoutePage({ Page, prefetch, checkParams }: RoutePageProps) {
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
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/**
 * The route of a page: its code loads on the first visit, then renders at once. The signed-in
 * pages check their params (`checkParams`); a public page's params (an article's alias, a
 * certificate's code) are the page's to answer.
 */
export function pageRoute(
  { path, lazy: load, prefetch }: PageRoute,
  { checkParams = false }: { checkParams?: boolean } = {},
): RouteObject {
  const Page = lazy(async () => {
    const { Component } = await load();
    // The page's first render in a task of its own, not in the one that ran its chunks' code
    // (issue #13: one long task fewer on a school laptop, between which a tap is answered).
    await nextTask();
    return { default: Component };
  });
  return { path, element: <RoutePage Page={Page} prefetch={prefetch} checkParams={checkParams} /> };
}
