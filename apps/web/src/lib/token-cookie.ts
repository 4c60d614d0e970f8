import Cookies from 'js-cookie';
import { COOKIE_EXPIRY_DAYS, TOKEN_COOKIE, ZOGO_COOKIE } from '@bullpen/contract/constants';

/**
 * The token as last read or written. Reading `document.cookie` asks the browser's network
 * process each time the cookies may have changed, 1–5 ms on a 2-core laptop (up to 22 ms right
 * after a write), and the app reads the token for every request: a dozen times as the contest
 * page loads (issue #13). So the value is kept, but only where the browser says when a cookie
 * changes (the Cookie Store API's `change` event, for this tab's writes and for another tab's
 * login or logout alike): a change to another value than the kept one makes the next read go to
 * the cookie. Elsewhere every read goes to the cookie, as before.
 */
let kept: { token: string | null } | undefined;
let watching = false;

/** What a Cookie Store `change` event says (name and value; the rest is left out here). */
interface CookieChange {
  changed?: readonly { name: string; value?: string }[];
  deleted?: readonly { name: string }[];
}

/** A change event that does not say what the token became. */
const UNKNOWN = Symbol('unknown');

/**
 * The token cookie's value after a change event: a string when it was set, null when it was
 * deleted, undefined when the event is about other cookies only, and `UNKNOWN` when the event
 * does not say.
 */
function tokenAfter({
  changed,
  deleted,
}: CookieChange): string | null | undefined | typeof UNKNOWN {
  if (!changed && !deleted) return UNKNOWN;
  const set = changed?.find(({ name }) => name === TOKEN_COOKIE);
  if (set) return set.value === undefined ? UNKNOWN : Cookies.converter.read(set.value, set.name);
  return deleted?.some(({ name }) => name === TOKEN_COOKIE) ? null : undefined;
}

function watchCookies(): boolean {
  if (watching) return true;
  const store = (globalThis as { cookieStore?: EventTarget }).cookieStore;
  if (!store || typeof store.addEventListener !== 'function') return false;
  store.addEventListener('change', (event) => {
    const token = tokenAfter(event as unknown as CookieChange);
    // Another cookie, or this tab's own write of the token it keeps: nothing to read again. The
    // write's event comes after the write, and reading the cookie then waits for the browser's
    // network process to store it (issue #13: 5–22 ms after the session check's login).
    if (token === undefined || (kept && token === kept.token)) return;
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
  Cookies.set(TOKEN_COOKIE, token, {
    expires: COOKIE_EXPIRY_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
  kept = watchCookies() ? { token } : undefined;
}

export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  kept = watchCookies() ? { token: null } : undefined;
  // The learn-and-earn token belongs to the session that fetched it.
  Cookies.remove(ZOGO_COOKIE, { path: '/' });
}
