import {
  demo,
  expect,
  expectAccessible,
  logIn,
  searchContestStocks,
  test,
} from './support/fixtures.ts';

/**
 * Runs against the second e2e server: New York calendar with its clock started on a Saturday,
 * so the market is closed and market orders wait for Monday's open as pending orders.
 */
test('a market order placed while the market is closed waits as a pending order and can be cancelled', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/join-fintron-challenge');
  await page.getByRole('button', { name: /^Join/ }).first().click();
  await expect(page).toHaveURL(/\/(contest|contest-portfolio)\/\d+$/);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')!.value;
  const auth = { authorization: `JWT ${token}` };
  const challenge = await (
    await page.request.get('/api/contests/challenge/', { headers: auth })
  ).json();

  await page.goto(`/contest/${challenge.id}`);
  await searchContestStocks(page, 'MSFT');
  await page
    .getByRole('region', { name: 'Stocks' })
    .getByRole('button', { name: 'BUY MSFT', exact: true })
    .click();
  await expect(page).toHaveURL(/\/place-order\/BUY\/\d+\/\d+$/);
  await expect(page.getByText('Your order will be filled at the next open').first()).toBeVisible();
  await expectAccessible(page, 'order ticket, market closed');
  await page.getByLabel('Shares').fill('3');
  await page.getByRole('button', { name: 'Review buy order' }).click();
  await page.getByRole('button', { name: 'Confirm buy' }).click();
  await expect(page).toHaveURL(/\/contest-portfolio\/\d+$/);

  const pending = page.getByRole('region', { name: 'Pending orders' }).first();
  await expect(pending.getByRole('row')).toHaveCount(2);
  await expect(pending).toContainText('MSFT');
  await expectAccessible(page, 'portfolio with a pending order, market closed');
  const portfolioId = Number(page.url().split('/').pop());
  const invests = await (
    await page.request.get(`/api/contest-invests/?contest_user=${portfolioId}`, {
      headers: {
        authorization: `JWT ${(await page.context().cookies()).find((c) => c.name === 'token')!.value}`,
      },
    })
  ).json();
  expect(invests.results).toEqual([
    expect.objectContaining({ symbol: 'MSFT', quantity: 3, status: 'pending' }),
  ]);

  await pending.getByRole('button', { name: 'Cancel buy of MSFT' }).click();
  await expect(page.getByText('Your pending order for 3 MSFT was cancelled.')).toBeVisible();
  await expect(page.getByText('No pending orders.')).toBeVisible();
});
