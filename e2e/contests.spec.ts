import type { APIRequestContext, Page } from '@playwright/test';
import { formatCents, formatNumber } from '@bullpen/contract/money';
import { messages } from '@bullpen/contract/messages';
import {
  demo,
  expect,
  expectAccessible,
  logIn,
  searchContestStocks,
  test,
} from './support/fixtures.ts';
import { latestMailTo } from './support/mail.ts';

test.describe.configure({ mode: 'serial' });

/** The session's token, for calling the API the way the app does. */
async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'token');
  if (!cookie) throw new Error('not logged in');
  return cookie.value;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `JWT ${token}` } });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

/** From the contest page: search a stock, BUY, and fill in the ticket (market order). */
async function buyFromContest(page: Page, symbol: string, shares: number) {
  const stocks = page.getByRole('region', { name: 'Stocks' });
  await searchContestStocks(page, symbol);
  await stocks.getByRole('button', { name: `BUY ${symbol}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/place-order/BUY/\\d+/\\d+$`));
  await expect(page.getByTestId('live-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await page.getByLabel('Shares').fill(String(shares));
  await page.getByRole('button', { name: 'Review buy order' }).click();
  await expect(page.getByRole('heading', { name: 'Check your order' })).toBeFocused();
  await page.getByRole('button', { name: 'Confirm buy' }).click();
  await expect(page).toHaveURL(/\/contest-portfolio\/\d+$/);
  await expect(
    page.getByText(new RegExp(`Bought ${shares} shares? of ${symbol} at`)),
  ).toBeVisible();
}

interface Holdings {
  cash: number;
  value: number;
  results: { symbol: string; share: number; cost_basis: number; value: number }[];
}
interface Board {
  results: { rank: number; contest_user: number; user: { username: string }; value: number }[];
}

test('a teacher runs a private contest: invite, join by code, trade, leaderboard, pending order', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const stamp = Date.now().toString(36);
  const studentEmail = `trader.${stamp}@school.test`;
  const studentName = `trader_${stamp}`;
  const studentPassword = 'green apple orchard';
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username: studentName,
      email: studentEmail,
      password: studentPassword,
      first_name: 'Tia',
      last_name: 'Nguyen',
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status()).toBe(201);

  // The teacher creates a private contest that queues after-hours orders.
  await logIn(page, demo.teacher.username, demo.teacher.password);
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Create Contest', level: 1 })).toBeVisible();
  await expectAccessible(page, 'create contest');
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(page.getByText('Use at least 3 characters.')).toBeVisible();
  await page.getByLabel('Starting cash').fill('lots');
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(page.getByText('Enter an amount in dollars, such as 10,000 or 4.95.')).toBeVisible();
  await expectAccessible(page, 'create contest errors');
  const contestName = `Period 3 ${stamp}`;
  await page.getByLabel('Contest name').fill(contestName);
  await page.getByLabel('Starting cash').fill('100,000');
  await page.getByLabel('Commission per trade').fill('1.50');
  await page.getByRole('radio', { name: 'Wait for the next open' }).check();
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(page).toHaveURL(/\/contest\/\d+$/);
  const contestId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name: contestName, level: 1 })).toBeVisible();
  await expect(page.getByText('Private', { exact: true })).toBeVisible();
  const joinCode = (await page.getByTestId('join-code').textContent())!.trim();
  expect(joinCode).toMatch(/^[A-Z0-9]{4,20}$/);
  await expectAccessible(page, 'contest page (owner)');

  // Invitation chips: none, invalid, duplicate, then a real send.
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: `Invite to ${contestName}` });
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByText(messages.chipNone)).toBeVisible();
  await expectAccessible(page, 'invite: none');
  const emailField = dialog.getByLabel('Email addresses');
  await emailField.fill('  not-an-email ');
  await emailField.press('Enter');
  await expect(dialog.getByText(messages.chipInvalid('not-an-email'))).toBeVisible();
  await expectAccessible(page, 'invite: invalid');
  await emailField.fill(`  ${studentEmail}  `);
  await emailField.press('Enter');
  await expect(dialog.getByRole('button', { name: new RegExp(`^${studentEmail}`) })).toBeVisible();
  await emailField.fill('friend@school.test,');
  await emailField.press(',');
  await emailField.fill(studentEmail.toUpperCase());
  await emailField.press('Tab');
  await expect(dialog.getByText(messages.chipDuplicate)).toBeVisible();
  await expectAccessible(page, 'invite: duplicate');
  await emailField.fill('');
  // A chip can be removed before sending.
  await dialog.getByRole('button', { name: /^friend@school\.test/ }).press('Delete');
  await expect(dialog.getByRole('button', { name: /^friend@school\.test/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('Invitation sent to 1 person.')).toBeVisible();

  // The student joins with the mail's single-use link (which also proves their address).
  const mail = await latestMailTo(studentEmail, /invited to a stock-market contest/);
  const link = mail.text.match(/https?:\/\/[^\s/]+(\/join\?invitation=[\w-]+)/);
  expect(mail.text).not.toContain(joinCode);
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await logIn(student, studentName, studentPassword);
  await student.goto(link![1]!);
  await expectAccessible(student, 'join page');
  await student.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(student).toHaveURL(new RegExp(`/contest/${contestId}$`));
  await expect(student.getByText(`Welcome to ${contestName}!`)).toBeVisible();
  await expectAccessible(student, 'contest page (member)');

  // Both trade: market orders fill at once (the e2e market is always open).
  await page.goto(`/contest/${contestId}`);
  await buyFromContest(page, 'AAPL', 3);
  await expectAccessible(page, 'portfolio (owner)');
  await buyFromContest(student, 'MSFT', 2);
  await student.getByRole('button', { name: 'Sell MSFT' }).click();
  await expect(student).toHaveURL(/\/place-order\/SELL\//);
  await student.getByLabel('Shares').fill('5');
  await student.getByRole('button', { name: 'Review sell order' }).click();
  await expect(student.getByText('You own 2 shares; you cannot sell 5.')).toBeVisible();
  await student.getByLabel('Shares').fill('1');
  await student.getByRole('button', { name: 'Review sell order' }).click();
  await expectAccessible(student, 'order ticket review');
  await student.getByRole('button', { name: 'Confirm sell' }).click();
  await expect(student.getByText(/Sold 1 share of MSFT at/)).toBeVisible();

  // A buy beyond the cash is refused on the ticket, before the review (the server refuses it too).
  await student.goto(`/contest/${contestId}`);
  await searchContestStocks(student, 'AAPL');
  await student
    .getByRole('region', { name: 'Stocks' })
    .getByRole('button', { name: 'BUY AAPL', exact: true })
    .click();
  await student.getByLabel('Shares').fill('100000');
  await student.getByRole('button', { name: 'Review buy order' }).click();
  await expect(student.getByText(/^Not enough buying power/)).toBeVisible();
  await expect(student.getByRole('button', { name: 'Confirm buy' })).toHaveCount(0);
  await expectAccessible(student, 'order ticket refused');

  // The portfolio shows the API's numbers.
  const teacherToken = await tokenOf(page);
  const teacherContest = await apiGet<{ my_contest_user: number }>(
    page.request,
    teacherToken,
    `/api/contests/${contestId}/`,
  );
  const teacherPortfolio = teacherContest.my_contest_user;
  await page.goto(`/contest-portfolio/${teacherPortfolio}`);
  const holdings = await apiGet<Holdings>(
    page.request,
    teacherToken,
    `/api/contest-user-securities/?contest_user=${teacherPortfolio}`,
  );
  const aapl = holdings.results.find((holding) => holding.symbol === 'AAPL')!;
  expect(aapl.share).toBe(3);
  // Cash paid the shares' cost and the $1.50 commission.
  expect(holdings.cash).toBe(10_000_000 - aapl.cost_basis - 150);
  const row = page.getByRole('row', { name: /Apple Inc\./ });
  await expect(row.locator('[data-column="shares"]')).toHaveText(formatNumber(3));
  await expect(row.locator('[data-column="cost-basis"]')).toHaveText(formatCents(aapl.cost_basis));
  await expect(page.getByText(formatCents(holdings.cash), { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /^Portfolio weights: AAPL/ })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Sell AAPL' })).toBeVisible();

  // The leaderboard matches the API. Values move with the market (a revaluation every tick), so
  // the page must show the board as the API gave it just before or just after the page loaded.
  await expect(async () => {
    const snapshot = async () =>
      (
        await apiGet<Board>(
          page.request,
          teacherToken,
          `/api/contest-users/leaderboard/?contest=${contestId}`,
        )
      ).results.map((entry) =>
        [String(entry.rank), entry.user.username, formatCents(entry.value)].join('|'),
      );
    const before = await snapshot();
    await page.goto(`/contest/${contestId}`);
    const board = page.getByRole('table', { name: 'Leaderboard' });
    await expect(board.getByRole('row')).toHaveCount(3);
    const shown = (await board.getByRole('row').allInnerTexts()).slice(1).map((text) => {
      const cells = text.split('\t').map((cell) => cell.replace(' (you)', '').trim());
      return [cells[0], cells[1], cells[2]].join('|');
    });
    const after = await snapshot();
    expect([before, after]).toContainEqual(shown);
  }).toPass({ timeout: 30_000 });

  // The student sees the teacher's portfolio read-only: Buy, no Sell.
  await student.goto(`/contest-portfolio/${teacherPortfolio}`);
  await expect(student.getByRole('heading', { name: /portfolio$/, level: 1 })).toBeVisible();
  const readOnlyRow = student.getByRole('row', { name: /Apple Inc\./ });
  await expect(readOnlyRow.getByRole('button', { name: 'Buy AAPL' })).toBeVisible();
  await expect(readOnlyRow.getByRole('button', { name: 'Sell AAPL' })).toHaveCount(0);
  await readOnlyRow.getByRole('button', { name: 'News: Apple Inc.' }).click();
  await expect(student.getByRole('dialog', { name: /Apple Inc\. \(AAPL\)/ })).toBeVisible();
  await student.keyboard.press('Escape');
  await expect(student.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(student, 'portfolio (viewer)');
  await studentContext.close();

  // A limit far below the price stays pending, shows on the portfolio and can be cancelled.
  await page.goto(`/contest/${contestId}`);
  await searchContestStocks(page, 'AAPL');
  await page
    .getByRole('region', { name: 'Stocks' })
    .getByRole('button', { name: 'BUY AAPL', exact: true })
    .click();
  await page.getByLabel('Shares').fill('2');
  await page.getByRole('radio', { name: 'Limit', exact: true }).check();
  await page.getByRole('button', { name: 'Review buy order' }).click();
  await expect(page.getByText('Enter a limit price for a limit order.')).toBeVisible();
  await page.getByLabel('Limit price').fill('1.00');
  await page.getByRole('button', { name: 'Review buy order' }).click();
  await expect(page.getByText('Limit at $1.00')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm buy' }).click();
  await expect(page).toHaveURL(/\/contest-portfolio\/\d+$/);
  await expect(page.getByText(/limit order for 2 shares of AAPL is waiting/)).toBeVisible();
  const pending = page.getByRole('region', { name: 'Pending orders' });
  await expect(pending.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'portfolio with a pending order');
  await pending.getByRole('button', { name: 'Cancel buy of AAPL' }).click();
  await expect(page.getByText('Your pending order for 2 AAPL was cancelled.')).toBeVisible();
  await expect(page.getByText('No pending orders.')).toBeVisible();

  // Order history and stats.
  await page.getByRole('link', { name: 'Order history' }).click();
  const history = page.getByRole('region', { name: 'Orders' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('Cancelled');
  await expectAccessible(page, 'order history');
  await page.getByRole('link', { name: 'Back to the portfolio' }).click();
  await page.getByRole('link', { name: 'Portfolio stats' }).click();
  await expect(page.getByText('Total return', { exact: true })).toBeVisible();
  await expect(page.getByText(formatCents(150), { exact: true })).toBeVisible();
  await expectAccessible(page, 'portfolio stats');

  // My contests lists it, with an empty public tab that points to join and create.
  await page.goto('/my-contests?type=private');
  await expect(page.getByRole('link', { name: contestName, exact: true })).toBeVisible();
  await expectAccessible(page, 'my private contests');
});

test('join, challenge and my-contests pages, and every contest page at 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/join?code=NOPE0000');
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByText('That join code does not match any contest.')).toBeVisible();
  await expectAccessible(page, 'join: bad code');
  await expectNoSidewaysScroll(page, 'join');

  await page.goto('/join-fintron-challenge');
  const join = page.getByRole('button', { name: 'Join the challenge' });
  const goTo = page.getByRole('link', { name: 'Go to my portfolio' });
  await expect(join.or(goTo)).toBeVisible();
  await expectAccessible(page, 'challenge');
  await expectNoSidewaysScroll(page, 'challenge');
  if (await join.isVisible()) await join.click();
  else await goTo.click();
  await expect(page).toHaveURL(/\/contest-portfolio\/\d+$/);
  await expect(page.getByRole('heading', { name: 'My portfolio', level: 1 })).toBeVisible();
  await expectAccessible(page, 'challenge portfolio at 360');
  await expectNoSidewaysScroll(page, 'portfolio');

  await page.getByRole('main').getByRole('link', { name: 'Bullpen Challenge' }).click();
  await expect(page).toHaveURL(/\/contest\/\d+$/);
  await expect(page.getByRole('table', { name: 'Leaderboard' })).toBeVisible();
  await expectAccessible(page, 'contest page at 360');
  await expectNoSidewaysScroll(page, 'contest');

  await searchContestStocks(page, 'AAPL');
  await page
    .getByRole('region', { name: 'Stocks' })
    .getByRole('button', { name: 'BUY AAPL', exact: true })
    .click();
  await expect(page.getByTestId('live-price')).toBeVisible();
  await expectAccessible(page, 'order ticket at 360');
  await expectNoSidewaysScroll(page, 'order ticket');

  await page.goto('/my-contests?type=public');
  await expect(page.getByRole('tab', { name: 'Public' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'my public contests');
  await expectNoSidewaysScroll(page, 'my contests');
  await page.getByRole('tab', { name: 'Private' }).click();
  await expect(page).toHaveURL(/type=private/);

  await page.goto('/create');
  await expectAccessible(page, 'create at 360');
  await expectNoSidewaysScroll(page, 'create');
});

test('a player describes their portfolio; other members read it', async ({ page, browser }) => {
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const teacherToken = await tokenOf(page);
  const created = await page.request.post('/api/contests/', {
    headers: { Authorization: `JWT ${teacherToken}` },
    data: {
      name: `Notes ${Date.now().toString(36)}`,
      visibility: 'public',
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      starting_cash: 10_000_000,
    },
  });
  expect(created.status()).toBe(201);
  const contest = (await created.json()) as { id: number; my_contest_user: number };

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await logIn(student, demo.student.username, demo.student.password);
  const joined = await student.request.post('/api/contest-users/', {
    headers: { Authorization: `JWT ${await tokenOf(student)}` },
    data: { contest: contest.id },
  });
  expect(joined.status()).toBe(201);
  const studentPortfolio = ((await joined.json()) as { id: number }).id;

  await student.goto(`/contest-portfolio/${studentPortfolio}`);
  await expect(
    student.getByText('Your portfolio’s value will be charted as it changes.'),
  ).toBeVisible();
  await student.getByRole('button', { name: 'Add a description' }).click();
  const field = student.getByRole('textbox', { name: 'Description' });
  await expect(field).toBeFocused();
  await field.fill('x'.repeat(501));
  await expect(student.getByText('501 of 500 characters.', { exact: false })).toBeVisible();
  await student.getByRole('button', { name: 'Save description' }).click();
  await expect(student.getByText('Use at most 500 characters.')).toBeVisible();
  await expectAccessible(student, 'description too long');
  await field.fill('  Tech stocks for the long run.\nNo selling in a panic.  ');
  await student.getByRole('button', { name: 'Save description' }).click();
  await expect(student.getByText('Your description was saved.')).toBeVisible();
  await expect(student.getByRole('button', { name: 'Edit description' })).toBeFocused();
  await expect(student.getByTestId('portfolio-description')).toHaveText(
    'Tech stocks for the long run.\nNo selling in a panic.',
  );
  await expectAccessible(student, 'portfolio with a description');
  await studentContext.close();

  // The owner of the contest reads it, with nothing to edit.
  await page.goto(`/contest-portfolio/${studentPortfolio}`);
  const about = page.getByRole('region', { name: 'About this portfolio' });
  await expect(about).toContainText('Tech stocks for the long run.');
  await expect(page.getByRole('button', { name: /description/ })).toHaveCount(0);
  // The owner's own portfolio, with no description yet, offers to add one.
  await page.goto(`/contest-portfolio/${contest.my_contest_user}`);
  await expect(page.getByRole('button', { name: 'Add a description' })).toBeVisible();
});
