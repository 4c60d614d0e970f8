import { vi } from 'vitest';

/** What the stubbed server answers to one request. */
export interface StubAnswer {
  status: number;
  body: unknown;
}

/**
 * Replaces `fetch` with a server made of one function: it receives the method, the path (with
 * the query string when `withQuery`) and the parsed JSON body, and answers a status and body,
 * or nothing for a 404. A 204 has no body. Undo with `vi.unstubAllGlobals()`.
 */
export function stubApi(
  answer: (method: string, path: string, body: unknown) => StubAnswer | undefined,
  { withQuery = false }: { withQuery?: boolean } = {},
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = withQuery ? `${url.pathname}${url.search}` : url.pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const found = answer(method, path, body) ?? { status: 404, body: { error: 'Not found.' } };
    return new Response(found.status === 204 ? null : JSON.stringify(found.body), {
      status: found.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
