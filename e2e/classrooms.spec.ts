import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';

/**
 * The classroom core, end to end: the demo teacher sees the demo class, creates a class, adds
 * two students without email, reads their login cards (the print view shows the usernames and
 * passwords); a student signs in with a card and finds the class in /my-classrooms. Each page
 * is scanned by axe at 360 and 1280 px, and nothing scrolls sideways on a phone.
 */
test('a teacher creates a class, adds students without email and prints their cards; a student signs in with one', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  await logIn(page, demo.teacher.username, demo.teacher.password);

  await page.goto('/my-classrooms');
  await expect(page.getByRole('heading', { level: 1, name: 'My classrooms' })).toBeVisible();
  // The demo data gives ms.rivera a class with sam.student in it.
  await expect(page.getByRole('link', { name: 'Period 3 Economics' }).first()).toBeVisible();
  await checkWidths(page, 'my classrooms');

  await page.getByRole('link', { name: 'Create classroom' }).click();
  await expect(page).toHaveURL(/\/create-classroom$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create a classroom' })).toBeVisible();
  await checkWidths(page, 'create classroom');
  const name = `Room 12 Money ${Date.now()}`;
  await page.getByLabel('Class name').fill(name);
  await page.getByLabel('Grade').fill('6');
  await page.getByLabel('Subject').fill('Personal finance');
  await page.getByLabel('School').fill('Lincoln Middle School');
  await page.getByRole('button', { name: 'Create classroom' }).click();
  await expect(page).toHaveURL(/\/classroom\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const joinCode = (await page.getByTestId('join-code').textContent())!.trim();
  expect(joinCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  await checkWidths(page, 'classroom page');

  await page.getByRole('tab', { name: 'Students' }).click();
  await expect(page).toHaveURL(/\?tab=students$/);
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await page.getByRole('button', { name: 'Add students without email' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add students without email' });
  await addDialog.getByLabel('Student names, one per line').fill('Maya López\nOrtiz, Ben\n');
  await expect(addDialog.getByText('2 students to add')).toBeVisible();
  await addDialog.getByRole('button', { name: 'Create accounts' }).click();

  const cards = page.getByRole('dialog', { name: 'Login cards' });
  await expect(cards).toBeVisible();
  const credentials: Record<string, { username: string; password: string }> = {};
  for (const [student, prefix] of [
    ['Maya López', /^maya\.[a-z]{3,6}\d{2}$/],
    ['Ben Ortiz', /^ben\.[a-z]{3,6}\d{2}$/],
  ] as const) {
    const card = cards.getByRole('listitem', { name: `Login card for ${student}` });
    await expect(card).toContainText(name);
    await expect(card).toContainText('/public/login');
    const values = card.locator('dd');
    const username = (await values.nth(0).textContent())!.trim();
    const password = (await values.nth(1).textContent())!.trim();
    expect(username).toMatch(prefix);
    expect(password).toMatch(/^[a-z]{3,6}-[a-z]{3,6}-[a-z]{3,6}-\d{3}$/);
    credentials[student] = { username, password };
  }
  await checkWidths(page, 'login cards');

  // On paper: the cards with their usernames and passwords, not the buttons or the page behind.
  await page.emulateMedia({ media: 'print' });
  await expect(cards.getByText(credentials['Maya López']!.password)).toBeVisible();
  await expect(cards.getByText(credentials['Ben Ortiz']!.username)).toBeVisible();
  await expect(cards.getByRole('button', { name: 'Print cards' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Closing asks first: the passwords are never shown again.
  await cards.getByRole('button', { name: 'Close' }).click();
  await expect(cards.getByText('The passwords will not be shown again.')).toBeVisible();
  await cards.getByRole('button', { name: 'Close' }).click();
  await expect(cards).toBeHidden();
  await expect(page.getByText(`Username: ${credentials['Maya López']!.username}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New password for Ben Ortiz' })).toBeVisible();
  await checkWidths(page, 'students section');

  // Maya signs in with her card in another browser and finds the class.
  const context = await browser.newContext({ baseURL: page.url().replace(/\/classroom.*$/, '') });
  const studentPage = await context.newPage();
  const maya = credentials['Maya López']!;
  await logIn(studentPage, maya.username, maya.password);
  await studentPage.goto('/my-classrooms');
  await expect(studentPage.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(studentPage.getByText('2 students')).toBeVisible();
  await checkWidths(studentPage, 'my classrooms as a student');

  await studentPage.getByRole('link', { name, exact: true }).click();
  await expect(studentPage.getByRole('heading', { level: 1, name })).toBeVisible();
  // A student has no Students section, and leaves instead of deleting.
  await expect(studentPage.getByRole('tab', { name: 'Students' })).toHaveCount(0);
  await expect(studentPage.getByRole('button', { name: 'Leave class' })).toBeVisible();
  await expect(studentPage.getByRole('button', { name: 'Delete class' })).toHaveCount(0);
  await checkWidths(studentPage, 'classroom page as a student');

  // Join Classroom takes the code from an invitation link.
  await studentPage.goto(`/join-classroom?code=${joinCode.toLowerCase()}`);
  await expect(studentPage.getByLabel('Join code')).toHaveValue(joinCode);
  await checkWidths(studentPage, 'join classroom');

  // A student reads why they cannot create a class.
  await studentPage.goto('/create-classroom');
  await expect(studentPage.getByText('Only teachers create classrooms')).toBeVisible();
  await context.close();
});
