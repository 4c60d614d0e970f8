import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { messages } from '@bullpen/contract/messages';
import type { Language } from '@/lib/i18n.ts';
import { renderWithApp } from '@/test/render.tsx';
import { EmailChipsInput } from './EmailChipsInput.tsx';

/** The chips as a form uses them: sending with none says so (as the invite dialog does). */
function Invite() {
  const { t } = useTranslation('validation');
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <EmailChipsInput
        label="Emails"
        emails={emails}
        onChange={setEmails}
        error={error}
        onErrorClear={() => setError(null)}
      />
      <button type="button" onClick={() => emails.length === 0 && setError(t('chipNone'))}>
        Send
      </button>
    </>
  );
}

const renderInvite = (language: Language = 'en') => renderWithApp(<Invite />, { language });

describe('the email chips input (spec section 5)', { timeout: 20_000 }, () => {
  it('adds a trimmed chip on Enter, Tab or comma', async () => {
    await renderInvite();
    const input = screen.getByLabelText('Emails');
    await userEvent.type(input, '  ana@school.test {Enter}');
    await userEvent.type(input, 'ben@school.test,');
    await userEvent.type(input, 'cy@school.test');
    await userEvent.tab();
    const list = screen.getByRole('list', { name: 'Addresses to invite' });
    expect(list).toHaveTextContent('ana@school.test');
    expect(list).toHaveTextContent('ben@school.test');
    expect(list).toHaveTextContent('cy@school.test');
  });

  it("refuses a duplicate with 'already been added'", async () => {
    await renderInvite();
    const input = screen.getByLabelText('Emails');
    await userEvent.type(input, 'ana@school.test{Enter}ANA@school.test{Enter}');
    expect(screen.getByText(`ANA@school.test has ${messages.chipDuplicate}.`)).toBeInTheDocument();
  });

  it('refuses an invalid address with the spec’s sentence', async () => {
    await renderInvite();
    await userEvent.type(screen.getByLabelText('Emails'), 'not-an-email{Enter}');
    expect(screen.getByText(messages.chipInvalid('not-an-email'))).toBeInTheDocument();
    expect(screen.getByText('not-an-email is not a valid email address.')).toBeInTheDocument();
  });

  it('says how to add addresses when sent with none', async () => {
    await renderInvite();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please type email addresses and click `Enter`')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await renderInvite('es');
    await userEvent.type(screen.getByLabelText('Emails'), 'nada{Enter}');
    expect(
      screen.getByText('nada no es una dirección de correo electrónico válida.'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Emails'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      screen.getByText('Escribe direcciones de correo electrónico y pulsa `Enter`'),
    ).toBeInTheDocument();
  });
});
