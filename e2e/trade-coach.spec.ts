import type { Page } from '@playwright/test';
import { checkWidths, expect, logIn, test } from './support/fixtures.ts';

/**
 * The trade coach (issue #49, docs/decisions/047-trade-coach.md): a student with most of their
 * money in one stock is warned, on the ticket before the review, that one more buy of it
 * concentrates the portfolio, and the note's lesson opens inside the app.
 */

async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'token');
  if (!cookie) throw new Error('not logged in');
  return cookie.value;
}

test('the coach warns of a concentrated buy and links its lesson', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const username = `coach_${stamp}`;
  const password = 'blue river stones';
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username,
      email: `${username}@school.test`,
      password,
      first_name: 'Lia',
      last_name: 'Moreno',
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status()).toBe(201);
  await logIn(page, username, password);
  const auth = { Authorization: `JWT ${await tokenOf(page)}` };
  const now = Date.now();
  const created = await page.request.post('/api/contests/', {
    headers: auth,
    data: {
      name: `Coach ${stamp}`,
      visibility: 'public',
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      starting_cash: 10_000_000,
      commission: 0,
    },
  });
  expect(created.status()).toBe(201);
  const contest = await created.json();
  expect(contest.coach).toBe(true);
  const found = await (
    await page.request.get('/api/securities/?search=AAPL', { headers: auth })
  ).json();
  const apple = found.results.find((row: { symbol: string }) => row.symbol === 'AAPL');

  // Most of the cash in one stock: about 70% of the $100,000.
  const shares = Math.floor(7_000_000 / apple.last_price);
  const bought = await page.request.post('/api/contest-user-orders/', {
    headers: { ...auth, 'Idempotency-Key': `coach-${stamp}` },
    data: {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: shares,
    },
  });
  expect(bought.status()).toBe(201);
  expect((await bought.json()).status).toBe('filled');

  await page.goto(`/place-order/BUY/${contest.id}/${apple.id}`);
  await page.getByLabel('Shares').fill('10');
  const coach = page.getByTestId('coach');
  await expect(coach.getByRole('heading', { name: 'Coach' })).toBeVisible();
  const weight = coach.getByRole('listitem').filter({ hasText: 'AAPL will be' });
  await expect(weight).toHaveAttribute('data-level', 'warn');
  await expect(weight).toContainText(
    /Worth a second look: After this buy, AAPL will be 7\d(\.\d)?% of your portfolio, more than 25%\./,
  );
  await expect(coach).toContainText(/On a typical day of the last month, AAPL moved about \$/);
  // Before the review: the ticket is still the form.
  await expect(page.getByRole('button', { name: 'Review buy order' })).toBeVisible();
  await checkWidths(page, 'the order ticket with the coach');

  await weight.getByRole('link', { name: 'Lesson: Diversification and risk' }).click();
  await expect(page).toHaveURL(/\/public\/lessons\/diversification$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Diversification and risk' }),
  ).toBeVisible();
});
