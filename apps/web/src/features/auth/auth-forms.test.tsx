import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@bullpen/contract/messages';
import { staffMessages } from '@bullpen/contract/users';
import { renderWithApp } from '@/test/render.tsx';
import { loginNoticeState } from '@/lib/login-notice.ts';
import { clearToken } from '@/lib/token-cookie.ts';
import { renderWithSession } from '@/test/render-session.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';
import { SignupPage } from './pages/SignupPage.tsx';
import { SignupTeacherPage } from './pages/SignupTeacherPage.tsx';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  // A test that signs in stores a token; the next one starts signed out.
  clearToken();
});

describe('the login form on the kit', { timeout: 20_000 }, () => {
  it("says 'Required' under each empty field and sends nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithSession(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    // The page asks only which school sign-ins exist (schoolSignIn below).
    const calls = fetchMock.mock.calls as unknown as [string][];
    expect(calls.map(([url]) => url)).not.toContainEqual(expect.stringMatching(/api-token-auth/));
  });

  it('shows the server’s non_field_errors message until the form is edited', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(400, { non_field_errors: [authMessages.badCredentials] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithSession(<LoginPage />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Username or email'), 'ana');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to log in with provided credentials.',
    );
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const [url, init] = calls.find(([called]) => called.includes('api-token-auth'))!;
    expect(url).toMatch(/api-token-auth/);
    expect(JSON.parse(String(init.body))).toEqual({ username: 'ana', password: 'wrong-pass' });
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('says when signing in kept an account that was to be deleted', async () => {
    const user = {
      id: 3,
      email: 'ana@school.test',
      username: 'ana',
      first_name: 'Ana',
      last_name: 'Rivera',
      avatar: null,
      is_teacher: false,
      is_staff: false,
      email_verified: true,
      teacher_trusted: false,
      language: 'es',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/api/oidc/providers/')
          ? jsonResponse(200, [])
          : jsonResponse(200, { token: 'x.y.z', user, deletion_cancelled: true }),
      ),
    );
    await renderWithSession(<LoginPage />, { route: '/login', language: 'es' });
    await userEvent.type(screen.getByLabelText('Nombre de usuario o correo'), 'ana');
    await userEvent.type(screen.getByLabelText('Contraseña', { selector: 'input' }), 'pass');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(
      await screen.findByText(
        'Iniciaste sesión, así que tu cuenta no se eliminará.',
        {},
        // The sign-in's answer, the session and the page's words: slow on a busy machine.
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('shows the notice of the page that ended the session: when the account goes', async () => {
    vi.stubGlobal('fetch', vi.fn());
    await renderWithSession(<LoginPage />, {
      route: { pathname: '/login', state: loginNoticeState(authMessages.deletionScheduled) },
      language: 'es',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Tu cuenta se eliminará dentro de 14 días. Inicia sesión antes para conservarla.',
    );
  });

  it('shows no notice when none was left', async () => {
    vi.stubGlobal('fetch', vi.fn());
    await renderWithSession(<LoginPage />, { route: { pathname: '/login', state: { other: 1 } } });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks Spanish, server messages included', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { non_field_errors: [authMessages.badCredentials] })),
    );
    await renderWithSession(<LoginPage />, { route: '/login', language: 'es' });
    await userEvent.type(screen.getByLabelText('Nombre de usuario o correo'), 'ana');
    await userEvent.type(screen.getByLabelText('Contraseña', { selector: 'input' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos iniciar sesión con esos datos.',
    );
  });
});

describe('school sign-in on the login page', { timeout: 20_000 }, () => {
  it('shows one button per provider, each a link to its start', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('/api/oidc/providers/')
        ? jsonResponse(200, [
            { id: 'school', name: null, start_url: '/api/oidc/school/start/' },
            { id: 'classlink', name: 'ClassLink', start_url: '/api/oidc/classlink/start/' },
          ])
        : jsonResponse(404, { error: 'Not found.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithSession(<LoginPage />, { route: '/login' });
    expect(
      await screen.findByRole('link', { name: 'Sign in with your school account' }),
    ).toHaveAttribute('href', '/api/oidc/school/start/');
    expect(screen.getByRole('link', { name: 'Sign in with ClassLink' })).toHaveAttribute(
      'href',
      '/api/oidc/classlink/start/',
    );
  });

  it('shows no button when the school configured none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, [])),
    );
    await renderWithSession(<LoginPage />, { route: '/login', language: 'es' });
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /cuenta de la escuela/ })).toBeNull();
  });

  it('says why the last school sign-in was refused, in English and Spanish', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, [])),
    );
    const first = await renderWithSession(<LoginPage />, { route: '/login?sso_error=domain' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This school account is not from a school that uses Bullpen.',
    );
    first.unmount();
    await renderWithSession(<LoginPage />, { route: '/login?sso_error=state', language: 'es' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No se pudo terminar el inicio de sesión con la escuela',
    );
  });

  it('ignores a reason it does not know', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, [])),
    );
    await renderWithSession(<LoginPage />, { route: '/login?sso_error=<script>' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the reset-password form on the kit', { timeout: 20_000 }, () => {
  it('puts a server field error under its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { email: ['Invalid email'] })),
    );
    await renderWithApp(<ResetPasswordPage />, { route: '/reset-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'ana@school.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the sign-up form asks a student their date of birth', { timeout: 20_000 }, () => {
  async function fillStudent(dateOfBirth: string | null) {
    await userEvent.type(screen.getByLabelText('Username'), 'ana.k');
    await userEvent.type(screen.getByLabelText('First name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Last name'), 'Kim');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@school.test');
    await userEvent.type(
      screen.getByLabelText('Password', { selector: 'input' }),
      'green turtle sky',
    );
    if (dateOfBirth !== null)
      await userEvent.type(screen.getByLabelText('Date of birth'), dateOfBirth);
  }

  it('refuses to send without one, or with one in the future', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithSession(<SignupPage />, { route: '/public/signup' });
    await fillStudent(null);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(authMessages.dateOfBirthRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Date of birth'), '2999-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(authMessages.dateOfBirthFuture)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the date with the form', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(400, { username: [authMessages.usernameTaken] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithSession(<SignupPage />, { route: '/public/signup' });
    await fillStudent('2010-03-09');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(authMessages.usernameTaken)).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const body = init.body as FormData;
    expect(body.get('date_of_birth')).toBe('2010-03-09');
    expect(body.has('parent_email')).toBe(false);
    expect(body.get('is_teacher')).toBe('false');
  });

  it('sends a teacher’s form without a date of birth', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(400, { username: [authMessages.usernameTaken] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithSession(<SignupTeacherPage />, { route: '/public/signup-teacher' });
    await fillStudent(null);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(authMessages.usernameTaken)).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const body = init.body as FormData;
    expect(body.has('date_of_birth')).toBe(false);
    expect(body.get('is_teacher')).toBe('true');
  });

  it('asks in Spanish, and does not ask a teacher', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const spanish = await renderWithSession(<SignupPage />, {
      route: '/public/signup',
      language: 'es',
    });
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveAttribute('type', 'date');
    spanish.unmount();
    await renderWithSession(<SignupTeacherPage />, {
      route: '/public/signup-teacher',
      language: 'en',
    });
    expect(screen.queryByLabelText('Date of birth')).not.toBeInTheDocument();
  });
});

describe('the auth catalogue', { timeout: 20_000 }, () => {
  const english = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'locales', 'en', 'auth.json'), 'utf8'),
  ) as { messages: Record<string, string> };

  it('holds the contract’s messages word for word, so the server’s text is recognised', () => {
    const fill = (text: string) =>
      text
        .replace('{{seconds}}', '30')
        .replace('{{email}}', 'ana@school.test')
        .replace('{{browser}}', 'Firefox')
        .replace('{{system}}', 'Linux');
    for (const [key, text] of Object.entries(english.messages)) {
      if (key === 'networkError') continue;
      const contract = { ...authMessages, ...staffMessages };
      const constant = contract[key as keyof typeof contract];
      const expected =
        typeof constant === 'function'
          ? key === 'deviceOn'
            ? authMessages.deviceOn('Firefox', 'Linux')
            : (constant as (value: number | string) => string)(
                key === 'emailChangeSent' ? 'ana@school.test' : 30,
              )
          : constant;
      expect(fill(text), key).toBe(expected);
    }
  });
});
