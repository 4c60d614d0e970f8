import { tokenFor } from './support/api.ts';
import {
  checkWidths,
  demo,
  expect,
  expectAccessible,
  logIn,
  noSidewaysScroll,
  test,
} from './support/fixtures.ts';

/**
 * Deleting an account (docs/decisions/033-account-deletion.md): the owner of an account with an
 * address asks with their password, every session ends, and signing in within the grace period
 * keeps the account; a teacher deletes an account they made (no address) from the class's
 * Students tab, at once.
 */

test('a user asks to delete their account, is signed out, and keeps it by signing in again', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const username = `leaving_${stamp}`;
  const password = 'seven quiet lanterns';
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username,
      email: `leaving.${stamp}@school.test`,
      password,
      first_name: 'Lina',
      last_name: 'Moreau',
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);

  await logIn(page, username, password);
  await page.goto('/settings');
  await page
    .getByRole('region', { name: 'Privacy' })
    .getByRole('link', { name: 'Delete my account' })
    .click();
  await expect(page).toHaveURL(/\/settings\/delete$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delete my account' })).toBeVisible();
  await checkWidths(page, 'delete my account');
  await expect(page.getByRole('link', { name: 'Account settings' })).toHaveAttribute(
    'href',
    '/settings',
  );

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'delete my account, confirm dialog');
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your current password is not correct.')).toBeVisible();
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  // Signed out here and everywhere: the login page says when the account goes.
  await expect(page).toHaveURL(/\/public\/login$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your account will be deleted in 14 days. Sign in before then to keep it.',
  );
  await expect(page.getByRole('button', { name: username })).toHaveCount(0);
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'token')).toBe(false);
  await checkWidths(page, 'login after asking to delete');
  await page.goto('/settings');
  await expect(page).not.toHaveURL(/\/settings$/);

  // Signing in within the grace period keeps the account, and says so.
  await logIn(page, username, password);
  await expect(page.getByText('You signed in, so your account will not be deleted.')).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Lina');
  await expect(page.getByText(/will be deleted/)).toHaveCount(0);

  // Nothing is pending any more: the next sign-in cancels nothing.
  const again = await page.request.post('/api-token-auth/', { data: { username, password } });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { deletion_cancelled?: boolean }).deletion_cancelled).not.toBe(
    true,
  );
});

test('a teacher deletes the account of a student they made from the Students tab', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const teacherAuth = await tokenFor(page.request, demo.teacher.username, demo.teacher.password);
  const created = await page.request.post('/api/classrooms/classrooms/', {
    headers: teacherAuth,
    data: { name: `Leaving ${stamp}`, grade: '6', subject: 'Economics' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const classroom = (await created.json()) as { id: number };
  const added = await page.request.post(
    `/api/classrooms/classrooms/${classroom.id}/students/accounts/`,
    {
      headers: teacherAuth,
      data: {
        students: [
          { first_name: 'Rafa', last_name: 'Quintero' },
          { first_name: 'Nia', last_name: 'Baptiste' },
        ],
      },
    },
  );
  expect(added.status(), await added.text()).toBe(201);
  const [leaving] = ((await added.json()) as { students: { username: string; password: string }[] })
    .students;

  await logIn(page, demo.teacher.username, demo.teacher.password);
  await page.goto(`/classroom/${classroom.id}?tab=students`);
  const students = page.getByRole('list', { name: /^Students/ });
  await expect(students.getByRole('listitem')).toHaveCount(2);
  await checkWidths(page, 'students tab with delete buttons');

  await page.getByRole('button', { name: 'Delete account of Rafa Quintero' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the account of Rafa Quintero?' });
  await expect(confirm).toContainText('this cannot be undone');
  await expectAccessible(page, 'delete student account, confirm dialog');
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText('The account of Rafa Quintero is deleted.')).toBeVisible();
  await expect(students.getByRole('listitem')).toHaveCount(1);
  await expect(students).toContainText('Nia Baptiste');
  await expect(students).not.toContainText('Quintero');
  await page.setViewportSize({ width: 360, height: 740 });
  await noSidewaysScroll(page, 'students tab after a deletion at 360 px');

  // Erased at once: its login card no longer signs in.
  const signIn = await page.request.post('/api-token-auth/', {
    data: { username: leaving!.username, password: leaving!.password },
  });
  expect(signIn.status()).toBe(400);
});
