/**
 * A notice the login page shows above its form, carried in the navigation state by a page
 * that has just ended the session (an account deletion: "sign in before then to keep it").
 * It is the server's English message; the login page translates it.
 */
export type LoginNoticeState = { loginNotice: string };

export function loginNoticeState(message: string): LoginNoticeState {
  return { loginNotice: message };
}

/** The notice in a location's state, if a page left one. */
export function loginNoticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('loginNotice' in state)) return null;
  const { loginNotice } = state;
  return typeof loginNotice === 'string' && loginNotice ? loginNotice : null;
}
