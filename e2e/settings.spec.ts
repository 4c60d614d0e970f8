import { expect, expectAccessible, logIn, noSidewaysScroll, test } from './support/fixtures.ts';

test('a user renames themself and signs out their other browser from settings', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const username = `settings_${stamp}`;
  const password = 'quiet orange harbor';
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username,
      email: `settings.${stamp}@school.test`,
      password,
      first_name: 'Noa',
      last_name: 'Park',
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status()).toBe(201);

  // A second browser, signed in to the same account.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logIn(other, username, password);

  await logIn(page, username, password);
  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expectAccessible(page, 'settings');

  await page.getByLabel('First name').fill('Noemi');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name is saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Noemi');

  const sessions = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(sessions.getByText('This device')).toBeVisible();
  // Newest first: this one, the other browser, then the sign-up's own session.
  const signOutButtons = sessions.getByRole('button', { name: /^Sign out / });
  await expect(signOutButtons).toHaveCount(2);
  await signOutButtons.first().click();
  await expect(page.getByText('That session is signed out.')).toBeVisible();
  await expect(signOutButtons).toHaveCount(1);

  // The other browser's token is refused at once: its next page asks it to log in.
  await other.goto('/settings');
  await expect(other).toHaveURL(/\/public\/login/);
  await otherContext.close();

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Every other session is signed out.')).toBeVisible();
  await expect(signOutButtons).toHaveCount(0);

  await page.setViewportSize({ width: 360, height: 800 });
  await noSidewaysScroll(page, 'settings at 360 px');
});
