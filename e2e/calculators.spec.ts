import { demo, expect, checkWidths, logIn, test } from './support/fixtures.ts';

test('a student uses the payoff calculator inside the credit-card lesson', async ({ page }) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/lessons');
  await page.getByRole('link', { name: 'Credit and debt', exact: true }).click();
  await expect(page).toHaveURL(/\/lessons\?course=\d+$/);
  await page
    .getByRole('list', { name: 'Lessons in this course' })
    .getByRole('link', { name: /Credit cards and how a balance grows/ })
    .click();
  await expect(page).toHaveURL(/\/lessons\?lesson=\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Credit cards and how a balance grows' }),
  ).toBeVisible();

  // The calculator sits in the reading, under "Try the calculator", as its own section.
  const calculator = page.getByRole('region', { name: 'Loan and credit card payoff' });
  await expect(calculator.getByRole('heading', { level: 3 })).toBeVisible();
  const result = calculator.getByRole('status');

  await calculator.getByLabel('Amount you owe').fill('1000');
  await calculator.getByLabel('APR (%)').fill('24');
  await calculator.getByLabel('Payment each month').fill('30');
  await expect(result).toContainText('Paid off in 56 months');
  await expect(result).toContainText('Total interest$664.43');

  // With the keyboard: a bigger payment, then the other question.
  await calculator.getByLabel('Payment each month').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('50');
  await expect(result).toContainText('Paid off in 26 months');
  await expect(result).toContainText('Total interest$289.88');
  await calculator.getByLabel('Payment each month').fill('20');
  await expect(result).toContainText('This payment never pays off the debt.');
  await calculator.getByLabel('Payment each month').fill('-5');
  await expect(calculator.getByText('Enter an amount of $0.00 or more.')).toBeVisible();
  await expect(result).toHaveText(/Fix the fields above to see the result\./);

  await calculator.getByRole('radio', { name: 'The payment, for a time I pick' }).check();
  await calculator.getByLabel('Months to pay it off').fill('12');
  await expect(result).toContainText('Paid off in 12 months');
  await expect(result).toContainText(/Payment each month\$94\.56/);

  await checkWidths(page, 'a lesson with a calculator');
});

test('/tools has the four calculators, reached from the menu, and passes axe at 360 and 1280 px', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/public/home');
  await page.getByRole('button', { name: 'Classroom', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Calculators' }).click();
  await expect(page).toHaveURL(/\/tools$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Money calculators' })).toBeVisible();
  // The page's own sections (the footer has h2s of its own).
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Compound interest and the rule of 72',
    'Loan and credit card payoff',
    'Paycheck: gross pay to net pay (2026)',
    'Savings goal',
  ]);

  const paycheck = page.getByRole('region', { name: 'Paycheck: gross pay to net pay (2026)' });
  await paycheck.getByLabel('Gross pay for this paycheck').fill('300');
  await paycheck.getByRole('radio', { name: 'Every week' }).check();
  await expect(paycheck.getByRole('status')).toContainText('Net pay (what you take home)$277.05');

  await checkWidths(page, '/tools');
});
