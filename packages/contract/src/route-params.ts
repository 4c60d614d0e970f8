import { MAX_ID, ORDER_SIDES } from './constants.ts';

/**
 * The params of the web app's routes (spec section 2), read one way everywhere: every id is a
 * whole number from 1 to 2147483647 (a PostgreSQL `integer`), and `orderType` is BUY or SELL.
 * A route with anything else in its path shows the 404 page.
 *
 * These are the API's rules for an id and an order side (`idField` and `orderSide`, which
 * route-params.test.ts holds them to), written without zod: every page with an id in its path
 * runs them, and zod would be a first-load cost of each of those pages.
 */
type OrderSide = (typeof ORDER_SIDES)[number];

/**
 * An id in a path segment or a query value, as `idField` reads text: up to 12 digits, then 1
 * to MAX_ID; null for anything else.
 */
export function parseId(value: string): number | null {
  if (!/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

function parseOrderSide(value: string): OrderSide | null {
  return (ORDER_SIDES as readonly string[]).includes(value) ? (value as OrderSide) : null;
}

const routeParamParsers = {
  id: parseId,
  userId: parseId,
  contestId: parseId,
  securityId: parseId,
  orderType: parseOrderSide,
} as const;

export type RouteParamName = keyof typeof routeParamParsers;
export type RouteParams = {
  [K in RouteParamName]: NonNullable<ReturnType<(typeof routeParamParsers)[K]>>;
};

type RawParams = Readonly<Record<string, string | undefined>>;

function isRouteParamName(name: string): name is RouteParamName {
  return Object.hasOwn(routeParamParsers, name);
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
    const result = routeParamParsers[name](value);
    if (result === null) return null;
    parsed[name] = result;
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
