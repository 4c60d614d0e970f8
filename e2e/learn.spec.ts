import type { Attempt, Lesson } from '@bullpen/contract/learn';
import { answerQuestion } from './support/api.ts';
import { rightAnswers } from './support/content.ts';
import { demo, expect, expectAccessible, logIn, test, checkWidths } from './support/fixtures.ts';

test('a student reads a lesson, fails its quiz, reads why, passes it and sees progress', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/public/home');
  await page.getByRole('button', { name: 'Classroom', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Lessons' }).click();
  await expect(page).toHaveURL(/\/lessons$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lessons' })).toBeVisible();
  const firstCourse = page.getByRole('main').getByRole('listitem').first();
  await expect(firstCourse).toContainText(/Grades \d+–\d+/);
  await expect(firstCourse).toContainText(/\d+ of \d+ lessons done/);
  await checkWidths(page, 'catalogue');

  const courseTitle = (await firstCourse.getByRole('heading').textContent())!;
  await firstCourse.getByRole('link', { name: courseTitle }).click();
  await expect(page).toHaveURL(/\/lessons\?course=\d+$/);
  const courseUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
  const progress = page.getByText(/^\d+ of \d+ lessons done$/);
  const [before, total] = ((await progress.textContent())!.match(/\d+/g) ?? []).map(Number);
  await expect(page.getByRole('heading', { name: 'Sources' })).toBeVisible();
  await checkWidths(page, 'course');

  const lessonLoaded = page.waitForResponse((response) =>
    /\/api\/learn\/lessons\/\d+\/$/.test(new URL(response.url()).pathname),
  );
  const lessons = page.getByRole('list', { name: 'Lessons in this course' });
  await lessons.getByRole('link').first().click();
  const lesson = (await (await lessonLoaded).json()) as Lesson;
  await expect(page).toHaveURL(new RegExp(`/lessons\\?lesson=${lesson.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What you will learn' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(courseTitle);
  await expect(page.getByRole('link', { name: lesson.try_it.label })).toHaveAttribute(
    'href',
    lesson.try_it.path,
  );
  expect(lesson.questions.length).toBeGreaterThanOrEqual(5);
  expect(JSON.stringify(lesson)).not.toMatch(/"answer"|"explanation"/);
  await checkWidths(page, 'lesson');

  // Submitting with nothing answered says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Check my answers' }).click();
  await expect(page.getByText('Answer every question before you submit.')).toBeVisible();
  await expect(
    page.getByText('Enter a number for question', { exact: false }).first(),
  ).toBeVisible();

  // A wrong try: the first choice everywhere and 0 for every number.
  for (const [index, question] of lesson.questions.entries()) {
    await answerQuestion(page, lesson, index, question.type === 'choice' ? 0 : '0');
  }
  const firstGraded = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/attempts\/$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Check my answers' }).click();
  const failed = (await (await firstGraded).json()) as Attempt;
  expect(failed.passed).toBe(false);
  const status = page.getByRole('status').filter({ hasText: 'Not passed yet' });
  await expect(status).toContainText(`You got ${failed.score} of ${failed.total} right`);
  await expect(page.getByText('Incorrect', { exact: true })).toHaveCount(
    failed.total - failed.score,
  );
  for (const result of failed.results) {
    await expect(page.getByText(result.explanation, { exact: true })).toBeVisible();
  }
  // A failed try names no right answer while the bank holds questions not asked yet (every
  // lesson's bank is at least 14; an attempt asks 8), and says why each wrong choice is wrong.
  expect(failed.results.every((result) => result.answer === null)).toBe(true);
  await expect(page.getByText(/^Right answer: /)).toHaveCount(0);
  const whys = failed.results.filter((result) => result.why !== null);
  expect(whys.length).toBeGreaterThan(0);
  for (const result of whys)
    await expect(page.getByText(result.why!, { exact: true })).toBeVisible();
  await expectAccessible(page, 'graded quiz');

  // "Try again" draws questions this student has not seen: with a bank of 14 or more, at least
  // six of the eight are new.
  const redrawn = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname === `/api/learn/lessons/${lesson.id}/`,
  );
  await page.getByRole('button', { name: 'Try again' }).click();
  const retry = (await (await redrawn).json()) as Lesson;
  const asked = new Set(failed.results.map((result) => result.item));
  const unseen = retry.questions.filter((question) => !asked.has(question.id));
  expect(unseen.length).toBeGreaterThanOrEqual(6);
  // This time the student knows the lesson: the answers of its file.
  const answers = rightAnswers(lesson.slug);
  for (const [index, question] of retry.questions.entries()) {
    const right = answers.get(question.id)!;
    await answerQuestion(page, retry, index, question.type === 'choice' ? right : String(right));
  }
  const secondGraded = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/attempts\/$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Check my answers' }).click();
  const passed = (await (await secondGraded).json()) as Attempt;
  expect(passed.id).not.toBe(failed.id);
  expect(passed.passed).toBe(true);
  await expect(page.getByRole('status')).toContainText('You passed!');
  await expect(page.getByRole('status')).toContainText('This lesson is done.');
  await expect(page.getByText('Incorrect', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('main').getByText('Done', { exact: true })).toBeVisible();

  await page.goto(courseUrl);
  await expect(page.getByText(`${before! + 1} of ${total} lessons done`)).toBeVisible();
  await expect(lessons.getByRole('listitem').first()).toContainText('Done');
  await expect(lessons.getByRole('listitem').first()).toContainText('Best score: 100%');

  // An id that is no lesson is the 404 page.
  await page.goto('/lessons?lesson=999999');
  await expect(page).toHaveURL(/\/errors\/error-404$/);
});

test('a visitor reads an article from the home page and the public catalogue', async ({ page }) => {
  await page.goto('/public/home');
  const articles = page.getByRole('region', { name: 'Read and learn' });
  const card = articles.getByRole('listitem').first();
  const title = (await card.getByRole('heading').textContent())!;
  await card.getByRole('link', { name: `Read more: ${title}` }).click();
  await expect(page).toHaveURL(/\/public\/blogs\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/\d+ minute read/);
  await checkWidths(page, 'article');

  await page.goto('/public/preview-courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Course catalogue' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up as a teacher' }).first()).toHaveAttribute(
    'href',
    '/public/signup-teacher',
  );
  const courses = page.getByRole('main').getByRole('list').first();
  expect(await courses.locator(':scope > li').count()).toBeGreaterThanOrEqual(8);
  await checkWidths(page, 'preview catalogue');
  const lessonLink = page.locator('main a[href^="/public/lessons/"]');
  const lessonTitle = (await lessonLink.first().textContent())!;
  await lessonLink.first().click();
  await expect(page).toHaveURL(/\/public\/lessons\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: lessonTitle })).toBeVisible();
  await expectAccessible(page, 'public lesson');

  for (const path of ['/public/blogs/no-such-article', '/public/lessons/no-such-lesson']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/errors\/error-404$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});
