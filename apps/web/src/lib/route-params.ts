import { redirect, useParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { parseRouteParams, routeParamsAreValid } from '@bullpen/contract/route-params';
import type { RouteParamName, RouteParams } from '@bullpen/contract/route-params';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';

/**
 * Loader of every route with params: a malformed id (`/contest/abc`, `/contest/0`) or order
 * type (`/place-order/HOLD/2/1`) goes to the 404 page before the page loads anything.
 */
export function requireValidParams({ params }: Pick<LoaderFunctionArgs, 'params'>) {
  if (!routeParamsAreValid(params)) throw redirect(NOT_FOUND_PATH);
  return null;
}

/**
 * The current route's params, parsed by the same rules; null when one is malformed (then the
 * page renders `<Navigate to={NOT_FOUND_PATH} />`, though the loader has usually gone there).
 */
export function useRouteParams<const K extends RouteParamName>(
  ...names: K[]
): Pick<RouteParams, K> | null {
  return parseRouteParams(useParams(), names);
}
