import Cookies from 'js-cookie';
import { COOKIE_EXPIRY_DAYS, TOKEN_COOKIE, ZOGO_COOKIE } from '@bullpen/contract/constants';

/** The session's token, kept in the `token` cookie (spec section 4), or null without one. */
export function readToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

export function storeToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: COOKIE_EXPIRY_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  // The learn-and-earn token belongs to the session that fetched it.
  Cookies.remove(ZOGO_COOKIE, { path: '/' });
}
