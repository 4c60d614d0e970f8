import type { z } from 'zod';
import { orderSide } from './trading.ts';
import { idField } from './input.ts';

/**
 * The params of the web app's routes (spec section 2), read one way everywhere: every id is a
 * whole number from 1 to 2147483647 (a PostgreSQL `integer`), and `orderType` is BUY or SELL.
 * A route with anything else in its path shows the 404 page.
 */
export const routeParamSchemas = {
  id: idField,
  userId: idField,
  contestId: idField,
  securityId: idField,
  orderType: orderSide,
} as const;

export type RouteParamName = keyof typeof routeParamSchemas;
export type RouteParams = { [K in RouteParamName]: z.output<(typeof routeParamSchemas)[K]> };

type RawParams = Readonly<Record<string, string | undefined>>;

function isRouteParamName(name: string): name is RouteParamName {
  return Object.hasOwn(routeParamSchemas, name);
}

/** The named params of a route, parsed; null when one is missing or malformed. */
export function parseRouteParams<const K extends RouteParamName>(
  params: RawParams,
  names: readonly K[],
): Pick<RouteParams, K> | null {
  const parsed: Partial<Record<RouteParamName, unknown>> = {};
  for (const name of names) {
    const value = params[name];
    if (value === undefined) return null;
    const result = routeParamSchemas[name].safeParse(value);
    if (!result.success) return null;
    parsed[name] = result.data;
  }
  return parsed as Pick<RouteParams, K>;
}

/**
 * Whether every param of a matched URL is well formed, by its name. A param name this module
 * does not know is refused too, so a new route cannot skip the check by accident. The splat
 * (`*`) of a catch-all route is not a param of this kind.
 */
export function routeParamsAreValid(params: RawParams): boolean {
  return Object.keys(params).every((name) => {
    if (name === '*') return true;
    if (!isRouteParamName(name)) return false;
    return parseRouteParams(params, [name]) !== null;
  });
}
