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

/** A Cookie Store `change` event with what it reports. */
function change(detail: { changed?: object[]; deleted?: object[] }): Event {
  return Object.assign(new Event('change'), { changed: [], deleted: [], ...detail });
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

  it("keeps the token through the browser's news of this tab's own write and of other cookies", async () => {
    const store = new EventTarget();
    const { readToken, storeToken, clearToken, get } = await load(store);
    storeToken('mine');
    // The write's change event comes afterwards, with the value just written.
    store.dispatchEvent(change({ changed: [{ name: TOKEN_COOKIE, value: 'mine' }] }));
    store.dispatchEvent(change({ changed: [{ name: 'lang', value: 'es' }] }));
    expect(readToken()).toBe('mine');
    clearToken();
    store.dispatchEvent(change({ deleted: [{ name: TOKEN_COOKIE }] }));
    expect(readToken()).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('reads the cookie again when the browser reports another token, or its deletion', async () => {
    const store = new EventTarget();
    const { readToken, storeToken, get } = await load(store);
    storeToken('mine');
    // Another tab logs in as someone else.
    document.cookie = `${TOKEN_COOKIE}=other; path=/`;
    store.dispatchEvent(change({ changed: [{ name: TOKEN_COOKIE, value: 'other' }] }));
    expect(readToken()).toBe('other');
    expect(get).toHaveBeenCalledTimes(1);
    // ...and out.
    Cookies.remove(TOKEN_COOKIE, { path: '/' });
    store.dispatchEvent(change({ deleted: [{ name: TOKEN_COOKIE }] }));
    expect(readToken()).toBeNull();
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
