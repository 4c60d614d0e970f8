import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { tradingMessages } from '@bullpen/contract/trading';
import { formatCents } from '@bullpen/contract/money';
import { expect, expectAccessible, logIn, test } from './support/fixtures.ts';

/** Screenshots for a person to look at; outside the repository. */
const SHOTS = '/tmp/shots/C';

async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'token');
  if (!cookie) throw new Error('not logged in');
  return cookie.value;
}

test('the order ticket shows buying power and refuses what it cannot cover before the review', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const username = `ticket_${stamp}`;
  const password = 'blue river stones';
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username,
      email: `${username}@school.test`,
      password,
      first_name: 'Lea',
      last_name: 'Okafor',
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
      name: `Ticket check ${stamp}`,
      visibility: 'public',
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      starting_cash: 100_000,
      commission: 100,
    },
  });
  expect(created.status()).toBe(201);
  const contest = await created.json();
  const securities = await (
    await page.request.get('/api/securities/?search=AAPL', { headers: auth })
  ).json();
  const apple = securities.results.find((row: { symbol: string }) => row.symbol === 'AAPL');
  const ticketUrl = `/place-order/BUY/${contest.id}/${apple.id}`;

  await page.goto(ticketUrl);
  await expect(page.getByText('Buying power: $1,000.00')).toBeVisible();
  await expectAccessible(page, 'order ticket with buying power');

  // More than the buying power: refused on the ticket, never reaches the review.
  const tooMany = Math.ceil(100_000 / apple.last_price) + 1;
  await page.getByLabel('Shares').fill(String(tooMany));
  await expect(page.getByText(/Not enough buying power: that is more than your/)).toBeVisible();
  await page.getByRole('button', { name: 'Review buy order' }).click();
  await expect(page.getByText(/^Not enough buying power: this order needs/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your order' })).toHaveCount(0);

  // Over the per-order maximum: the right message, the server's own text.
  await page.getByLabel('Shares').fill('1000001');
  await page.getByRole('button', { name: 'Review buy order' }).click();
  await expect(page.getByText(tradingMessages.tooManyShares)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your order' })).toHaveCount(0);
  const refused = await page.request.post('/api/contest-user-orders/', {
    headers: auth,
    data: {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      quantity: 1_000_001,
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ quantity: [tradingMessages.tooManyShares] });

  // A limit buy far below the price waits and sets its cash aside: the ticket shows what is left.
  const limit = Math.floor(apple.last_price / 2);
  const quantity = Math.floor(60_000 / limit);
  const pending = await page.request.post('/api/contest-user-orders/', {
    headers: auth,
    data: {
      contest_user: contest.my_contest_user,
      security: apple.id,
      order_type: 'BUY',
      kind: 'limit',
      limit_price: limit,
      quantity,
    },
  });
  expect((await pending.json()).status).toBe('pending');
  const reserved = limit * quantity + 100;
  await page.goto(ticketUrl);
  await expect(
    page.getByText(
      `Buying power: ${formatCents(100_000 - reserved)} (${formatCents(reserved)} set aside for pending orders)`,
    ),
  ).toBeVisible();
  // Affordable with the cash, not with the buying power.
  const shares = Math.floor((100_000 - 100) / apple.last_price);
  expect(shares * apple.last_price + 100).toBeGreaterThan(100_000 - reserved);
  await page.getByLabel('Shares').fill(String(shares));
  await page.getByRole('button', { name: 'Review buy order' }).click();
  await expect(page.getByText(/^Not enough buying power: this order needs/)).toBeVisible();
  await expectAccessible(page, 'order ticket refusing an order over the buying power');

  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/ticket-${width}.png`, fullPage: true });
  }

  // One share fits: the review opens.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Shares').fill('1');
  await page.getByRole('button', { name: 'Review buy order' }).click();
  await expect(page.getByRole('heading', { name: 'Check your order' })).toBeFocused();
  await expectAccessible(page, 'order ticket review');
});
