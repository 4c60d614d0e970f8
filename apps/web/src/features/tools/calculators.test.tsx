import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calculatorMessages } from '@bullpen/contract/calculators';
import { renderWithApp } from '@/test/render.tsx';
import { CompoundInterestCalculator } from './components/CompoundInterestCalculator.tsx';
import { LoanPayoffCalculator } from './components/LoanPayoffCalculator.tsx';
import { PaycheckCalculator } from './components/PaycheckCalculator.tsx';
import { SavingsGoalCalculator } from './components/SavingsGoalCalculator.tsx';
import { ToolsPage } from './pages/ToolsPage.tsx';

/** The live result region's text, once it says `expected`. */
async function resultSays(expected: RegExp | string) {
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(expected));
  return screen.getByRole('status');
}

async function retype(label: string | RegExp, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
}

describe('the calculators', { timeout: 30_000 }, () => {
  it('compound interest: shows the balance, interest and doubling time, live', async () => {
    await renderWithApp(<CompoundInterestCalculator />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Compound interest and the rule of 72',
    );
    await retype('Money you add each month', '0');
    await retype('Money you start with', '1000');
    await retype('Interest rate per year (%)', '5');
    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    await retype('Years', '2');
    // 1,000 × 1.05² = 1,102.50; 72 ÷ 5 = 14.4; ln 2 ÷ ln 1.05 = 14.2.
    const result = await resultSays('Balance after 2 years$1,102.50');
    expect(result).toHaveTextContent('Interest earned$102.50');
    expect(result).toHaveTextContent(
      'Rule of 72: 72 ÷ 5 = 14.4 years. Worked out exactly: 14.2 years.',
    );
    await retype('Interest rate per year (%)', '0');
    await resultSays('At 0% your money never doubles.');
  });

  it('says what is wrong with a negative or unreadable value, and holds the result', async () => {
    await renderWithApp(<CompoundInterestCalculator />);
    await retype('Money you start with', '-50');
    expect(await screen.findByText(calculatorMessages.amountNegative)).toBeVisible();
    expect(screen.getByLabelText('Money you start with')).toHaveAttribute('aria-invalid', 'true');
    await resultSays('Fix the fields above to see the result.');
    // An emptied field says so once it is left (the kit's rule, docs/forms.md).
    await retype('Money you start with', '');
    await userEvent.tab();
    expect(await screen.findByText('Required')).toBeVisible();
    await retype('Money you start with', '1000');
    await retype('Years', '500');
    expect(await screen.findByText(calculatorMessages.yearsRange)).toBeVisible();
  });

  it('loan payoff: the lesson’s card takes 56 months; too small a payment never pays it off', async () => {
    await renderWithApp(<LoanPayoffCalculator />);
    await retype('Amount you owe', '1000');
    await retype('APR (%)', '24');
    await retype('Payment each month', '30');
    const result = await resultSays('Paid off in 56 months');
    expect(result).toHaveTextContent('Total interest$664.43');
    expect(result).toHaveTextContent('Total you pay$1,664.43');
    await retype('Payment each month', '20');
    await resultSays(
      "This payment never pays off the debt. The first month's interest is $20.00, so pay more than that.",
    );
  });

  it('loan payoff: finds the payment for a number of months', async () => {
    await renderWithApp(<LoanPayoffCalculator />);
    await userEvent.click(screen.getByRole('radio', { name: 'The payment, for a time I pick' }));
    expect(screen.queryByLabelText('Payment each month')).toBeNull();
    await retype('Amount you owe', '10000');
    await retype('APR (%)', '6');
    await retype('Months to pay it off', '60');
    const result = await resultSays('Paid off in 60 months');
    expect(result).toHaveTextContent('Payment each month$193.33');
  });

  it('paycheck: a weekly $500 takes home $442.71 in 2026', async () => {
    await renderWithApp(<PaycheckCalculator />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Paycheck: gross pay to net pay (2026)',
    );
    expect(
      screen.getByText(/Social Security tax stops after \$184,500\.00 of pay in 2026\./),
    ).toBeVisible();
    await retype('Gross pay for this paycheck', '500');
    await userEvent.click(screen.getByRole('radio', { name: 'Every week' }));
    const result = await resultSays('Net pay (what you take home)$442.71');
    expect(result).toHaveTextContent('Social Security (6.2%)−$31.00');
    expect(result).toHaveTextContent('Medicare (1.45%)−$7.25');
    expect(result).toHaveTextContent('Federal income tax (simplified)−$19.04');
  });

  it('savings goal: $1,200 in 12 months at 0% is $100.00 a month', async () => {
    await renderWithApp(<SavingsGoalCalculator headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Savings goal');
    await retype('Goal amount', '1200');
    await retype('Money saved so far', '0');
    await retype('Months until you need it', '12');
    await retype('Interest rate per year (%)', '0');
    await resultSays('Save each month$100.00');
    await retype('Money saved so far', '1500');
    await resultSays('You already have enough');
  });

  it('/tools lists the four with headings and links to each', async () => {
    await renderWithApp(<ToolsPage />, { route: '/tools' });
    expect(screen.getByRole('heading', { level: 1, name: 'Money calculators' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Compound interest and the rule of 72',
      'Loan and credit card payoff',
      'Paycheck: gross pay to net pay (2026)',
      'Savings goal',
    ]);
    const contents = screen.getByRole('navigation', { name: 'Calculators on this page' });
    expect(within(contents).getByRole('link', { name: 'Savings goal' })).toHaveAttribute(
      'href',
      '#savings-goal',
    );
    expect(document.getElementById('loan-payoff')).toHaveAccessibleName(
      'Loan and credit card payoff',
    );
    expect(screen.getAllByRole('status')).toHaveLength(4);
  });

  it('speaks Spanish: labels, results and the contract’s messages', async () => {
    await renderWithApp(<LoanPayoffCalculator />, { language: 'es' });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Pagar un préstamo o una tarjeta de crédito',
    );
    await retype('Cantidad que debes', '1000');
    await retype('Tasa anual (APR, %)', '24');
    await retype('Pago de cada mes', '30');
    const result = await resultSays('Pagada en 56 meses');
    expect(result.textContent).toMatch(/Intereses en total\s*\$\s?664\.43/);
    expect(result.closest('section')).toHaveAttribute('lang', 'es');
    await retype('Pago de cada mes', 'abc');
    expect(await screen.findByText('Escribe una cantidad en dólares, como 12.50.')).toBeVisible();
  });
});

describe('the tools catalogue', () => {
  it('holds the contract’s messages word for word, so each one is translated', () => {
    const english = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'locales', 'en', 'tools.json'), 'utf8'),
    ) as { messages: Record<string, string> };
    expect(english.messages).toEqual(calculatorMessages);
  });
});
