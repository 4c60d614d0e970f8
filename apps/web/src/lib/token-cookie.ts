import Cookies from 'js-cookie';
import { COOKIE_EXPIRY_DAYS, TOKEN_COOKIE, ZOGO_COOKIE } from '@bullpen/contract/constants';

/**
 * The token as last read from the cookie. Reading `document.cookie` asks the browser's network
 * process each time the cookies may have changed, 1–5 ms on a 2-core laptop, and the app reads
 * the token for every request: a dozen times as the contest page loads (issue #13). So the value
 * is kept, but only where the browser says when a cookie changes (the Cookie Store API's `change`
 * event, for this tab's writes and for another tab's login or logout alike); elsewhere every read
 * goes to the cookie, as before.
 */
let kept: { token: string | null } | undefined;
let watching = false;

function watchCookies(): boolean {
  if (watching) return true;
  const store = (globalThis as { cookieStore?: EventTarget }).cookieStore;
  if (!store || typeof store.addEventListener !== 'function') return false;
  store.addEventListener('change', () => {
    kept = undefined;
  });
  watching = true;
  return true;
}

/** The session's token, kept in the `token` cookie (spec section 4), or null without one. */
export function readToken(): string | null {
  if (kept) return kept.token;
  const token = Cookies.get(TOKEN_COOKIE) ?? null;
  if (watchCookies()) kept = { token };
  return token;
}

export function storeToken(token: string): void {
  kept = undefined;
  Cookies.set(TOKEN_COOKIE, token, {
    expires: COOKIE_EXPIRY_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

export function clearToken(): void {
  kept = undefined;
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  // The learn-and-earn token belongs to the session that fetched it.
  Cookies.remove(ZOGO_COOKIE, { path: '/' });
}
