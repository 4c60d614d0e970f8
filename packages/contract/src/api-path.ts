/**
 * API paths, written once (docs/architecture.md section 1): the server registers `pattern` (Fastify's
 * `/api/contests/:id/`) and the web app calls `build({ id })`, from the same definition, so the
 * two cannot drift. A path keeps its exact spelling, trailing slash or not.
 */

/** The `:name` params of a path pattern, as a union of names. */
export type PathParamNames<Pattern extends string> =
  Pattern extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParamNames<`/${Rest}`>
    : Pattern extends `${string}:${infer Name}`
      ? Name
      : never;

export type PathParams<Pattern extends string> = {
  readonly [Name in PathParamNames<Pattern>]: number | string;
};

/** A path without params builds with no argument; one with params needs every one of them. */
type BuildArgs<Pattern extends string> = [PathParamNames<Pattern>] extends [never]
  ? []
  : [params: PathParams<Pattern>];

export interface ApiPath<Pattern extends string = string> {
  /** The route pattern Fastify registers, `:name` for each param. */
  readonly pattern: Pattern;
  /** The path with every param filled in (URI-encoded), ready to request. */
  build(...params: BuildArgs<Pattern>): string;
}

const PARAM = /:([A-Za-z][A-Za-z0-9]*)/g;
const WELL_FORMED =
  /^\/(?:[\w.-]+|:[A-Za-z][A-Za-z0-9]*)?(?:\/(?:[\w.-]+|:[A-Za-z][A-Za-z0-9]*))*\/?$/;

export function path<const Pattern extends string>(pattern: Pattern): ApiPath<Pattern> {
  if (!WELL_FORMED.test(pattern)) throw new Error(`Malformed API path pattern: ${pattern}`);
  return {
    pattern,
    build(...args: BuildArgs<Pattern>): string {
      const params = (args[0] ?? {}) as Readonly<Record<string, number | string | undefined>>;
      return pattern.replace(PARAM, (_match, name: string) => {
        const value = params[name];
        if (value === undefined || value === '') {
          throw new Error(`Missing the "${name}" param of ${pattern}`);
        }
        return encodeURIComponent(String(value));
      });
    },
  };
}

/** The param names of a pattern, in order (for checks and docs). */
export function paramNames(pattern: string): string[] {
  return [...pattern.matchAll(PARAM)].map((match) => match[1] ?? '');
}

/** `path?key=value&…`, leaving out undefined values. */
export function withQuery(
  built: string,
  query: URLSearchParams | Readonly<Record<string, string | number | boolean | undefined>>,
): string {
  const search = new URLSearchParams(query instanceof URLSearchParams ? query : undefined);
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `${built}?${text}` : built;
}
