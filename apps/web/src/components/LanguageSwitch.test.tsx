import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_COOKIE } from '@bullpen/contract/constants';
import type { User } from '@bullpen/contract/users';
import { i18n } from '@/lib/i18n.ts';
import { SessionProvider } from '@/lib/session.tsx';
import { renderWithApp, setTestLanguage } from '@/test/render.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const user: User = {
  id: 7,
  email: 'nina@school.test',
  username: 'nina',
  first_name: 'Nina',
  last_name: 'Ruiz',
  avatar: null,
  is_teacher: false,
  is_staff: false,
  email_verified: true,
  awaiting_parent_consent: false,
  is_guardian: false,
  teacher_trusted: false,
  language: 'en',
};

type Call = { url: string; method: string; body: unknown };

/** A fake API: token verification answers with `account`, PATCH echoes the change. */
function fakeApi(account: User): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, method: init.method ?? 'GET', body });
    const payload =
      url === '/api-token-verify/'
        ? { token: 'T', user: account }
        : { ...account, ...(body as object) };
    return new Response(JSON.stringify(payload), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

function renderSwitch() {
  return renderWithApp(
    <SessionProvider>
      <LanguageSwitch />
    </SessionProvider>,
  );
}

beforeEach(async () => {
  window.localStorage.clear();
  Cookies.remove(TOKEN_COOKIE);
  await setTestLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove(TOKEN_COOKIE);
});

describe('LanguageSwitch', () => {
  it('is a group labelled "Language" naming each language in itself', async () => {
    await renderSwitch();
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toBeInTheDocument();
    const english = screen.getByRole('button', { name: 'English' });
    const spanish = screen.getByRole('button', { name: 'Español' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(spanish).toHaveAttribute('aria-pressed', 'false');
    expect(spanish).toHaveAttribute('lang', 'es');
  });

  it('switches with the keyboard, says so in Spanish and remembers it on the device', async () => {
    const calls = fakeApi(user);
    await renderSwitch();
    const keyboard = userEvent.setup();
    await keyboard.tab();
    await keyboard.tab();
    expect(screen.getByRole('button', { name: 'Español' })).toHaveFocus();
    await keyboard.keyboard('{Enter}');
    expect(await screen.findByRole('group', { name: 'Idioma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem('language')).toBe('es');
    // Signed out: nothing to save on a server.
    expect(calls).toEqual([]);
  });

  it('saves a signed-in user’s choice to the account (PATCH of the language only)', async () => {
    Cookies.set(TOKEN_COOKIE, 'T');
    const calls = fakeApi(user);
    await renderSwitch();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api-token-verify/'));
    await userEvent.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/users/7/',
        method: 'PATCH',
        body: { language: 'es' },
      }),
    );
    expect(i18n.language).toBe('es');
  });

  it('adopts the account’s language at sign-in unless the device has a choice', async () => {
    Cookies.set(TOKEN_COOKIE, 'T');
    fakeApi({ ...user, language: 'es' });
    await renderSwitch();
    expect(await screen.findByRole('group', { name: 'Idioma' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBeNull();
  });

  it('keeps the device’s own choice over the account’s', async () => {
    window.localStorage.setItem('language', 'en');
    Cookies.set(TOKEN_COOKIE, 'T');
    const calls = fakeApi({ ...user, language: 'es' });
    await renderSwitch();
    await waitFor(() => expect(calls).toHaveLength(1));
    // Give a wrongly adopted language the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
  });
});
