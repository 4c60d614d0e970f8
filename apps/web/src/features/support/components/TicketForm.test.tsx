import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session.tsx';
import { renderWithApp } from '@/test/render.tsx';
import { signInTestUser, signOutTestUser, studentWithoutEmail } from '@/test/session-user.ts';
import { TicketForm } from './TicketForm.tsx';

/**
 * The visitor's contact-sales form in the browser: spec section 5's messages, the submit
 * button held while incomplete and until the human check, and spec section 4's states. The
 * ALTCHA widget itself (Web Workers) is exercised by e2e/support.spec.ts; here a stand-in
 * reports a payload the way the wrapper does.
 */
vi.mock('./AltchaWidget.tsx', () => ({
  AltchaWidget: ({ onChange, error }: { onChange: (payload: string) => void; error?: string }) => (
    <div>
      <button type="button" onClick={() => onChange('c29sdmVk')}>
        stand-in check
      </button>
      {error && <p>{error}</p>}
    </div>
  ),
}));

function stubTicketApi(answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

async function renderSalesForm() {
  await renderWithApp(
    <SessionProvider>
      <TicketForm kind="contact_sales" />
    </SessionProvider>,
  );
  return userEvent.setup();
}

async function fillSalesForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Dana');
  await user.type(screen.getByLabelText('Last name'), 'Reyes');
  await user.type(screen.getByLabelText('Email'), 'dana@district.test');
  await user.type(screen.getByLabelText('School or district'), 'Lincoln Unified');
  await user.type(screen.getByLabelText('Tell us about your school or district'), 'Prices?');
}

// Typing into a form is slow on a busy machine (as BudgetingPage.test.tsx): 20 s, not 5.
describe('the contact-sales form for a visitor', { timeout: 20_000 }, () => {
  it('says Required and Invalid email, and holds Send until complete and checked', async () => {
    stubTicketApi({ status: 201, body: {} });
    const user = await renderSalesForm();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.click(screen.getByLabelText('First name'));
    await user.tab();
    expect(await screen.findByText('Required')).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'dana@');
    await user.tab();
    expect(await screen.findByText('Invalid email')).toBeVisible();
    await user.clear(screen.getByLabelText('Email'));

    await fillSalesForm(user);
    expect(screen.queryByText('Required')).toBeNull();
    // Complete, but not yet checked: the position is optional, the human check is not.
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'stand-in check' }));
    await waitFor(() => expect(send).toBeEnabled());
  });

  it('sends the filled fields and the check, thanks, and Close empties the form', async () => {
    const fetchMock = stubTicketApi({
      status: 201,
      body: { id: 1, kind: 'contact_sales', status: 'open', created_at: '2026-11-23T10:00:00Z' },
    });
    const user = await renderSalesForm();
    await fillSalesForm(user);
    await user.click(screen.getByRole('button', { name: 'stand-in check' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Thank you!')).toBeVisible();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('contact-sales'));
    expect(call).toBeDefined();
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      first_name: 'Dana',
      last_name: 'Reyes',
      email: 'dana@district.test',
      school_name: 'Lincoln Unified',
      description: 'Prices?',
      g_recaptcha_token: 'c29sdmVk',
      language: 'en',
    });

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Tell us about your school or district')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows the spec sentence for an unknown error, and a refused check under the check', async () => {
    stubTicketApi({ status: 500, body: { error: 'An unknown error happened somewhere.' } });
    const user = await renderSalesForm();
    await fillSalesForm(user);
    await user.click(screen.getByRole('button', { name: 'stand-in check' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(
        'An unknown error occurred. Please refresh your browser and try again.',
      ),
    ).toBeVisible();

    stubTicketApi({ status: 400, body: { g_recaptcha_token: ['Verify that you are human.'] } });
    await user.click(screen.getByRole('button', { name: 'stand-in check' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Verify that you are human.')).toBeVisible();
    // The used check is dropped: Send waits for a new one.
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

// Typing into a form is slow on a busy machine (as BudgetingPage.test.tsx): 20 s, not 5.
describe('the support form for a student without an email address', { timeout: 20_000 }, () => {
  afterEach(() => signOutTestUser());

  it('promises no answer by mail: the message goes to the teacher too', async () => {
    const fetchMock = signInTestUser(studentWithoutEmail, (method, path) =>
      method === 'POST' && path === '/api/support-tickets/'
        ? { status: 201, body: { id: 4 } }
        : undefined,
    );
    await renderWithApp(
      <SessionProvider>
        <TicketForm kind="support" />
      </SessionProvider>,
    );
    expect(
      await screen.findByText(
        'You are signed in as Cy Cole. Your account has no email address, so your message also goes to your teacher, who will help you with the answer.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/we will answer at/)).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('How can we help?'), 'I cannot find my lesson.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'We received your message and passed it to your teacher, who will help you with the answer.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/sent a confirmation to your email/)).toBeNull();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/api/support-tickets/') && init?.method === 'POST',
      ),
    ).toBe(true);
  });
});
