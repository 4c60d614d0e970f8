import type { SessionData } from '@bullpen/contract/auth';
import { api } from '@bullpen/contract/routes';
import { apiClient } from './api-client.ts';

/** A stored token's check with the server, and its answer once it has one. */
export interface SessionCheck {
  token: string;
  answer: Promise<SessionData>;
  settled?: { data: SessionData } | { error: unknown };
}

let started: SessionCheck | null = null;

/**
 * Starts the check of the stored token (the verify-token request) before the app's first render,
 * beside the first page's code and data, so that a signed-in visit's first render already has
 * its account: the header and the page are drawn once, not again in a task of their own when the
 * answer comes (issue #13). Resolves when the server has answered, either way.
 */
export function startSessionCheck(token: string): Promise<void> {
  const answer = apiClient.post<SessionData>(api.verifyToken.build(), { token }, undefined, {
    auth: false,
  });
  const check: SessionCheck = { token, answer };
  started = check;
  return answer.then(
    (data) => {
      check.settled = { data };
    },
    (error: unknown) => {
      check.settled = { error };
    },
  );
}

/**
 * The check started for this token, answered or not, handed over once: the session provider
 * takes it instead of asking again. Another token's check, or none, is `null`.
 */
export function takeSessionCheck(token: string | null): SessionCheck | null {
  const check = started;
  started = null;
  return check && check.token === token ? check : null;
}
