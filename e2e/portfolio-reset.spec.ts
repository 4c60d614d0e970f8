import { tokenFor } from './support/api.ts';
import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';

/**
 * Managing portfolios (docs/decisions/049-portfolio-reset-and-cash-adjustment.md): a teacher
 * adds cash to a student's portfolio from the contest page with a reason; the student reads the
 * line on their contest page, and then their portfolio is reset.
 */
test('a teacher adds cash with a reason and the student sees it, then a reset', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);

  // The teacher's private contest, made through the API.
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const teacherAuth = await tokenFor(page.request, demo.teacher.username, demo.teacher.password);
  const now = Date.now();
  const created = await page.request.post('/api/contests/', {
    headers: teacherAuth,
    data: {
      name: `Quiz prizes ${stamp}`,
      visibility: 'private',
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      starting_cash: 1_000_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const contest = (await created.json()) as { id: number; join_code: string };

  // A student signs up and joins with the code.
  const username = `prize_${stamp}`;
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
    data: { code: contest.join_code },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const portfolio = (await joined.json()).id as number;

  // The teacher adds $50.00 from the contest page.
  await page.goto(`/contest/${contest.id}`);
  const section = page.getByTestId('manage-portfolios');
  await section.getByRole('button', { name: 'Manage portfolios' }).click();
  const dialog = page.getByRole('dialog', { name: `Manage portfolios of Quiz prizes ${stamp}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Student').selectOption(String(portfolio));
  await dialog.getByLabel('Amount ($)').fill('50');
  await dialog.getByLabel('Reason').fill('Quiz prize');
  await checkWidths(page, 'manage portfolios dialog');
  await dialog.getByRole('button', { name: 'Adjust cash' }).click();
  await expect(page.getByText("$50.00 added to Ana's cash.")).toBeVisible();
  await expect(dialog.getByText(/Added \$50\.00 to Ana\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The student reads it on the contest page, with the new cash.
  const context = await browser.newContext({ locale: 'en-US' });
  const student = await context.newPage();
  await logIn(student, username, password);
  await student.goto(`/contest/${contest.id}`);
  const notes = student.getByTestId('teacher-notes');
  await expect(notes.getByText(/Your teacher added \$50\.00: Quiz prize/)).toBeVisible();
  await expect(student.getByTestId('manage-portfolios')).toHaveCount(0);
  await checkWidths(student, 'contest page with a line from the teacher');

  // A reset through the API: the student's page says so and the cash is the start again.
  const reset = await page.request.post(`/api/contests/${contest.id}/resets/`, {
    headers: teacherAuth,
    data: { contest_user: portfolio, reason: 'New term' },
  });
  expect(reset.status(), await reset.text()).toBe(201);
  await student.reload();
  await expect(
    student.getByTestId('teacher-notes').getByText(/Portfolio reset by your teacher: New term/),
  ).toBeVisible();
  const line = await (
    await student.request.get(`/api/contest-users/${portfolio}/`, { headers: auth })
  ).json();
  expect(line.cash).toBe(1_000_000);
  await context.close();
});
