import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@bullpen/contract/messages';
import { renderWithApp } from '@/test/render.tsx';
import { renderWithSession } from '@/test/render-session.tsx';
import { signInTestUser, signOutTestUser, studentWithoutEmail } from '@/test/session-user.ts';
import { stubApi } from '@/test/stub-api.ts';
import { ConsentPendingPage } from './pages/ConsentPendingPage.tsx';
import { ParentConsentPage } from './pages/ParentConsentPage.tsx';
import { SignupPage } from './pages/SignupPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  signOutTestUser();
});

/** A date `years` years before today, as a date input writes it. */
function yearsAgo(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

describe('the student sign-up asks an under-13 for a parent', { timeout: 20_000 }, () => {
  async function fill(dateOfBirth: string) {
    await userEvent.type(screen.getByLabelText('Username'), 'robin.k');
    await userEvent.type(screen.getByLabelText('First name'), 'Robin');
    await userEvent.type(screen.getByLabelText('Last name'), 'Kim');
    await userEvent.type(screen.getByLabelText('Email'), 'robin@kids.test');
    await userEvent.type(
      screen.getByLabelText('Password', { selector: 'input' }),
      'green turtle sky',
    );
    await userEvent.type(screen.getByLabelText('Date of birth'), dateOfBirth);
  }

  it('shows the parent field once the date says under 13, requires it, and sends it', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ username: [authMessages.usernameTaken] }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithSession(<SignupPage />, { route: '/public/signup' });
    expect(screen.queryByLabelText("A parent's email address")).not.toBeInTheDocument();
    await fill(yearsAgo(10));
    const parent = await screen.findByLabelText("A parent's email address");
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(authMessages.parentEmailRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(parent, 'robin@kids.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(authMessages.parentEmailSameAsYours)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(parent);
    await userEvent.type(parent, 'mum@home.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.body as FormData).get('parent_email')).toBe('mum@home.test');
  });

  it('does not ask a 13-year-old, in Spanish either', async () => {
    vi.stubGlobal('fetch', vi.fn());
    await renderWithSession(<SignupPage />, { route: '/public/signup', language: 'es' });
    await userEvent.type(screen.getByLabelText('Fecha de nacimiento'), yearsAgo(13));
    expect(screen.queryByLabelText('Correo de tu madre, padre o tutor')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Fecha de nacimiento'));
    await userEvent.type(screen.getByLabelText('Fecha de nacimiento'), yearsAgo(12));
    expect(await screen.findByLabelText('Correo de tu madre, padre o tutor')).toBeInTheDocument();
  });
});

describe('the consent-pending page', { timeout: 20_000 }, () => {
  const waiting = {
    ...studentWithoutEmail,
    email: 'robin@kids.test',
    awaiting_parent_consent: true,
  };

  it("shows the parent's masked address and resends the mail, saying when it may again", async () => {
    let mailedAt: string | null = null;
    const fetchMock = signInTestUser(waiting, (method, path, body) => {
      if (path === '/api/consents/mine/') {
        return {
          status: 200,
          body: {
            awaiting_parent_consent: true,
            parent_email_masked: 'm•••@h•••.test',
            resend_after: mailedAt,
            deleted_after: '2030-01-15T10:00:00.000Z',
          },
        };
      }
      if (method === 'POST' && path === '/api/consents/mine/resend/') {
        expect(body).toEqual({ parent_email: 'dad@home.test' });
        mailedAt = '2030-01-01T11:00:00.000Z';
        return { status: 200, body: { detail: authMessages.consentSent } };
      }
      return undefined;
    });
    await renderWithSession(<ConsentPendingPage />, { route: '/consent-pending' });
    expect(await screen.findByText(/m•••@h•••\.test/)).toBeInTheDocument();
    expect(screen.queryByText(/mum@home/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change the address' }));
    await userEvent.type(screen.getByLabelText("A parent's email address"), 'dad@home.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send to this address' }));
    expect(await screen.findByText(authMessages.consentSent)).toBeInTheDocument();
    expect(await screen.findByText(/You can send the email again after/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the email again' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringContaining('/api/consents/mine/resend/'),
      expect.anything(),
    );
  });

  it('shows the server refusal when it is too soon', async () => {
    signInTestUser(waiting, (method, path) => {
      if (path === '/api/consents/mine/') {
        return {
          status: 200,
          body: {
            awaiting_parent_consent: true,
            parent_email_masked: 'm•••@h•••.test',
            resend_after: null,
            deleted_after: null,
          },
        };
      }
      if (method === 'POST') {
        return { status: 429, body: { error: authMessages.consentResendTooSoon } };
      }
      return undefined;
    });
    await renderWithSession(<ConsentPendingPage />, { route: '/consent-pending' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send the email again' }));
    expect(await screen.findByText(authMessages.consentResendTooSoon)).toBeInTheDocument();
  });
});

describe("the parent's consent page", { timeout: 20_000 }, () => {
  it('shows the notice with the child’s first name and sends the decision once', async () => {
    const decisions: unknown[] = [];
    stubApi((method, path, body) => {
      if (path !== '/api/consents/tok-1/') return undefined;
      if (method === 'GET') return { status: 200, body: { child_first_name: 'Robin' } };
      decisions.push(body);
      return { status: 200, body: { detail: authMessages.consentGranted } };
    });
    await renderWithApp(<ParentConsentPage />, { route: '/public/parent-consent?token=tok-1' });
    expect(await screen.findByText(/Robin signed up for Bullpen/)).toBeInTheDocument();
    expect(screen.getByText(/What Bullpen does not do/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I consent: open the account' }));
    expect(await screen.findByText(authMessages.consentGranted)).toBeInTheDocument();
    expect(decisions).toEqual([{ decision: 'grant' }]);
  });

  it('says when the link no longer works', async () => {
    stubApi(() => ({ status: 400, body: { error: authMessages.linkInvalid } }));
    await renderWithApp(<ParentConsentPage />, { route: '/public/parent-consent?token=used' });
    expect(await screen.findByText(authMessages.linkInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /consent/ })).not.toBeInTheDocument();
  });
});
