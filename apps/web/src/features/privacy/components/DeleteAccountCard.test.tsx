import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@bullpen/contract/messages';
import { loginNoticeOf } from '@/lib/login-notice.ts';
import { SessionProvider } from '@/lib/session.tsx';
import { readToken } from '@/lib/token-cookie.ts';
import { renderWithApp } from '@/test/render.tsx';
import { signInTestUser, signOutTestUser, studentWithoutEmail } from '@/test/session-user.ts';
import type { StubAnswer } from '@/test/stub-api.ts';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';

type Call = { method: string; path: string; body: unknown };

const owner = { ...studentWithoutEmail, id: 5, email: 'ana@school.test' };

/** A signed-in owner; the deletion request is answered with `answer`. */
function signedInWith(answer: StubAnswer, language: 'en' | 'es' = 'en') {
  const calls: Call[] = [];
  signInTestUser({ ...owner, language }, (method, path, body) => {
    calls.push({ method, path, body });
    return path === '/api/users/5/deletion/' ? answer : undefined;
  });
  return calls;
}

/** Where the card sends the browser: the login page, with the notice it was left. */
function LoginProbe() {
  const notice = loginNoticeOf(useLocation().state);
  return <p>login page: {notice}</p>;
}

const render = (language: 'en' | 'es' = 'en') =>
  renderWithApp(
    <SessionProvider>
      <Routes>
        <Route path="/settings/delete" element={<DeleteAccountCard userId={5} />} />
        <Route path="/public/login" element={<LoginProbe />} />
      </Routes>
    </SessionProvider>,
    { route: '/settings/delete', language },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  signOutTestUser();
});

describe('DeleteAccountCard', () => {
  it('asks for the password in a dialog, then forgets the ended session and goes to log in with the notice', async () => {
    const calls = signedInWith({
      status: 200,
      body: { deletion_due_at: '2026-12-19T05:00:00.000Z', detail: authMessages.deletionScheduled },
    });
    const user = userEvent.setup();
    await render();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = screen.getAllByRole('button', { name: 'Delete my account' }).at(-1)!;
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/Password/), 'green turtle sky{Enter}');
    expect(
      await screen.findByText(`login page: ${authMessages.deletionScheduled}`),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(readToken()).toBeNull();
    // The server ended every session already: no logout call with the dead token.
    expect(calls).toEqual([
      { method: 'POST', path: '/api/users/5/deletion/', body: { password: 'green turtle sky' } },
    ]);
  });

  it('shows a wrong password on the field, in Spanish too, and stays signed in', async () => {
    signedInWith({ status: 400, body: { password: [authMessages.currentPasswordWrong] } }, 'es');
    const user = userEvent.setup();
    await render('es');
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.type(await screen.findByLabelText(/Contraseña/), 'wrong{Enter}');
    expect(await screen.findByText('Tu contraseña actual no es correcta.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(readToken()).toBe('T');
  });
});
