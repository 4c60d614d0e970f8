import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserSession } from '@bullpen/contract/auth';
import { authMessages } from '@bullpen/contract/messages';
import type { User } from '@bullpen/contract/users';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { SettingsPage } from './SettingsPage.tsx';

const ana: User = {
  id: 7,
  email: 'ana@school.test',
  username: 'ana',
  first_name: 'Ana',
  last_name: 'Ruiz',
  avatar: null,
  is_teacher: false,
  is_staff: false,
  email_verified: true,
  teacher_trusted: false,
  awaiting_parent_consent: false,
  is_guardian: false,
  language: 'en',
};

const session = vi.hoisted(() => ({
  user: null as User | null,
  updateUser: vi.fn(),
  login: vi.fn(),
}));
vi.mock('@/lib/session.tsx', () => ({ useSession: () => session }));

const here: UserSession = {
  id: 11,
  device: 'Firefox on Windows',
  created_at: '2026-12-05T08:00:00.000Z',
  last_seen_at: '2026-12-05T09:00:00.000Z',
  current: true,
};
const phone: UserSession = { ...here, id: 12, device: 'Safari on iPhone', current: false };
const tablet: UserSession = { ...here, id: 13, device: 'Chrome on Android', current: false };

/** A server holding Ana's account and three sessions, of which this one is the first. */
function serveAccount() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let sessions = [here, phone, tablet];
  stubApi((method, path, body) => {
    calls.push({ method, path, body });
    if (method === 'GET' && path === '/api/auth/sessions/') return { status: 200, body: sessions };
    if (method === 'DELETE' && path === '/api/auth/sessions/12/') {
      sessions = sessions.filter((one) => one.id !== 12);
      return { status: 200, body: { detail: authMessages.sessionEnded } };
    }
    if (method === 'POST' && path === '/api/auth/sessions/end-others/') {
      sessions = [here];
      return { status: 200, body: { detail: authMessages.otherSessionsEnded, ended: 1 } };
    }
    if (method === 'PUT' && path === '/api/users/7/') {
      const changes = body as Record<string, string>;
      if (changes.current_password === 'wrong-wrong') {
        return { status: 400, body: { current_password: [authMessages.currentPasswordWrong] } };
      }
      if (changes.email) {
        return {
          status: 200,
          body: { ...ana, detail: authMessages.emailChangeSent(changes.email) },
        };
      }
      if (changes.password) return { status: 200, body: { ...ana, token: 'new-token' } };
      return { status: 200, body: { ...ana, ...changes } };
    }
    return undefined;
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.updateUser.mockReset();
  session.login.mockReset();
});

describe('the account settings page', { timeout: 30_000 }, () => {
  it('saves a new first name, the one printed on new certificates', async () => {
    session.user = ana;
    const calls = serveAccount();
    const user = userEvent.setup();
    await renderWithApp(<SettingsPage />);
    expect(screen.getByText(/printed on the certificates/)).toBeInTheDocument();
    const firstName = screen.getByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Anita');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(session.updateUser).toHaveBeenCalledWith(
        expect.objectContaining({ first_name: 'Anita' }),
      ),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      first_name: 'Anita',
      last_name: 'Ruiz',
    });
  });

  it('lists the sessions, signs out one, then every other', async () => {
    session.user = ana;
    const calls = serveAccount();
    const user = userEvent.setup();
    await renderWithApp(<SettingsPage />);
    const list = await screen.findByRole('list', { name: 'Where you are signed in' });
    await within(list).findByText('Safari on iPhone');
    const current = within(list).getByText('This device').closest('li')!;
    expect(current).toHaveTextContent('Firefox on Windows');
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }));
    await waitFor(() =>
      expect(within(list).queryByText('Safari on iPhone')).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('That session is signed out.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() =>
      expect(within(list).queryByText('Chrome on Android')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
      'POST /api/auth/sessions/end-others/',
    );
  });

  it('changes the email with the current password and says the change waits for its link', async () => {
    session.user = ana;
    serveAccount();
    const user = userEvent.setup();
    await renderWithApp(<SettingsPage />);
    const email = screen.getByRole('region', { name: 'Email' });
    await user.type(within(email).getByLabelText('New email address'), 'ana@new.test');
    await user.type(
      within(email).getByLabelText('Current password', { selector: 'input' }),
      'wrong-wrong',
    );
    await user.click(within(email).getByRole('button', { name: 'Change email' }));
    expect(await within(email).findByText(authMessages.currentPasswordWrong)).toBeInTheDocument();

    const password = within(email).getByLabelText('Current password', { selector: 'input' });
    await user.clear(password);
    await user.type(password, 'right-password');
    await user.click(within(email).getByRole('button', { name: 'Change email' }));
    expect(await within(email).findByRole('status')).toHaveTextContent(
      'We have sent a link to ana@new.test.',
    );
  });

  it('keeps this session after a new password, with the token the server hands back', async () => {
    session.user = ana;
    serveAccount();
    const user = userEvent.setup();
    await renderWithApp(<SettingsPage />);
    const section = screen.getByRole('region', { name: 'Password' });
    await user.type(
      within(section).getByLabelText('Current password', { selector: 'input' }),
      'old-password',
    );
    await user.type(
      within(section).getByLabelText('New password', { selector: 'input' }),
      'a fresh passphrase',
    );
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(session.login).toHaveBeenCalledWith({
        token: 'new-token',
        user: expect.objectContaining({ id: 7 }),
      }),
    );
  });

  it('tells an account without email that its teacher manages it, in Spanish too', async () => {
    session.user = { ...ana, email: '', email_verified: false };
    serveAccount();
    await renderWithApp(<SettingsPage />, { language: 'es' });
    const email = screen.getByRole('region', { name: 'Correo electrónico' });
    expect(email).toHaveTextContent('Tu maestro creó esta cuenta');
    expect(within(email).queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Configuración de la cuenta' })).toBeInTheDocument();
    // The server's device sentence, in the reader's language.
    const list = await screen.findByRole('list', { name: 'Dónde tienes la sesión iniciada' });
    expect(await within(list).findByText('Safari en iPhone')).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: 'Cerrar sesión en Chrome en Android' }),
    ).toBeInTheDocument();
  });

  it('links to the data download and the account deletion, reachable by keyboard', async () => {
    session.user = ana;
    serveAccount();
    const user = userEvent.setup();
    await renderWithApp(<SettingsPage />);
    const privacy = screen.getByRole('region', { name: 'Privacy' });
    const download = within(privacy).getByRole('link', { name: 'Download my data' });
    const remove = within(privacy).getByRole('link', { name: 'Delete my account' });
    expect(download).toHaveAttribute('href', '/settings/data');
    expect(remove).toHaveAttribute('href', '/settings/delete');
    act(() => download.focus());
    await user.tab();
    expect(remove).toHaveFocus();
  });

  it('names the privacy links in Spanish', async () => {
    session.user = ana;
    serveAccount();
    await renderWithApp(<SettingsPage />, { language: 'es' });
    const privacy = screen.getByRole('region', { name: 'Privacidad' });
    expect(within(privacy).getByRole('link', { name: 'Descargar mis datos' })).toBeInTheDocument();
    expect(within(privacy).getByRole('link', { name: 'Eliminar mi cuenta' })).toBeInTheDocument();
  });
});
