import { Route, Routes } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Budget } from '@bullpen/contract/budget';
import { stubApi } from '@/test/stub-api.ts';
import { renderWithApp } from '@/test/render.tsx';
import { BudgetingPage } from './BudgetingPage.tsx';

const saved: Budget = {
  id: 7,
  name: 'Summer job',
  incomes: [{ label: 'Pay', category: 'wages', amount_cents: 100_000, frequency: 'monthly' }],
  expenses: [
    { label: 'Rent', category: 'housing', amount_cents: 60_000, frequency: 'monthly' },
    { label: 'Games', category: 'entertainment', amount_cents: 10_000, frequency: 'monthly' },
  ],
  goals: [{ name: 'Bike', target_cents: 30_000, saved_cents: 0, target_date: '2099-01-01' }],
  totals: {
    monthly_income_cents: 100_000,
    monthly_expenses_cents: 70_000,
    needs_cents: 60_000,
    wants_cents: 10_000,
    savings_cents: 0,
    surplus_cents: 30_000,
  },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

function renderAt(route: string) {
  return renderWithApp(
    <Routes>
      <Route path="/budgeting" element={<BudgetingPage />} />
      <Route path="/errors/error-404" element={<h1>Page not found</h1>} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const figure = (testId: string) => screen.getByTestId(testId).textContent;

// Typing into a long form is slow on a busy machine; the default 5 s is too tight.
describe('/budgeting', { timeout: 20_000 }, () => {
  it('recomputes the totals, the 50/30/20 rows and the pie as the student types', async () => {
    stubApi((method, path) =>
      method === 'GET' && path === '/api/recurring/master-budgets/7/'
        ? { status: 200, body: saved }
        : undefined,
    );
    const user = userEvent.setup();
    await renderAt('/budgeting?budget=7');
    expect(await screen.findByDisplayValue('Summer job')).toBeInTheDocument();
    expect(figure('budget-income')).toBe('$1,000.00');
    expect(figure('budget-expenses')).toBe('$700.00');
    expect(figure('budget-surplus')).toBe('+$300.00');
    expect(figure('budget-savings-rate')).toBe('30.00%');
    expect(
      within(screen.getByTestId('budget-rule-needs')).getByText('Over the guide'),
    ).toBeVisible();

    const rent = screen.getAllByLabelText('Amount ($)')[1]!;
    await user.clear(rent);
    await user.type(rent, '1200.5');
    expect(figure('budget-expenses')).toBe('$1,300.50');
    expect(figure('budget-surplus')).toBe('−$300.50');
    expect(
      screen.getByText('You spend more than you earn: cut an expense or earn more.'),
    ).toBeVisible();
    expect(screen.getByText('You have changes that are not saved yet.')).toBeVisible();
    expect(
      screen.getByRole('img', { name: /Monthly expenses by category: Housing \$1,200\.50/ }),
    ).toBeInTheDocument();

    // Twice a month: 1200.50 × 24 / 12 = 2401.00.
    await user.selectOptions(screen.getAllByLabelText('How often')[1]!, 'semimonthly');
    expect(figure('budget-expenses')).toBe('$2,501.00');
  });

  it('loads a scenario, then saves a new budget and opens it', async () => {
    const fetchMock = stubApi((method, path, body) => {
      if (method === 'POST' && path === '/api/recurring/master-budgets/') {
        return {
          status: 201,
          body: { ...(body as object), id: 9, created_at: '', updated_at: '' },
        };
      }
      if (method === 'GET' && path === '/api/recurring/master-budgets/9/') {
        return { status: 200, body: { ...saved, id: 9 } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderAt('/budgeting?budget=new');
    await user.selectOptions(await screen.findByLabelText('Example'), 'firstJob');
    expect(screen.getByText(/You work 12 hours a week at \$12\.00 an hour/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load example' }));
    expect(screen.getByLabelText('Budget name')).toHaveValue('My first job');
    expect(figure('budget-income')).toBe('$576.25');
    expect(screen.getByDisplayValue('Car savings')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save budget' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/recurring/master-budgets/',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
    expect(await screen.findByText('Budget saved.')).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const sent = JSON.parse(String(post[1]!.body));
    expect(sent.name).toBe('My first job');
    expect(sent.incomes).toEqual([
      { label: 'Paycheck', category: 'wages', amount_cents: 26_596, frequency: 'biweekly' },
    ]);
    expect(sent.goals[0]).toMatchObject({
      name: 'Used car',
      target_cents: 300_000,
      saved_cents: 40_000,
    });
  });

  it('shows the field errors of the contract and does not save', async () => {
    const fetchMock = stubApi(() => undefined);
    const user = userEvent.setup();
    await renderAt('/budgeting?budget=new');
    await user.click(await screen.findByRole('button', { name: 'Add an income' }));
    await user.type(screen.getByLabelText('Amount ($)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Save budget' }));
    expect(await screen.findByText('Say what this line is for.')).toBeVisible();
    expect(screen.getByText('Enter an amount in dollars, like 12.50.')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists my budgets and deletes one only after the dialog says yes', async () => {
    let budgets = [saved];
    const fetchMock = stubApi((method, path) => {
      if (method === 'GET' && path === '/api/recurring/master-budgets/') {
        return {
          status: 200,
          body: { count: budgets.length, next: null, previous: null, results: budgets },
        };
      }
      if (method === 'DELETE' && path === '/api/recurring/master-budgets/7/') {
        budgets = [];
        return { status: 204, body: null };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderAt('/budgeting');
    expect(await screen.findByRole('link', { name: 'Summer job' })).toHaveAttribute(
      'href',
      '/budgeting?budget=7',
    );
    expect(screen.getByText('Each month: $1,000.00 in, $700.00 out (+$300.00)')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete: Summer job' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this budget?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ method: 'DELETE' }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete: Summer job' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this budget?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(/You have no budgets yet/)).toBeVisible();
  });

  it('sends an id that cannot be one to the 404 page', async () => {
    stubApi(() => undefined);
    await renderAt('/budgeting?budget=abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
