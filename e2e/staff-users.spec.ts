import type { Page } from '@playwright/test';
import { tokenFor } from './support/api.ts';
import { checkWidths, expect, expectAccessible, logIn, test } from './support/fixtures.ts';

/**
 * Staff accounts (docs/decisions/035-staff-accounts.md): staff find a student on /staff/users
 * (from the profile menu), deactivate them after a confirm, and the student's session and
 * sign-in stop; staff reactivate them and they sign in again; the audit log shows both. Axe
 * and 360 px on both staff pages.
 */

const staff = { username: 'bullpen.staff', password: 'bullpen-staff-demo' };
const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('staff deactivate a student, who cannot sign in, reactivate them, and the audit log shows it', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const student = {
    username: `off.s${suffix}`,
    password: 'staff-e2e-pass-1',
    name: `Olga Off${suffix}`,
  };
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username: student.username,
      email: `${student.username}@example.test`,
      password: student.password,
      first_name: 'Olga',
      last_name: `Off${suffix}`,
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const studentAuth = await tokenFor(page.request, student.username, student.password);
  const { user } = (await signup.json()) as { user: { id: number } };
  const me = () => page.request.get(`/api/users/${user.id}/`, { headers: studentAuth });
  expect((await me()).status()).toBe(200);

  // Staff open the accounts page from the profile menu and find the student.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await logIn(staffPage, staff.username, staff.password);
  await staffPage.goto('/public/home');
  await main(staffPage).getByRole('button', { name: staff.username, exact: true }).click();
  await staffPage.getByRole('menuitem', { name: 'Accounts' }).click();
  await expect(staffPage).toHaveURL(/\/staff\/users$/);
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await staffPage.getByLabel('Search').fill(student.username);
  await expect(staffPage.getByRole('heading', { name: student.name })).toBeVisible();
  await checkWidths(staffPage, 'the staff page of accounts');

  // Deactivate, by keyboard, after the confirm.
  await staffPage.getByRole('button', { name: `Deactivate ${student.name}` }).focus();
  await staffPage.keyboard.press('Enter');
  const confirm = staffPage.getByRole('dialog', { name: `Deactivate ${student.name}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(staffPage, 'the deactivate confirm');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(staffPage.getByText(`${student.name} is deactivated.`)).toBeVisible();

  // The student's session ended, and signing in says why.
  expect((await me()).status()).toBe(401);
  await page.goto('/public/login');
  await page.getByLabel(/username or email/i).fill(student.username);
  await page.getByLabel(/^password/i).fill(student.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByText('This account is turned off by Bullpen staff')).toBeVisible();

  // Reactivated, they sign in again.
  await staffPage.getByRole('button', { name: `Reactivate ${student.name}` }).click();
  await staffPage
    .getByRole('dialog', { name: `Reactivate ${student.name}?` })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(staffPage.getByText(`${student.name} can sign in again.`)).toBeVisible();
  await logIn(page, student.username, student.password);

  // The audit log shows both, newest first.
  await staffPage.getByRole('link', { name: 'See the audit log' }).click();
  await expect(staffPage).toHaveURL(/\/staff\/audit-log$/);
  const table = staffPage.getByRole('table', { name: 'Audit log entries' });
  const rows = table.getByRole('row').filter({ hasText: student.username });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Account reactivated');
  await expect(rows.nth(1)).toContainText('Account deactivated');
  await expect(rows.nth(0)).toContainText(staff.username);
  await expect(staffPage.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await checkWidths(staffPage, 'the staff audit log');
  await staffContext.close();
});
