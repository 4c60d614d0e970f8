import type { Page } from '@playwright/test';
import { contestMessages } from '@bullpen/contract/contests';
import {
  demo,
  expect,
  expectAccessible,
  logIn,
  searchContestStocks,
  test,
} from './support/fixtures.ts';

async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'token');
  if (!cookie) throw new Error('not logged in');
  return cookie.value;
}

/** Searches the contest page's stock list and presses BUY. */
async function pressBuy(page: Page, symbol: string) {
  await searchContestStocks(page, symbol);
  await page
    .getByRole('region', { name: 'Stocks' })
    .getByRole('button', { name: `BUY ${symbol}`, exact: true })
    .click();
}

test('the owner freezes trading, orders are refused with the reason, then resumes', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const contestName = `Freeze ${stamp}`;

  // The teacher owns a public contest with a $5 commission; a new student joins it.
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const created = await page.request.post('/api/contests/', {
    headers: { Authorization: `JWT ${await tokenOf(page)}` },
    data: {
      name: contestName,
      visibility: 'public',
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      starting_cash: 10_000_000,
      commission: 500,
    },
  });
  expect(created.status()).toBe(201);
  const contestId = ((await created.json()) as { id: number }).id;

  const studentName = `freezer_${stamp}`;
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username: studentName,
      email: `${studentName}@school.test`,
      password: 'blue river stones',
      first_name: 'Fay',
      last_name: 'Ortiz',
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status()).toBe(201);
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await logIn(student, studentName, 'blue river stones');
  await student.goto(`/contest/${contestId}`);
  await student.getByRole('button', { name: 'Join this contest' }).click();
  await expect(student.getByText(`Welcome to ${contestName}!`)).toBeVisible();

  // The student gets as far as checking an order before the owner freezes the contest.
  await pressBuy(student, 'AAPL');
  await expect(student).toHaveURL(new RegExp(`/place-order/BUY/${contestId}/\\d+$`));
  const ticketPath = new URL(student.url()).pathname;
  await student.getByLabel('Shares').fill('1');
  await student.getByRole('button', { name: 'Review buy order' }).click();
  await expect(student.getByRole('heading', { name: 'Check your order' })).toBeFocused();

  await page.goto(`/contest/${contestId}`);
  await expect(page.getByRole('button', { name: 'Resume trading' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Freeze trading' }).click();
  const confirm = page.getByRole('dialog', { name: 'Freeze trading?' });
  await expect(confirm).toContainText('Nobody in');
  await expectAccessible(page, 'freeze confirmation');
  await confirm.getByRole('button', { name: 'Freeze trading' }).click();
  await expect(page.getByText(`Trading is paused in ${contestName}.`)).toBeVisible();
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();
  await expect(page.getByText(/^You paused trading/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Freeze trading' })).toHaveCount(0);
  await expectAccessible(page, 'frozen contest (owner)');

  // The server refuses the student's order with the contract's message.
  await student.getByRole('button', { name: 'Confirm buy' }).click();
  await expect(
    student.getByRole('alert').filter({ hasText: contestMessages.frozen }),
  ).toBeVisible();
  await expectAccessible(student, 'order ticket refused: frozen');

  // Everyone sees the pause; BUY explains it instead of opening a ticket.
  await student.goto(`/contest/${contestId}`);
  await expect(student.getByText(contestMessages.frozen)).toBeVisible();
  await expect(student.getByRole('button', { name: 'Freeze trading' })).toHaveCount(0);
  await pressBuy(student, 'AAPL');
  const paused = student.getByRole('dialog', { name: 'Trading is paused' });
  await expect(paused).toContainText(contestMessages.frozen);
  await expect(student).toHaveURL(new RegExp(`/contest/${contestId}$`));
  await expectAccessible(student, 'trading paused dialog');
  await paused.getByRole('button', { name: 'OK' }).click();
  await expect(paused).toBeHidden();

  // A ticket opened while frozen says so up front and does not offer a review.
  await student.goto(ticketPath);
  await expect(student.getByText(contestMessages.frozen)).toBeVisible();
  await expect(student.getByRole('button', { name: 'Review buy order' })).toBeDisabled();
  await expectAccessible(student, 'order ticket while frozen');

  // The owner resumes; the student's order goes through.
  await page.getByRole('button', { name: 'Resume trading' }).click();
  await expect(page.getByText(`Trading is open again in ${contestName}.`)).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Freeze trading' })).toBeVisible();
  const board = page.getByRole('table', { name: 'Leaderboard' });
  const studentRow = board.getByRole('row', { name: new RegExp(studentName) });
  await expect(studentRow).toContainText('$100,000.00');

  await student.goto(`/contest/${contestId}`);
  await expect(student.getByText(contestMessages.frozen)).toHaveCount(0);
  await pressBuy(student, 'AAPL');
  await student.getByLabel('Shares').fill('1');
  await student.getByRole('button', { name: 'Review buy order' }).click();
  await student.getByRole('button', { name: 'Confirm buy' }).click();
  await expect(student.getByText(/Bought 1 share of AAPL at/)).toBeVisible();

  // The fill is announced on the leaderboards channel: the owner's board updates well
  // before its 30 s poll (the $5 commission moves the value off the starting cash).
  await expect(studentRow).not.toContainText('$100,000.00', { timeout: 10_000 });
  await studentContext.close();
});
