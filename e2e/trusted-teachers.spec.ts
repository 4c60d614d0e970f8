import type { APIRequestContext, Page } from '@playwright/test';
import { tokenFor } from './support/api.ts';
import { checkWidths, expect, logIn, test } from './support/fixtures.ts';

/**
 * Trusted teachers (docs/decisions/028): a teacher who just signed up is told on the class's
 * Rewards tab why they cannot award points yet; staff approve them on /staff/teachers (reached
 * from the profile menu, beside the support inbox); then the teacher awards. Axe and 360 px on
 * the notice and on the staff page.
 */

const staff = { username: 'bullpen.staff', password: 'bullpen-staff-demo' };
const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function signUp(
  request: APIRequestContext,
  person: { username: string; firstName: string; lastName: string; isTeacher: boolean },
) {
  const password = 'trust-e2e-pass-1';
  const response = await request.post('/api/users/', {
    multipart: {
      username: person.username,
      email: `${person.username}@example.test`,
      password,
      first_name: person.firstName,
      last_name: person.lastName,
      is_teacher: String(person.isTeacher),
      ...(person.isTeacher ? {} : { date_of_birth: '2010-04-01' }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { password, auth: await tokenFor(request, person.username, password) };
}

test('a new teacher waits for approval, staff approve them, and then they award points', async ({
  page,
  browser,
}) => {
  // A retry signs up other people: staff's list must show this attempt's teacher once.
  const suffix = Date.now().toString(36);
  const teacher = { username: `trust.t${suffix}`, firstName: 'Tomas', lastName: `Nuevo ${suffix}` };
  const pupil = { username: `trust.s${suffix}`, firstName: 'Pia', lastName: `Pupil ${suffix}` };
  const { password, auth } = await signUp(page.request, { ...teacher, isTeacher: true });
  const created = await page.request.post('/api/classrooms/classrooms/', {
    headers: auth,
    data: { name: `Trust ${suffix}`, grade: '7', subject: 'Economics' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const classroom = (await created.json()) as { id: number; join_code: string };
  const student = await signUp(page.request, { ...pupil, isTeacher: false });
  const joined = await page.request.post('/api/classrooms/classrooms/join/', {
    headers: student.auth,
    data: { code: classroom.join_code },
  });
  expect(joined.ok(), await joined.text()).toBe(true);

  // The teacher is told why, where the award buttons would be.
  await logIn(page, teacher.username, password);
  await page.goto(`/classroom/${classroom.id}?tab=rewards`);
  const notice = page.getByTestId('teacher-trust-notice');
  await expect(notice).toContainText('Your teacher account is waiting for approval');
  await expect(page.getByRole('button', { name: 'New reward' })).toHaveCount(0);
  await expect(
    page.getByText('You can award points once your teacher account is approved.'),
  ).toBeVisible();
  await checkWidths(page, "a pending teacher's Rewards tab");

  // Staff find the teacher in the profile menu's page and approve them.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await logIn(staffPage, staff.username, staff.password);
  await staffPage.goto('/public/home');
  await main(staffPage).getByRole('button', { name: staff.username, exact: true }).click();
  await staffPage.getByRole('menuitem', { name: 'Teachers to approve' }).click();
  await expect(staffPage).toHaveURL(/\/staff\/teachers$/);
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Teachers' })).toBeVisible();
  const name = `${teacher.firstName} ${teacher.lastName}`;
  await expect(staffPage.getByRole('heading', { name })).toBeVisible();
  await checkWidths(staffPage, 'the staff page of teachers');
  await staffPage.getByRole('button', { name: `Approve ${name}` }).focus();
  await staffPage.keyboard.press('Enter');
  await expect(staffPage.getByText(`${name} is approved and can award points now.`)).toBeVisible();
  await staffContext.close();

  // The teacher's next page load knows, and the award goes through.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Rewards', selected: true })).toBeVisible();
  await expect(page.getByTestId('teacher-trust-notice')).toHaveCount(0);
  const pupilName = `${pupil.firstName} ${pupil.lastName}`;
  await page.getByRole('button', { name: `Award points to ${pupilName}` }).click();
  const award = page.getByRole('dialog', { name: `Award points to ${pupilName}` });
  await award.getByLabel('Points').fill('25');
  await award.getByLabel('Reason').fill('Led the market game');
  await award.getByRole('button', { name: 'Award' }).click();
  await expect(page.getByText(`${pupilName} got 25 points.`, { exact: false })).toBeVisible();
});
