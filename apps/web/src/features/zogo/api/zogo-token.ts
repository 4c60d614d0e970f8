import Cookies from 'js-cookie';
import { COOKIE_EXPIRY_DAYS, ZOGO_COOKIE } from '@bullpen/contract/constants';
import { api } from '@bullpen/contract/routes';
import type { ZogoToken } from '@bullpen/contract/zogo';
import { apiClient } from '@/lib/api-client.ts';

/** The learn-and-earn token stored under the spec's `zogo` key (section 9), if any. */
export function readZogoToken(): string | null {
  return Cookies.get(ZOGO_COOKIE) ?? null;
}

/**
 * `GET /api/auth/zogo-token/` and store it under `zogo` (spec section 7). Spec section 8: a
 * failure is only logged; finishing the module then says the session expired.
 */
export async function refreshZogoToken(): Promise<void> {
  // An older token (another module, another session) is never sent in place of a new one.
  Cookies.remove(ZOGO_COOKIE, { path: '/' });
  try {
    const { zogo_token: token } = await apiClient.get<ZogoToken>(api.zogoToken.build());
    Cookies.set(ZOGO_COOKIE, token, {
      expires: COOKIE_EXPIRY_DAYS,
      path: '/',
      sameSite: 'lax',
      secure: window.location.protocol === 'https:',
    });
  } catch (error) {
    console.warn('Could not get a learn-and-earn token', error);
  }
}
