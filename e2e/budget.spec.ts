import { readFile } from 'node:fs/promises';
import { demo, expect, expectAccessible, logIn, test, checkWidths } from './support/fixtures.ts';

test('a student loads a scenario, edits it, saves, reloads it, exports CSV and prints', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/budgeting');
  await expect(page.getByRole('heading', { level: 1, name: 'Master budget' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My budgets' })).toBeVisible();
  await checkWidths(page, 'my budgets');

  await page.getByRole('link', { name: 'New budget' }).click();
  await expect(page).toHaveURL(/\/budgeting\?budget=new$/);
  await page.getByLabel('Example', { exact: true }).selectOption('firstJob');
  await page.getByRole('button', { name: 'Load example' }).click();
  await expect(page.getByLabel('Budget name')).toHaveValue('My first job');
  const income = page.getByTestId('budget-income');
  const expenses = page.getByTestId('budget-expenses');
  const surplus = page.getByTestId('budget-surplus');
  // $265.96 every two weeks = $576.25 a month; the expenses add up to $309.99.
  await expect(income).toHaveText('$576.25');
  await expect(expenses).toHaveText('$309.99');
  await expect(surplus).toHaveText('+$266.26');
  const pie = page.getByTestId('budget-pie').getByRole('img');
  await expect(pie).toHaveAccessibleName(/Savings \$130\.00/);

  // Clothes from $30.00 to $130.50 a month: the totals and the pie follow as she types.
  const clothes = page.getByRole('listitem', { name: 'Expense 5' });
  await expect(clothes.getByLabel('What is it?')).toHaveValue('Clothes');
  await clothes.getByLabel('Amount ($)').fill('130.50');
  await expect(expenses).toHaveText('$410.49');
  await expect(surplus).toHaveText('+$165.76');
  await expect(pie).toHaveAccessibleName(/Shopping \$130\.50/);
  await expect(page.getByText('You have changes that are not saved yet.')).toBeVisible();
  await checkWidths(page, 'budget editor');

  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(page).toHaveURL(/\/budgeting\?budget=\d+$/);
  await expect(page.getByText('Budget saved.')).toBeVisible();
  await expect(page.getByText('You have changes that are not saved yet.')).toBeHidden();

  await page.reload();
  await expect(page.getByLabel('Budget name')).toHaveValue('My first job');
  await expect(
    page.getByRole('listitem', { name: 'Expense 5' }).getByLabel('Amount ($)'),
  ).toHaveValue('130.50');
  await expect(expenses).toHaveText('$410.49');
  await expect(page.getByTestId('budget-goal')).toContainText('Used car');

  // A line labelled like a formula is exported as text.
  const first = page.getByRole('listitem', { name: 'Expense 1' });
  await first.getByLabel('What is it?').fill('=HYPERLINK("http://x.test","go")');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('My-first-job.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Section,Line,Category,Group,Amount,How often,Monthly');
  expect(csv).toContain(`"'=HYPERLINK(""http://x.test"",""go"")"`);
  expect(csv).toContain('Expense,Clothes,Shopping,Wants,130.50,Monthly,130.50');
  expect(csv).toContain('Total,Expense,,,,,410.49');

  // On paper: the lines, totals and goals, without the app's header and menus.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('budget-print')).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save budget' })).toBeHidden();
  await expect(page.getByTestId('budget-print')).toContainText('Budget: My first job');
  await expect(page.getByTestId('budget-print')).toContainText('$410.49');
  await expect(page.getByTestId('budget-print')).toContainText('Used car');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('budget-print')).toBeHidden();
});

test('a student renames and deletes a budget from the list', async ({ page }) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/budgeting?budget=new');
  await page.getByLabel('Budget name').fill('Throwaway plan');
  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(page).toHaveURL(/\/budgeting\?budget=\d+$/);

  await page.getByRole('link', { name: 'Back to my budgets' }).click();
  await page.getByRole('button', { name: 'Rename: Throwaway plan' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename the budget' });
  await rename.getByLabel('Budget name').fill('Old plan');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'Old plan' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete: Old plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this budget?' });
  await expectAccessible(page, 'delete dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('link', { name: 'Old plan' })).toHaveCount(0);
});
