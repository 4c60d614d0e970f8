import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@bullpen/contract/messages';
import { renderWithApp } from '@/test/render.tsx';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';

type Call = { method: string; url: string; body: unknown };

function stubApi(answer: { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('DeleteAccountCard', () => {
  it('asks for the password in a dialog, then says when the account goes', async () => {
    const calls = stubApi({
      status: 200,
      body: { deletion_due_at: '2026-12-19T05:00:00.000Z', detail: authMessages.deletionScheduled },
    });
    const user = userEvent.setup();
    await renderWithApp(<DeleteAccountCard userId={5} />);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = screen.getAllByRole('button', { name: 'Delete my account' }).at(-1)!;
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/Password/), 'green turtle sky{Enter}');
    expect(await screen.findByText(authMessages.deletionScheduled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      { method: 'POST', url: '/api/users/5/deletion/', body: { password: 'green turtle sky' } },
    ]);
  });

  it('shows a wrong password on the field, in Spanish too', async () => {
    stubApi({ status: 400, body: { password: [authMessages.currentPasswordWrong] } });
    const user = userEvent.setup();
    await renderWithApp(<DeleteAccountCard userId={5} />, { language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.type(await screen.findByLabelText(/Contraseña/), 'wrong{Enter}');
    expect(await screen.findByText('Tu contraseña actual no es correcta.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
