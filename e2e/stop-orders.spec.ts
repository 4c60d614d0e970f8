import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { formatCents } from '@bullpen/contract/money';
import { alwaysOpenCalendar } from '../apps/server/src/market/calendar.ts';
import { simulatedProvider } from '../apps/server/src/market/provider-simulated.ts';
import { expect, expectAccessible, logIn, noSidewaysScroll, test } from './support/fixtures.ts';

/**
 * A stop order placed on the ticket waits, triggers on the tick that crosses its stop and fills
 * there (docs/decisions/044-stop-orders.md). The e2e server's market never closes, ticks every
 * few seconds and is the seeded simulation (seed `bullpen`, e2e/support/server.ts): the test
 * works out the same prices to pick a stop that the price stays below for over a minute and
 * then crosses.
 */

/**
 * A stock and a buy stop above every price from now to a minute and a half from now, that a
 * price in the following five minutes reaches: the stop, and when it is first crossed.
 */
async function stopCrossedSoon(symbols: readonly string[]) {
  const provider = simulatedProvider('bullpen', alwaysOpenCalendar);
  const now = Date.now();
  for (const symbol of symbols) {
    const prices: { at: number; cents: number }[] = [];
    for (let at = now; at <= now + 7 * 60_000; at += 2_000) {
      prices.push({ at, cents: (await provider.quote(symbol, at))!.lastCents });
    }
    const quiet = prices.filter((price) => price.at <= now + 90_000);
    const stop = Math.max(...quiet.map((price) => price.cents)) + 1;
    const crossing = prices.find((price) => price.at > now + 90_000 && price.cents >= stop);
    if (crossing) return { symbol, stop, at: crossing.at };
  }
  throw new Error('no stock crosses a stop in the next minutes');
}

/** Screenshots for a person to look at; outside the repository. */
const SHOTS = '/tmp/shots/orders';

async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'token');
  if (!cookie) throw new Error('not logged in');
  return cookie.value;
}

test('a stop order placed on the ticket triggers and fills at the crossing tick', async ({
  page,
}) => {
  test.setTimeout(420_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now().toString(36);
  const username = `stop_${stamp}`;
  const password = 'blue river stones';
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username,
      email: `${username}@school.test`,
      password,
      first_name: 'Noa',
      last_name: 'Berg',
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
      name: `Stops ${stamp}`,
      visibility: 'public',
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      starting_cash: 10_000_000,
      commission: 0,
    },
  });
  expect(created.status()).toBe(201);
  const contest = await created.json();
  const me = contest.my_contest_user as number;
  const symbols = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM', 'KO', 'XOM'];
  const plan = await stopCrossedSoon(symbols);
  const found = await (
    await page.request.get(`/api/securities/?search=${plan.symbol}`, { headers: auth })
  ).json();
  const apple = found.results.find((row: { symbol: string }) => row.symbol === plan.symbol);

  // The buy stop, on the ticket at 360 px.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/place-order/BUY/${contest.id}/${apple.id}`);
  await page.getByRole('radio', { name: 'Stop', exact: true }).check();
  await expect(
    page.getByText('Waits until the price rises to your stop, then buys at that price.'),
  ).toBeVisible();
  const buyStop = plan.stop;
  await page.getByLabel('Stop price').fill((buyStop / 100).toFixed(2));
  await page.getByLabel('Shares').fill('2');
  await expectAccessible(page, 'order ticket with a stop at 360 px');
  await noSidewaysScroll(page, 'order ticket with a stop at 360 px');
  await page.screenshot({ path: `${SHOTS}/stop-ticket-360.png`, fullPage: true });
  await page.getByRole('button', { name: 'Review buy order' }).click();
  await expect(page.getByRole('heading', { name: 'Check your order' })).toBeVisible();
  await expect(page.getByTestId('review-type')).toHaveText(
    `Stop at ${formatCents(buyStop)}: then at the market price`,
  );
  await expectAccessible(page, 'stop order review at 360 px');
  await page.screenshot({ path: `${SHOTS}/stop-review-360.png`, fullPage: true });
  await page.getByRole('button', { name: 'Confirm buy' }).click();
  await expect(
    page.getByText(`Your stop order for 2 shares of ${plan.symbol} is waiting`, { exact: false }),
  ).toBeVisible();

  type Row = { kind: string; status: string; fill_price: number | null; stop_price: number | null };
  let filled: Row | undefined;
  await expect
    .poll(
      async () => {
        const history = await (
          await page.request.get(`/api/contest-user-orders/?contest_user=${me}`, { headers: auth })
        ).json();
        filled = (history.results as Row[]).find((row) => row.kind === 'stop');
        return filled?.status;
      },
      { timeout: plan.at - Date.now() + 60_000, intervals: [5_000] },
    )
    .toBe('filled');
  // Not before the crossing, and at a price at or above the stop.
  expect(Date.now()).toBeGreaterThanOrEqual(plan.at - 5_000);
  expect(filled!.fill_price!).toBeGreaterThanOrEqual(buyStop);

  // The history names it a stop, with its stop price, filled.
  await page.goto(`/contest-order-history/${contest.owner.id}/${contest.id}`);
  const row = page.locator('tr', { hasText: `stop ${formatCents(filled!.stop_price!)}` });
  await expect(row.first()).toContainText('Filled');
  await expectAccessible(page, 'order history with a filled stop at 360 px');
});

test('at 360 px the stock list shows a whole Buy button and the price', async ({ page }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  const stamp = Date.now().toString(36);
  const username = `list_${stamp}`;
  const password = 'blue river stones';
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username,
      email: `${username}@school.test`,
      password,
      first_name: 'Ari',
      last_name: 'Sol',
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status()).toBe(201);
  await logIn(page, username, password);
  const auth = { Authorization: `JWT ${await tokenOf(page)}` };
  const now = Date.now();
  const contest = await (
    await page.request.post('/api/contests/', {
      headers: auth,
      data: {
        name: `List ${stamp}`,
        visibility: 'public',
        starts_at: new Date(now - 86_400_000).toISOString(),
        ends_at: new Date(now + 30 * 86_400_000).toISOString(),
        starting_cash: 100_000,
      },
    })
  ).json();
  await page.goto(`/contest/${contest.id}`);
  // On a phone the list loads as "Buy stocks" scrolls near (docs/decisions/025).
  await page.getByRole('heading', { name: 'Buy stocks' }).scrollIntoViewIfNeeded();
  const row = page
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: /^Buy /i }) });
  await row.first().scrollIntoViewIfNeeded();
  const buy = row.first().getByRole('button', { name: /^Buy /i });
  const price = row.first().locator('td').nth(2);
  await expect(price).toHaveText(/^\$[\d,]+\.\d\d$/);
  // The right edge of what the table's scroll box shows (its arrows take the rest).
  const width = await row.first().evaluate((element) => {
    let box: HTMLElement | null = element.parentElement;
    while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
    return (box ?? document.documentElement).getBoundingClientRect().right;
  });
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  for (const [what, box] of [
    ['Buy button', await buy.boundingBox()],
    ['price', await price.boundingBox()],
  ] as const) {
    expect(box, what).not.toBeNull();
    expect(box!.x, what).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what} ends inside the screen`).toBeLessThanOrEqual(width);
  }
  await page.screenshot({ path: `${SHOTS}/stock-list-360.png` });
  await expectAccessible(page, 'contest page with the stock list at 360 px');
});
