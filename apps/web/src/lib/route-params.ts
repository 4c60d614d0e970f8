import { useParams } from 'react-router';
import { parseRouteParams } from '@bullpen/contract/route-params';
import type { RouteParamName, RouteParams } from '@bullpen/contract/route-params';

/**
 * The current route's params, parsed by the contract's rules; null when one is malformed (then
 * the page renders `<Navigate to={NOT_FOUND_PATH} />`, though its route has usually gone there:
 * `app/routes/page-route.tsx`).
 */
export function useRouteParams<const K extends RouteParamName>(
  ...names: K[]
): Pick<RouteParams, K> | null {
  return parseRouteParams(useParams(), names);
}
