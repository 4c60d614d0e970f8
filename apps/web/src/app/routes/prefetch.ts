import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

/** The app's query client, handed over by `createAppRouter`; null where routes run without one (tests). */
let client: QueryClient | null = null;

export function setPrefetchClient(queryClient: QueryClient | null): void {
  client = queryClient;
}

/**
 * A route loader that starts the page's first requests on navigation, beside the download of
 * the page's code, instead of after it (issue #13: on a slow network the page's title waited
 * for its chunks, then for its data). It never waits and never fails the navigation: the page's
 * own queries pick up what has arrived, or ask again.
 */
export function prefetching(
  start: (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>,
): (args: LoaderFunctionArgs) => null {
  return (args) => {
    if (client) start(client, args).catch(() => undefined);
    return null;
  };
}

/** A positive whole number from a path parameter, or null (the page itself answers a bad one). */
export function idParam(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
}
