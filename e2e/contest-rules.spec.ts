import { ruleMessages } from '@bullpen/contract/contest-rules';
import { tokenFor } from './support/api.ts';
import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';

/**
 * Contest rule packs (docs/decisions/046-contest-rule-packs.md): a teacher's contest blocks a
 * ticker from the create form; a student reads the rule on the contest page, and their order
 * for that ticker is refused on the ticket with the rule's reason.
 */
test('a blocked ticker is refused on the student’s ticket with its reason', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);

  // The teacher creates the contest with the form: the Classic pack, then XOM blocked.
  await logIn(page, demo.teacher.username, demo.teacher.password);
  await page.goto('/create');
  await page.getByLabel('Contest name').fill(`No oil ${stamp}`);
  await page.getByRole('combobox', { name: 'Rule pack' }).click();
  await page.getByRole('option', { name: 'Classic' }).click();
  await expect(page.getByLabel('Lowest share price to buy')).toHaveValue('1.00');
  await page.getByLabel('Blocked tickers').fill('xom');
  await expect(page.getByRole('combobox', { name: 'Rule pack' })).toHaveText('Custom');
  await checkWidths(page, 'create contest with trading rules');
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(page).toHaveURL(/\/contest\/\d+$/);
  const contestId = Number(new URL(page.url()).pathname.split('/').pop());
  const code = (await page.getByTestId('join-code').textContent())!.trim();

  // A student signs up and joins with the code.
  const username = `rules_${stamp}`;
  const password = 'green valley stones';
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username,
      email: `${username}@school.test`,
      password,
      first_name: 'Ana',
      last_name: 'Rey',
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const auth = await tokenFor(page.request, username, password);
  const joined = await page.request.post('/api/contest-users/', {
    headers: auth,
    data: { code },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const found = await (
    await page.request.get('/api/securities/?search=XOM', { headers: auth })
  ).json();
  const exxon = found.results.find((row: { symbol: string }) => row.symbol === 'XOM');

  const context = await browser.newContext({ locale: 'en-US' });
  const student = await context.newPage();
  await logIn(student, username, password);
  await student.goto(`/contest/${contestId}`);
  const rules = student.getByTestId('contest-rules');
  await expect(rules.getByText('You cannot buy these stocks: XOM.')).toBeVisible();
  await expect(
    rules.getByText('You cannot buy a stock that costs less than $1.00 a share.'),
  ).toBeVisible();
  await expect(rules.getByRole('button', { name: 'Change rules' })).toHaveCount(0);
  await checkWidths(student, 'contest page with its trading rules');

  // The order for the blocked ticker: the ticket shows the server's reason.
  await student.goto(`/place-order/BUY/${contestId}/${exxon.id}`);
  await student.getByLabel('Shares').fill('1');
  await student.getByRole('button', { name: 'Review buy order' }).click();
  await student.getByRole('button', { name: 'Confirm buy' }).click();
  await expect(
    student.getByRole('alert').filter({ hasText: ruleMessages.symbolBlocked('XOM') }),
  ).toBeVisible();
  await expect(student).toHaveURL(/\/place-order\/BUY\//);
  await checkWidths(student, 'order ticket refused by a contest rule');
  await context.close();
});
