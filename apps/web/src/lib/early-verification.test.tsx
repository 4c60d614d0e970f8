import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@bullpen/contract/constants';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { forgetVerification, verifiedSession, verifyToken } from './early-verification.ts';
import { SessionProvider, useSession } from './session.tsx';

const account = { id: 7, username: 'sam', language: null };

function verifyingServer(
  answer: { status: number; body: unknown } = { status: 200, body: { token: 'T', user: account } },
) {
  return stubApi((method, path) =>
    method === 'POST' && path === '/api-token-verify/' ? answer : undefined,
  );
}

const verifyCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/api-token-verify/')).length;

function Who() {
  const session = useSession();
  return (
    <p>
      {session.user
        ? `signed in as ${session.user.username}`
        : session.verifying
          ? 'checking'
          : 'signed out'}
    </p>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove(TOKEN_COOKIE);
});

describe('the session checked before the first render', () => {
  it('asks the server once per token, and keeps the answer for that token only', async () => {
    const fetchMock = verifyingServer();
    const [first, second] = await Promise.all([verifyToken('T'), verifyToken('T')]);
    expect(first).toEqual(second);
    expect(verifyCalls(fetchMock)).toBe(1);
    expect(verifiedSession('T')?.user.username).toBe('sam');
    expect(verifiedSession('U')).toBeUndefined();
    expect(verifiedSession(null)).toBeUndefined();
    forgetVerification();
    expect(verifiedSession('T')).toBeUndefined();
    await verifyToken('T');
    expect(verifyCalls(fetchMock)).toBe(2);
  });

  it('keeps nothing for a refused token', async () => {
    verifyingServer({ status: 401, body: { error: 'Invalid token.' } });
    await expect(verifyToken('T')).rejects.toThrow();
    expect(verifiedSession('T')).toBeUndefined();
  });

  it('starts the session signed in, without asking again', async () => {
    Cookies.set(TOKEN_COOKIE, 'T');
    const fetchMock = verifyingServer();
    await verifyToken('T');
    await renderWithApp(
      <SessionProvider>
        <Who />
      </SessionProvider>,
    );
    expect(screen.getByText('signed in as sam')).toBeInTheDocument();
    expect(verifyCalls(fetchMock)).toBe(1);
  });

  it('joins a check still on its way instead of making another', async () => {
    Cookies.set(TOKEN_COOKIE, 'T');
    const fetchMock = verifyingServer();
    const early = verifyToken('T');
    await renderWithApp(
      <SessionProvider>
        <Who />
      </SessionProvider>,
    );
    await early;
    expect(await screen.findByText('signed in as sam')).toBeInTheDocument();
    expect(verifyCalls(fetchMock)).toBe(1);
  });

  it('ends the session when the early check is refused', async () => {
    Cookies.set(TOKEN_COOKIE, 'T');
    verifyingServer({ status: 401, body: { error: 'Invalid token.' } });
    await verifyToken('T').catch(() => undefined);
    await renderWithApp(
      <SessionProvider>
        <Who />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByText('signed out')).toBeInTheDocument());
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  });
});
