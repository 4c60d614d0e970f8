import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session.tsx';
import { renderWithApp } from '@/test/render.tsx';
import { signInTestUser, signOutTestUser, studentWithoutEmail } from '@/test/session-user.ts';
import { UnverifiedEmailNote } from './UnverifiedEmailNote.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  signOutTestUser();
});

const render = () =>
  renderWithApp(
    <SessionProvider>
      <p>page</p>
      <UnverifiedEmailNote />
    </SessionProvider>,
  );

describe('UnverifiedEmailNote', () => {
  it('asks an account with an unverified address to verify it', async () => {
    signInTestUser({ ...studentWithoutEmail, email: 'cy@school.test' });
    await render();
    expect(
      await screen.findByRole('link', { name: 'Send the verification link again' }),
    ).toBeVisible();
  });

  it('never asks an account without an address', async () => {
    const fetchMock = signInTestUser(studentWithoutEmail);
    await render();
    // The session's answer arrives and renders inside act(), as the note's decision depends on it.
    await act(async () => {
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('link', { name: 'Send the verification link again' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
