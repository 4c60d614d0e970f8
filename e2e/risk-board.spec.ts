import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';

/**
 * The risk-adjusted ranking (docs/decisions/050-risk-adjusted-board.md): a teacher turns it on
 * beside the rules; the contest page then has the Value and Risk-adjusted tabs, and the second
 * explains what it ranks by.
 */
test('a teacher turns on the Sharpe ranking and it shows beside the value ranking', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await logIn(page, demo.teacher.username, demo.teacher.password);
  await page.goto('/create');
  await page.getByLabel('Contest name').fill(`Steady ${stamp}`);
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(page).toHaveURL(/\/contest\/\d+$/);
  // No option yet: the value ranking alone.
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);

  await page.getByRole('button', { name: 'Risk-adjusted ranking' }).click();
  const dialog = page.getByRole('dialog', { name: /Risk-adjusted ranking for/ });
  await dialog.getByRole('combobox', { name: 'Ranking' }).click();
  await page.getByRole('option', { name: 'Sharpe ratio (steady gains)' }).click();
  await dialog.getByLabel('Trading days before a player is ranked').fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The risk-adjusted ranking is saved.')).toBeVisible();

  const tabs = page.getByRole('tablist', { name: 'Rankings' });
  await expect(tabs.getByRole('tab', { name: 'Value', selected: true })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Risk-adjusted' }).click();
  await expect(
    page.getByText(/Sharpe ratio: how much you gained for each bit of up-and-down/),
  ).toBeVisible();
  await expect(page.getByText('Not ranked yet: needs 3 trading days')).toBeVisible();
  await checkWidths(page, 'contest page with its risk-adjusted ranking');
});
