const PROBE_ORIGIN = 'http://bullpen.invalid';

/**
 * Only same-site paths may be followed from a query string (no open redirects). Anything
 * else — another site (`https://…`, `//…`, `/\t/…` which browsers read as `//…`), or a path
 * with a malformed escape (`%E0%A4%A`) — gives null, and the caller falls back to home.
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return null;
    // The router decodes paths; one that cannot be decoded must not reach it.
    decodeURIComponent(url.pathname);
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
