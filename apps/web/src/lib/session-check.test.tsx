import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { TOKEN_COOKIE } from '@bullpen/contract/constants';
import type { User } from '@bullpen/contract/users';
import { renderWithApp } from '@/test/render.tsx';
import { SessionProvider, useSession } from './session.tsx';
import { startSessionCheck, takeSessionCheck } from './session-check.ts';

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
  language: 'en',
};

/** The session as a line of text, and how many renders showed it. */
const seen: string[] = [];
function Who() {
  const session = useSession();
  const line = session.authorized
    ? `signed in as ${session.user?.username}`
    : session.verifying
      ? 'checking'
      : 'signed out';
  seen.push(line);
  return <p>{line}</p>;
}

/** A verify-token endpoint that answers `status` when `release` is called (at once by default). */
function fakeVerify(status = 200) {
  const calls: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    await gate;
    return new Response(
      JSON.stringify(status === 200 ? { token: 'T', user } : { detail: 'Invalid token.' }),
      { status, headers: { 'Content-Type': 'application/json' } },
    );
  });
  return { calls, release };
}

const renderWho = () =>
  renderWithApp(
    <SessionProvider>
      <Who />
    </SessionProvider>,
    { route: '/my-contests' },
  );

beforeEach(() => {
  seen.length = 0;
  Cookies.set(TOKEN_COOKIE, 'T');
  takeSessionCheck(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove(TOKEN_COOKIE);
});

describe('the session check started before the first render', () => {
  it('gives the first render the account, and is the only request', async () => {
    const api = fakeVerify();
    api.release();
    await startSessionCheck('T');
    await renderWho();
    expect(seen[0]).toBe('signed in as nina');
    expect(seen).not.toContain('checking');
    expect(api.calls).toEqual(['/api-token-verify/']);
  });

  it('is waited for, not asked again, when it has not answered by the first render', async () => {
    const api = fakeVerify();
    void startSessionCheck('T');
    await renderWho();
    expect(screen.getByText('checking')).toBeTruthy();
    api.release();
    await waitFor(() => expect(screen.getByText('signed in as nina')).toBeTruthy());
    expect(api.calls).toEqual(['/api-token-verify/']);
  });

  it('ends the session when the server refuses the token', async () => {
    const api = fakeVerify(401);
    api.release();
    await startSessionCheck('T');
    await renderWho();
    await waitFor(() => expect(screen.getByText('signed out')).toBeTruthy());
    expect(seen).not.toContain('signed in as nina');
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    // One check; the other request is the logout's, best effort.
    expect(api.calls.filter((url) => url === '/api-token-verify/')).toHaveLength(1);
  });

  it('is not used for another token: the provider asks for its own', async () => {
    const api = fakeVerify();
    api.release();
    await startSessionCheck('OTHER');
    await renderWho();
    expect(seen[0]).toBe('checking');
    await waitFor(() => expect(screen.getByText('signed in as nina')).toBeTruthy());
    expect(api.calls).toEqual(['/api-token-verify/', '/api-token-verify/']);
  });

  it('is handed over once', async () => {
    const api = fakeVerify();
    api.release();
    await startSessionCheck('T');
    expect(takeSessionCheck('T')?.token).toBe('T');
    expect(takeSessionCheck('T')).toBeNull();
    expect(api.calls).toHaveLength(1);
  });
});
