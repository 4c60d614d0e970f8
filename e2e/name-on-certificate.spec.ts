import type { Page } from '@playwright/test';
import fs from 'node:fs/promises';
import { classWithStudent, passCourse, shortestCourses } from './support/api.ts';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures.ts';
import { pdfText } from './support/pdf.ts';

/**
 * A student's new name reaches the certificates granted after the change, and only those: a
 * certificate copies the name when it is granted (apps/server/src/classrooms/certificates/service.ts),
 * so one granted before the rename keeps reading the old name, on its page and in its PDF.
 */

/** The text of a certificate's PDF, downloaded by its card's button on the class page. */
async function downloadedPdfText(page: Page, card: ReturnType<Page['getByRole']>) {
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Download PDF: / }).click();
  const download = await downloading;
  return pdfText(new Uint8Array(await fs.readFile((await download.path())!)));
}

test('a student renames themself in settings and the next certificate carries the new name', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const className = `Names ${stamp}`;
  const username = `renamed_${stamp}`;
  const password = 'violet canyon bells';
  const oldName = 'Tomás Reyes';
  const newName = 'Valentina Ortega';
  const { classroom, teacherAuth, studentAuth, studentId } = await classWithStudent(page.request, {
    className,
    student: { username, password, firstName: 'Tomás', lastName: 'Reyes' },
  });
  const [before, after] = await shortestCourses(page.request, 2);
  await passCourse(page.request, studentAuth, before!);
  await passCourse(page.request, studentAuth, after!);

  // The first certificate is granted under the old name.
  const first = await page.request.post(
    `/api/classrooms/classrooms/${classroom.id}/certificates/grant/`,
    {
      headers: teacherAuth,
      data: {
        course: before!.id,
        students: [studentId],
      },
    },
  );
  expect(first.status(), await first.text()).toBe(200);
  const oldCode = ((await first.json()) as { granted: { code: string }[] }).granted[0]!.code;

  // The student changes their name in /settings, where the page says what it changes.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await logIn(student, username, password);
  await student.goto('/settings');
  await expect(
    student.getByText(
      'Your first and last name are printed on the certificates you earn from now on.',
    ),
  ).toBeVisible();
  await student.getByLabel('First name').fill('Valentina');
  await student.getByLabel('Last name').fill('Ortega');
  await student.getByRole('button', { name: 'Save name' }).click();
  await expect(student.getByText('Your name is saved.')).toBeVisible();
  await expectAccessible(student, 'settings, name saved');

  // The teacher sees the new name in the course's list and grants the second certificate.
  await logIn(page, demo.teacher.username, demo.teacher.password);
  await page.goto(`/classroom/${classroom.id}?tab=certificates`);
  const section = page.getByRole('region', { name: 'Certificates', exact: true });
  await section.getByRole('combobox', { name: 'Course' }).click();
  await page.getByRole('option', { name: after!.title, exact: true }).click();
  const row = section
    .getByRole('list', { name: 'Students and their progress in the course' })
    .getByRole('listitem')
    .filter({ hasText: newName });
  await expect(row).toContainText('Completed');
  await row.getByRole('checkbox').check();
  await section.getByRole('button', { name: 'Grant certificate (1)' }).click();
  await expect(section.getByRole('status')).toContainText('Granted 1 certificate.');

  // The class's list: the new certificate under the new name, the old one under the old name.
  const newCard = section.getByRole('listitem').filter({ hasText: `${newName} · ${after!.title}` });
  const oldCard = section
    .getByRole('listitem')
    .filter({ hasText: `${oldName} · ${before!.title}` });
  await expect(newCard).toBeVisible();
  await expect(oldCard).toBeVisible();
  const newCode = ((await newCard.locator('code').textContent()) ?? '').trim();
  expect(newCode).toMatch(/^[A-Z2-7]{16}$/);
  expect(newCode).not.toBe(oldCode);

  // Each PDF prints the name it was granted under.
  const newPdf = await downloadedPdfText(page, newCard);
  expect(newPdf).toContain(newName);
  expect(newPdf).toContain(after!.title);
  expect(newPdf).not.toContain(oldName);
  const oldPdf = await downloadedPdfText(page, oldCard);
  expect(oldPdf).toContain(oldName);
  expect(oldPdf).toContain(before!.title);
  expect(oldPdf).not.toContain(newName);

  // The student's own list agrees.
  await student.goto(`/classroom/${classroom.id}?tab=certificates`);
  const mine = student.getByRole('region', { name: 'Certificates', exact: true });
  await expect(mine.getByRole('listitem').filter({ hasText: newCode })).toBeVisible();
  await expect(mine.getByRole('listitem').filter({ hasText: oldCode })).toBeVisible();
  await studentContext.close();

  // And so do the public verification pages.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/public/certificates/${newCode}`);
  await expect(visitor.getByText('This certificate is genuine')).toBeVisible();
  await expect(visitor.locator('dl')).toContainText(newName);
  await expect(visitor.locator('dl')).not.toContainText(oldName);
  await visitor.goto(`/public/certificates/${oldCode}`);
  await expect(visitor.getByText('This certificate is genuine')).toBeVisible();
  await expect(visitor.locator('dl')).toContainText(oldName);
  await expect(visitor.locator('dl')).not.toContainText(newName);
  await visitorContext.close();
});
