import { classWithStudent, passLesson, shortestCourses } from './support/api.ts';
import { checkWidths, expect, logIn, test } from './support/fixtures.ts';
import { latestMailTo, linkIn } from './support/mail.ts';
import type { LessonCard } from '@bullpen/contract/learn';
import type { Page as ListPage } from '@bullpen/contract/pagination';

/**
 * The parent view end to end: a student invites a parent from their page, the mail arrives,
 * the parent signs up from its link and reads the child's progress (EN and ES, 360 and
 * 1280 px, axe), then stops following and the child's page is gone.
 */
test('a student invites a parent, who signs up, follows the child read-only, then stops', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const student = {
    username: `kid_${stamp}`,
    password: 'seven blue marbles',
    firstName: 'Ana',
    lastName: `Guardian${stamp}`,
  };
  const parentEmail = `parent.${stamp}@home.test`;
  const { classroom, teacherAuth, studentAuth, studentId } = await classWithStudent(request, {
    className: `Parents ${stamp}`,
    student,
  });
  // Something to see: one lesson passed.
  const [course] = await shortestCourses(request, 1);
  const lessons = (await (
    await request.get(`/api/learn/lessons/?course=${course!.id}&page_size=100`)
  ).json()) as ListPage<LessonCard>;
  const lesson = lessons.results[0]!;
  await passLesson(request, studentAuth, lesson.id);

  // The student invites a parent from their own page.
  await logIn(page, student.username, student.password);
  await page.goto('/parents');
  await expect(page.getByRole('heading', { level: 1, name: 'My parents' })).toBeVisible();
  await page.getByLabel('Your parent’s email').fill(parentEmail);
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText('Invitation sent.')).toBeVisible();
  await expect(page.getByText(parentEmail)).toBeVisible();
  await checkWidths(page, 'the student’s parents page');

  // The mail names the child by first name and carries the link.
  const mail = await latestMailTo(parentEmail, /follow your child/);
  expect(mail.text).toContain('Ana');
  expect(mail.text).not.toContain(student.lastName);
  expect(mail.text).not.toContain(`Parents ${stamp}`);
  const link = linkIn(mail, '/public/guardian-invitation');

  // The parent signs up in their own browser, with the invited address filled in.
  const parentContext = await browser.newContext();
  const parent = await parentContext.newPage();
  await parent.goto(link);
  await expect(parent.getByText(/follow Ana’s progress/)).toBeVisible();
  await expect(parent.getByLabel('Email (the invited address)')).toHaveValue(parentEmail);
  await checkWidths(parent, 'the invitation page');
  await parent.getByLabel('First name').fill('Pat');
  await parent.getByLabel('Last name').fill('Parent');
  await parent.getByLabel('Password').fill('tall maple parent 77');
  await parent.getByRole('button', { name: 'Create my parent account' }).click();

  // Home: one card for the child; the menus have no classes or contests.
  await expect(parent).toHaveURL(/\/home$/);
  const card = parent.getByTestId(`card-child-${studentId}`);
  await expect(card.getByText('1 lesson done')).toBeVisible();
  await expect(parent.getByRole('button', { name: 'Classroom' })).toHaveCount(0);
  await expect(parent.getByRole('button', { name: 'Gaming' })).toHaveCount(0);
  await checkWidths(parent, 'the guardian’s home');

  // The child's page: lessons with their score, and points.
  await card.getByRole('link', { name: 'See Ana’s progress' }).click();
  await expect(parent).toHaveURL(new RegExp(`/guardian/children/${studentId}$`));
  const done = parent.getByRole('region', { name: 'Lessons done' });
  await expect(done.getByText(lesson.title)).toBeVisible();
  await expect(done.getByText(/best score 100%/)).toBeVisible();
  await expect(parent.getByTestId('child-points')).toContainText('points available');
  await checkWidths(parent, 'the child’s page');

  // Points the teacher awards reach the open page live, on the child's channel.
  await expect(parent.getByText('+30 points')).toHaveCount(0);
  const award = await request.post(`/api/classrooms/classrooms/${classroom.id}/points-awards/`, {
    headers: teacherAuth,
    data: { student: studentId, points: 30, reason: 'Great budget presentation' },
  });
  expect(award.status(), await award.text()).toBe(201);
  await expect(parent.getByText('+30 points')).toBeVisible();

  // In Spanish too.
  await parent.getByRole('button', { name: 'Español' }).click();
  await expect(parent.getByRole('heading', { name: 'Lecciones hechas' })).toBeVisible();
  await checkWidths(parent, 'the child’s page in Spanish');
  await parent.goto('/home');
  await expect(parent.getByRole('link', { name: 'Ver el progreso de Ana' })).toBeVisible();
  await checkWidths(parent, 'the guardian’s home in Spanish');
  await parent.getByRole('button', { name: 'English' }).click();

  // The parent stops following: back home, and the child's page is gone.
  await parent.goto(`/guardian/children/${studentId}`);
  await parent.getByRole('button', { name: 'Stop following' }).click();
  await parent.getByRole('dialog').getByRole('button', { name: 'Stop following' }).click();
  await expect(parent).toHaveURL(/\/home$/);
  await expect(parent.getByTestId(`card-child-${studentId}`)).toHaveCount(0);
  await parent.goto(`/guardian/children/${studentId}`);
  await expect(
    parent.getByText('This child does not exist or you do not follow them.'),
  ).toBeVisible();
  await parentContext.close();

  // The student's page no longer lists the parent.
  await page.reload();
  await expect(page.getByText('Nobody follows you yet.')).toBeVisible();
});
