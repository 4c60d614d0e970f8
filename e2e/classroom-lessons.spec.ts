import type { Page } from '@playwright/test';
import type { ClassroomCourses } from '@bullpen/contract/classroom-lessons';
import type { Lesson } from '@bullpen/contract/learn';
import { answerQuestion, classWithStudent } from './support/api.ts';
import { rightAnswers } from './support/content.ts';
import { checkWidths, demo, expect, expectAccessible, logIn, test } from './support/fixtures.ts';

/**
 * Lessons in a class, end to end: the demo teacher makes a class (API), a new student joins it
 * by code and a student without email is added by name (API); the teacher assigns a lesson with
 * a due date on the class page; the student without email signs in with their card and passes
 * its quiz; the teacher reminds, then reads the statistics, the overdue list (a second
 * lesson due in the past) and the grades CSV on /assessment.
 */

/** The class page's lessons section (a tab, if the page has tabs). */
async function openLessons(page: Page, classroomId: number) {
  await page.goto(`/classroom/${classroomId}`);
  const tab = page.getByRole('tab', { name: 'Lessons', exact: true });
  if (await tab.count()) await tab.click();
  const section = page.getByRole('region', { name: 'Lessons', exact: true });
  await expect(section).toBeVisible();
  return section;
}

/** A `datetime-local` value a week from now, in the browser's zone. */
function nextWeekInput(): string {
  const date = new Date(Date.now() + 7 * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:30`;
}

test('a teacher assigns lessons, a student completes one, the teacher sees statistics and the overdue list', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const className = `Lessons ${stamp}`;
  // The teacher's class and a student who joins it by code.
  const studentName = `learner_${stamp}`;
  const { classroom, teacherAuth } = await classWithStudent(page.request, {
    className,
    student: {
      username: studentName,
      password: 'green valley lanterns',
      firstName: 'Lea',
      lastName: 'Moreno',
    },
  });

  // A second student has no email address: the teacher adds them by name, as on a login card.
  const added = await page.request.post(
    `/api/classrooms/classrooms/${classroom.id}/students/accounts/`,
    { headers: teacherAuth, data: { students: [{ first_name: 'Noah', last_name: 'Card' }] } },
  );
  expect(added.status(), await added.text()).toBe(201);
  const [card] = ((await added.json()) as { students: { username: string; password: string }[] })
    .students;

  const catalogue = (await (
    await page.request.get(`/api/classrooms/classrooms/${classroom.id}/courses/`, {
      headers: teacherAuth,
    })
  ).json()) as ClassroomCourses;
  // A course of the semester curriculum's new units: managing risk has no lesson a teacher
  // could assign before.
  const course = catalogue.results.find((row) => row.category === 'risk')!;
  expect(course.title).toBe('Managing risk and insurance');
  const [first, second] = course.lessons as [
    (typeof course.lessons)[number],
    (typeof course.lessons)[number],
  ];

  // The teacher assigns the first lesson and gives it a due date on the class page.
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const lessons = await openLessons(page, classroom.id);
  const enabled = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().endsWith(`/classrooms/${classroom.id}/lessons/`),
  );
  // Each course is a section that opens on demand; the first is open.
  await lessons.getByRole('button', { name: new RegExp(`^${course.title}`) }).click();
  // The box shows what the server saved: it is ticked once the class's lessons reload.
  const assign = lessons.getByRole('checkbox', { name: `Assign “${first.title}”` });
  await assign.click();
  expect((await enabled).status()).toBe(200);
  await expect(assign).toBeChecked();
  const dueDate = lessons.getByLabel(`Due date of “${first.title}”`);
  await expect(dueDate).toBeEnabled();
  const patched = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().endsWith(`/lessons/${first.id}/`),
  );
  await dueDate.fill(nextWeekInput());
  // Tab walks the date's own fields in Chromium; Enter saves it at once (as does a pause).
  await dueDate.press('Enter');
  expect((await patched).status()).toBe(200);
  await expect(page.getByText('Due date saved')).toBeVisible();
  await checkWidths(page, 'class lessons (teacher)');

  // The second lesson was due last year.
  const pastDue = await page.request.post(`/api/classrooms/classrooms/${classroom.id}/lessons/`, {
    headers: teacherAuth,
    data: { lessons: [second.id], due_at: '2025-01-10T15:00:00Z' },
  });
  expect(pastDue.status()).toBe(200);

  // The student without email signs in with their card's username and password, sees both
  // lessons, the second overdue, and passes the first one's quiz.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await logIn(student, card!.username, card!.password);
  const mine = await openLessons(student, classroom.id);
  const firstRow = mine.getByRole('listitem').filter({ hasText: first.title });
  await expect(firstRow).toContainText('Not started');
  await expect(mine.getByRole('listitem').filter({ hasText: second.title })).toContainText(
    'Overdue',
  );
  await checkWidths(student, 'class lessons (student)');

  const lessonLoaded = student.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith(`/api/learn/lessons/${first.id}/`),
  );
  await firstRow.getByRole('link', { name: `Open the lesson “${first.title}”` }).click();
  await expect(student).toHaveURL(new RegExp(`/lessons\\?lesson=${first.id}$`));
  const opened = (await (await lessonLoaded).json()) as Lesson;
  // The student knows the lesson: the answers of its file, on the questions drawn for them.
  const right = rightAnswers(opened.slug);
  for (const [index, question] of opened.questions.entries()) {
    const value = right.get(question.id)!;
    await answerQuestion(
      student,
      opened,
      index,
      question.type === 'choice' ? value : String(value),
    );
  }
  await student.getByRole('button', { name: 'Check my answers' }).click();
  await expect(student.getByRole('status').filter({ hasText: 'You passed!' })).toBeVisible();

  const after = await openLessons(student, classroom.id);
  await expect(after.getByRole('listitem').filter({ hasText: first.title })).toContainText('Done');
  await expect(after.getByRole('listitem').filter({ hasText: first.title })).toContainText(
    'Best score 100%',
  );
  await studentContext.close();

  // The teacher reminds the class about the overdue lesson: neither student has finished it,
  // both see it in the app and only Lea, who has an address, gets it by mail too.
  const again = await openLessons(page, classroom.id);
  await again
    .getByRole('button', { name: `Remind the students who have not finished “${second.title}”` })
    .click();
  await expect(page.getByText('Reminded 2 in the app, 1 of them by email too.')).toBeVisible();

  // /assessment: statistics, the overdue list and the grades CSV.
  await page.goto('/assessment');
  await expect(page.getByRole('heading', { level: 1, name: 'Assessment' })).toBeVisible();
  await page.getByLabel('Class', { exact: true }).selectOption({ label: className });
  await expect(page.getByLabel('Course', { exact: true })).toHaveValue(String(course.id));
  const statistics = page.getByRole('table', { name: 'Statistics of the students' });
  const row = statistics.getByRole('row').filter({ hasText: card!.username });
  await expect(row).toContainText('1 of 2');
  await expect(row).toContainText('100%');
  await expect(statistics.getByRole('row').filter({ hasText: studentName })).toContainText(
    '0 of 2',
  );
  const overdue = page.getByRole('table', { name: 'Overdue lessons by student' });
  const overdueSecond = overdue.getByRole('row').filter({ hasText: second.title });
  await expect(overdueSecond.filter({ hasText: 'Lea Moreno' })).toHaveCount(1);
  await expect(overdueSecond.filter({ hasText: 'Noah Card' })).toHaveCount(1);
  await expect(overdue.getByRole('row').filter({ hasText: first.title })).toHaveCount(0);
  await checkWidths(page, 'assessment');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export grades (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-grades\.csv$/);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks).toString('utf8');
  expect(csv.split(/\r?\n/)[0]).toBe(
    'Username,First name,Last name,Completed,Lessons assigned,Average score,First-try average,Best score,Quiz attempts,Earned from lessons,Earned from learn-and-earn modules,Earned from teacher awards,Earned from contests,Points earned,Spendable balance,Last active',
  );
  expect(csv).toContain(`${card!.username},Noah,Card,1,2,`);
  expect(csv).toContain(`${studentName},Lea,Moreno,0,2,`);
  await expectAccessible(page, 'assessment after export');
});

test('a student who opens /assessment is told it is for teachers', async ({ page }) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/assessment');
  await expect(page.getByText('Only teachers see assessments.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'assessment (student)');
});
