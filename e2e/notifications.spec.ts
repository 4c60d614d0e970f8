import type { Page } from '@playwright/test';
import type { LessonCard } from '@bullpen/contract/learn';
import type { Page as ListPage } from '@bullpen/contract/pagination';
import { classWithStudent, shortestCourses } from './support/api.ts';
import { checkWidths, expect, logIn, test } from './support/fixtures.ts';
import { latestMailTo } from './support/mail.ts';

/**
 * Notifications: the teacher assigns a lesson and awards points; the student's bell counts
 * them live, without a reload; the list names each and opens it; mark read; the mail choice in
 * the settings decides what comes by mail. Axe and 360 px, in English and Spanish.
 */

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifica/ });

test('the bell counts what the teacher does, live; the list opens it; mail follows the settings', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const student = {
    username: `bell${stamp}`,
    password: `tall-maple-${stamp}`,
    firstName: 'Bella',
    lastName: 'Nguyen',
  };
  const { classroom, teacherAuth, studentId } = await classWithStudent(page.request, {
    className: `Period 5 ${stamp}`,
    student,
  });
  const [course] = await shortestCourses(page.request, 1);
  const lessons = (await (
    await page.request.get(`/api/learn/lessons/?course=${course!.id}&page_size=100`)
  ).json()) as ListPage<LessonCard>;
  const lesson = lessons.results[0]!;

  await logIn(page, student.username, student.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // The teacher assigns a lesson: the student's open page hears it at once.
  const assigned = await page.request.post(`/api/classrooms/classrooms/${classroom.id}/lessons/`, {
    headers: teacherAuth,
    data: { lessons: [lesson.id], due_at: '2031-05-01T15:00:00Z' },
  });
  expect(assigned.status()).toBe(200);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('bell-count')).toHaveText('1');
  const assignedMail = await latestMailTo(`${student.username}@school.test`, /new lesson/i);
  expect(assignedMail.text).toContain(`/lessons?lesson=${lesson.id}`);

  // Points come in the app only, until the student asks for them by mail.
  const award = () =>
    page.request.post(`/api/classrooms/classrooms/${classroom.id}/points-awards/`, {
      headers: teacherAuth,
      data: { student: studentId, points: 5, reason: 'Great question in class' },
    });
  expect((await award()).status()).toBe(201);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByRole('list', { name: 'Notifications' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(
    'Your teacher gave you 5 points. Reason: Great question in class',
  );
  await expect(items.nth(1)).toContainText(`New lesson in Period 5 ${stamp}: “${lesson.title}”`);
  await checkWidths(page, 'the notifications page');

  await items.first().getByRole('button', { name: 'Mark as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  // Opening one marks it read and leads to it.
  await items.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/lessons\\?lesson=${lesson.id}$`));
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // Settings: points by mail too.
  await page.goto('/settings');
  const mail = page.getByRole('region', { name: 'Notifications by email' });
  const points = mail.getByRole('switch', { name: 'My teacher gives me points' });
  await expect(points).not.toBeChecked();
  await expect(mail.getByRole('switch', { name: 'My teacher sends a reminder' })).toBeChecked();
  // Only a student's kinds are offered.
  await expect(mail.getByRole('switch')).toHaveCount(7);
  await points.check();
  await expect(page.getByText('Your choice is saved.')).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Notifications by email' })
      .getByRole('switch', { name: 'My teacher gives me points' }),
  ).toBeChecked();
  await checkWidths(page, 'the settings with mail choices');
  expect((await award()).status()).toBe(201);
  const pointsMail = await latestMailTo(`${student.username}@school.test`, /got points/i);
  expect(pointsMail.text).toContain('Great question in class');

  // In Spanish: the bell, the list and the settings.
  await page.goto('/notifications');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notificaciones, 1 sin leer');
  await expect(
    page.getByRole('list', { name: 'Notificaciones' }).getByRole('listitem').first(),
  ).toContainText('Tu docente te dio 5 puntos.');
  await checkWidths(page, 'the notifications page in Spanish');
  await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notificaciones');

  // The student's home in Spanish, each card settled.
  await page.getByRole('link', { name: 'Inicio de Bullpen' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const main = page.getByRole('main');
  for (const title of ['Tus cursos', 'Lecciones pendientes', 'Puntos', 'Notificaciones']) {
    await expect(main.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await checkWidths(page, 'the student’s home in Spanish');
});
