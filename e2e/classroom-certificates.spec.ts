import type { Page } from '@playwright/test';
import fs from 'node:fs/promises';
import type { Course, LessonCard } from '@bullpen/contract/learn';
import type { Page as ListPage } from '@bullpen/contract/pagination';
import { classWithStudent, passLesson } from './support/api.ts';
import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';

/**
 * Certificates, end to end: the demo teacher makes a class and a new student joins it by code
 * (API); the student completes every lesson of a course through the attempts API; the teacher
 * grants the course certificate on the class page and downloads its PDF; the public page
 * confirms the code and rejects a made-up one.
 */

/** The class page's certificates section (its tab, `?tab=certificates`). */
async function openCertificates(page: Page, classroomId: number) {
  await page.goto(`/classroom/${classroomId}?tab=certificates`);
  await expect(page.getByRole('tab', { name: 'Certificates', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const section = page.getByRole('region', { name: 'Certificates', exact: true });
  await expect(section).toBeVisible();
  return section;
}

test('a teacher grants a course certificate, downloads its PDF, and the public page checks the code', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const className = `Certificates ${stamp}`;
  const studentName = `graduate_${stamp}`;
  const studentPassword = 'amber harbor lanterns';
  const { classroom, studentAuth } = await classWithStudent(page.request, {
    className,
    student: {
      username: studentName,
      password: studentPassword,
      firstName: 'Inés',
      lastName: 'Castro',
    },
  });

  // The shortest course, every lesson passed through the attempts API.
  const courses = (await (
    await page.request.get('/api/learn/courses/?page_size=100')
  ).json()) as ListPage<Course>;
  const course = [...courses.results].sort((a, b) => a.lessons_count - b.lessons_count)[0]!;
  const lessons = (await (
    await page.request.get(`/api/learn/lessons/?course=${course.id}&page_size=100`)
  ).json()) as ListPage<LessonCard>;
  expect(lessons.results).toHaveLength(course.lessons_count);
  for (const lesson of lessons.results) await passLesson(page.request, studentAuth, lesson.id);

  // The teacher chooses the course, sees the student completed it, and grants the certificate.
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const section = await openCertificates(page, classroom.id);
  await section.getByRole('combobox', { name: 'Course' }).click();
  await page.getByRole('option', { name: course.title, exact: true }).click();
  const students = section.getByRole('list', { name: 'Students and their progress in the course' });
  const row = students.getByRole('listitem').filter({ hasText: 'Inés Castro' });
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(`${course.lessons_count} of ${course.lessons_count} lessons`);
  await row.getByRole('checkbox').check();
  const granted = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/certificates/grant/'),
  );
  await section.getByRole('button', { name: 'Grant certificate (1)' }).click();
  expect((await granted).status()).toBe(200);
  await expect(section.getByRole('status')).toContainText('Granted 1 certificate.');
  await expect(row).toContainText('Certificate granted');

  const card = section.getByRole('listitem').filter({ hasText: `Inés Castro · ${course.title}` });
  await expect(card).toBeVisible();
  const code = ((await card.locator('code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-7]{16}$/);
  await checkWidths(page, 'class certificates (teacher)');

  // The PDF downloads, named for the course and code.
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Download PDF: / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^bullpen-certificate-.*${code}\\.pdf$`));
  const bytes = await fs.readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The student sees theirs with the verify link.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await logIn(student, studentName, studentPassword);
  const mine = await openCertificates(student, classroom.id);
  const myCard = mine.getByRole('listitem').filter({ hasText: course.title });
  await expect(myCard).toContainText(code);
  await checkWidths(student, 'class certificates (student)');
  await myCard.getByRole('link', { name: 'Verification page' }).click();
  await expect(student).toHaveURL(new RegExp(`/public/certificates/${code}$`));
  await studentContext.close();

  // Anyone, signed out: the real code is confirmed, a made-up one is not.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/public/certificates/${code}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Certificate check' })).toBeVisible();
  await expect(visitor.getByText('This certificate is genuine')).toBeVisible();
  const details = visitor.locator('dl');
  await expect(details).toContainText('Inés Castro');
  await expect(details).toContainText(course.title);
  await expect(details).toContainText(className);
  await expect(details).toContainText('Maria');
  await checkWidths(visitor, 'certificate check (genuine)');

  await visitor.goto('/public/certificates/MADEUPCODE234567');
  await expect(
    visitor.getByText('We could not find a certificate with this code', { exact: true }),
  ).toBeVisible();
  await expect(visitor.getByText('This certificate is genuine')).toHaveCount(0);
  await checkWidths(visitor, 'certificate check (made up)');
  await visitorContext.close();
});
