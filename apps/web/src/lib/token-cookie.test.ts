import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@bullpen/contract/constants';

/** A fresh copy of the module (its kept token and its listener), with or without a cookie store. */
async function load(cookieStore?: EventTarget) {
  vi.resetModules();
  vi.stubGlobal('cookieStore', cookieStore);
  const module = await import('./token-cookie.ts');
  // The js-cookie that this copy reads with, to count its reads.
  const { default: cookies } = await import('js-cookie');
  return { ...module, get: vi.spyOn(cookies, 'get') };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
});

describe('readToken', () => {
  it('reads the cookie each time where the browser cannot say when cookies change', async () => {
    const { readToken, get } = await load(undefined);
    document.cookie = `${TOKEN_COOKIE}=first; path=/`;
    expect(readToken()).toBe('first');
    document.cookie = `${TOKEN_COOKIE}=second; path=/`;
    expect(readToken()).toBe('second');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('keeps the token until a cookie changes, then reads it again', async () => {
    const store = new EventTarget();
    const { readToken, get } = await load(store);
    document.cookie = `${TOKEN_COOKIE}=first; path=/`;
    expect(readToken()).toBe('first');
    expect(readToken()).toBe('first');
    expect(get).toHaveBeenCalledTimes(1);
    // Another tab logs out, then in as someone else: the browser tells this page.
    document.cookie = `${TOKEN_COOKIE}=other; path=/`;
    store.dispatchEvent(new Event('change'));
    expect(readToken()).toBe('other');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('forgets the kept token when this tab stores or clears one, before the browser says so', async () => {
    const { readToken, storeToken, clearToken } = await load(new EventTarget());
    expect(readToken()).toBeNull();
    storeToken('mine');
    expect(readToken()).toBe('mine');
    clearToken();
    expect(readToken()).toBeNull();
  });
});
