import type { Page } from '@playwright/test';
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { shortestCourses, classWithStudent, passLesson } from './support/api.ts';
import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';
import { pdfText } from './support/pdf.ts';
import type { ClassroomCourses } from '@bullpen/contract/classroom-lessons';

/**
 * The gradebook, end to end: the demo teacher makes a class and a new student joins it (API);
 * the teacher assigns two lessons, the student passes one of them; the teacher opens the
 * class's Gradebook tab, downloads the CSV and the XLSX and reads them, and downloads the
 * student's report (PDF) and reads its text; axe at 360 and 1280 px.
 */

async function downloaded(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: await fs.readFile((await download.path())!) };
}

test('a teacher reads the gradebook, downloads it as CSV and XLSX, and a student’s report', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const className = `Gradebook ${stamp}`;
  const { classroom, teacherAuth, studentAuth } = await classWithStudent(page.request, {
    className,
    student: {
      username: `graded_${stamp}`,
      password: 'amber harbor lanterns',
      firstName: 'Lucía',
      lastName: 'Ortega',
    },
  });

  // Two lessons of the shortest course, assigned with a due date next week.
  const [course] = await shortestCourses(page.request, 1);
  const courses = (await (
    await page.request.get(`/api/classrooms/classrooms/${classroom.id}/courses/`, {
      headers: teacherAuth,
    })
  ).json()) as ClassroomCourses;
  const lessons = courses.results.find((row) => row.id === course!.id)!.lessons.slice(0, 2);
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const enabled = await page.request.post(`/api/classrooms/classrooms/${classroom.id}/lessons/`, {
    headers: teacherAuth,
    data: { lessons: lessons.map((lesson) => lesson.id), due_at: due },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  await passLesson(page.request, studentAuth, lessons[0]!.id);

  await logIn(page, demo.teacher.username, demo.teacher.password);
  await page.goto(`/classroom/${classroom.id}?tab=gradebook`);
  await expect(page.getByRole('tab', { name: 'Gradebook', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const table = page.getByRole('table', { name: 'Gradebook of the class' });
  const row = table.getByRole('row', { name: /Lucía Ortega/ });
  await expect(row).toContainText('Best 100%');
  await expect(row).toContainText('Not started');
  await checkWidths(page, 'class gradebook (teacher)');

  // CSV: one line per lesson of the student, the passed one with its best score.
  const csv = await downloaded(page, () =>
    page.getByRole('button', { name: 'Download CSV' }).click(),
  );
  expect(csv.name).toMatch(/^bullpen-gradebook-gradebook-[a-z0-9]+-\d{4}-\d\d-\d\d\.csv$/);
  const text = csv.bytes.toString('utf8');
  expect(text).toContain('"Last name","First name","Username","Course","Lesson"');
  const passedLine = text
    .split('\r\n')
    .find((line) => line.includes('"Ortega"') && line.includes(lessons[0]!.title));
  expect(passedLine).toContain('"100"');
  expect(passedLine).toMatch(/"no"$/);

  // XLSX: the same rows, read back.
  const xlsx = await downloaded(page, () =>
    page.getByRole('button', { name: 'Download XLSX' }).click(),
  );
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Last name');
  expect(sheet.rowCount).toBe(3);
  const values = [2, 3].map((index) => sheet.getRow(index).getCell(5).value);
  expect(values).toEqual(expect.arrayContaining(lessons.map((lesson) => lesson.title)));
  expect(sheet.getRow(2).getCell(1).value).toBe('Ortega');

  // The student's report, its text read.
  const report = await downloaded(page, () =>
    page.getByRole('button', { name: 'Report (PDF) of Lucía Ortega' }).click(),
  );
  expect(report.name).toMatch(/^bullpen-report-lucia-ortega-\d{4}-\d\d-\d\d\.pdf$/);
  const reportText = await pdfText(new Uint8Array(report.bytes));
  expect(reportText).toContain('Student report');
  expect(reportText).toContain('Lucía Ortega');
  expect(reportText).toContain(`Class: ${className}`);
  expect(reportText).toContain(lessons[0]!.title);
  expect(reportText).toContain('Spendable balance');
});
