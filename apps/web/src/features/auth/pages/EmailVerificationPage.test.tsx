import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session.tsx';
import { renderWithApp } from '@/test/render.tsx';
import { signInTestUser, signOutTestUser, studentWithoutEmail } from '@/test/session-user.ts';
import { EmailVerificationPage } from './EmailVerificationPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  signOutTestUser();
});

const render = (language: 'en' | 'es' = 'en') =>
  renderWithApp(
    <SessionProvider>
      <EmailVerificationPage />
    </SessionProvider>,
    { route: '/public/email-verification', language },
  );

describe('the email-verification page without a link', () => {
  it('tells an account without an address there is nothing to verify, and offers no link', async () => {
    signInTestUser(studentWithoutEmail);
    await render();
    expect(await screen.findByText(/Your account has no email address/)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Nothing to verify' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /send/i })).toBeNull();
    expect(screen.queryByText(/We sent a verification link/)).toBeNull();
  });

  it('says it in Spanish too', async () => {
    signInTestUser({ ...studentWithoutEmail, language: 'es' });
    await render('es');
    expect(await screen.findByRole('heading', { name: 'Nada que verificar' })).toBeVisible();
  });

  it('still shows an unverified address where the link went', async () => {
    signInTestUser({ ...studentWithoutEmail, email: 'cy@school.test' });
    await render();
    expect(await screen.findByText('cy@school.test')).toBeVisible();
  });
});
