import type { SessionData } from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import { apiClient } from './api-client.ts';

/** The stored token's verification: one request per token, whoever asks first. */
let current: { token: string; request: Promise<SessionData>; data?: SessionData } | null = null;

/**
 * Verifies `token` (POST /api-token-verify/), or joins the request already made for it.
 * main.tsx starts it before the first render, beside the first page's code and data, so a
 * signed-in page paints once with its header and account (issue #13: the session's arrival
 * rendered the header and the page again after the first paint); the session provider then
 * takes the same request's answer.
 */
export function verifyToken(token: string): Promise<SessionData> {
  if (current?.token !== token) {
    const entry: NonNullable<typeof current> = {
      token,
      request: apiClient.post<SessionData>(api.verifyToken.build(), { token }, undefined, {
        auth: false,
      }),
    };
    entry.request.then(
      (data) => (entry.data = data),
      () => undefined,
    );
    current = entry;
  }
  return current.request;
}

/** The answer for `token`, if its verification has already succeeded. */
export function verifiedSession(token: string | null): SessionData | undefined {
  return token !== null && current?.token === token ? current.data : undefined;
}

/** Forgets the verification (a logout, a new login): the next one asks the server again. */
export function forgetVerification(): void {
  current = null;
}
