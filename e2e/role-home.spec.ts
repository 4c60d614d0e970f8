import type { Page } from '@playwright/test';
import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';

/**
 * The signed-in home: each role lands on /home after signing in and sees its cards,
 * each loaded by one request at most (counted here), settled out of their loading state; one
 * action per role; axe and 360 px.
 */

const staff = { username: 'bullpen.staff', password: 'bullpen-staff-demo' };

/** The API paths the cards of each role read, one per card. */
const cardPaths = {
  student: [
    '/api/home/courses/',
    '/api/home/lessons-due/',
    '/api/home/contests/',
    '/api/home/points/',
    '/api/notifications/',
  ],
  teacher: [
    '/api/home/classes/',
    '/api/home/reward-requests/',
    '/api/home/reports/',
    '/api/home/inactive-students/',
    '/api/home/leaders/',
  ],
  staff: [
    '/api/staff/teachers/',
    '/api/support-tickets/inbox/',
    '/api/staff/outbox/',
    '/api/home/retention/',
  ],
} as const;

const cardTitles = {
  student: ['Your courses', 'Lessons due', 'Class contests', 'Points', 'Notifications'],
  teacher: [
    'Your classes',
    'Reward requests',
    'Reported board posts',
    'Not signed in for a week',
    'Class contest leaders',
  ],
  staff: ['Teachers to approve', 'Open support requests', 'Held mail', 'Retention job'],
} as const;

/** Every API request the page makes from now on, by path. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) paths.push(url.pathname);
  });
  return paths;
}

/** Signs in on the login page and checks the landing: /home with the role's cards settled. */
async function signInToHome(
  page: Page,
  role: keyof typeof cardPaths,
  login: { username: string; password: string },
) {
  const requests = recordRequests(page);
  await logIn(page, login.username, login.password);
  await expect(page).toHaveURL(/\/home$/);
  const main = page.getByRole('main');
  for (const title of cardTitles[role]) {
    await expect(main.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  // Every card answered: none is still loading, none failed.
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(main.getByText('This card could not load.')).toHaveCount(0);
  // One request per card at most: the cards' paths, each once, and no other card request.
  const cardRequests = requests.filter(
    (path) =>
      (cardPaths[role] as readonly string[]).includes(path) || path.startsWith('/api/home/'),
  );
  expect(cardRequests.length, cardRequests.join(', ')).toBeLessThanOrEqual(cardPaths[role].length);
  expect(new Set(cardRequests).size).toBe(cardRequests.length);
  return main;
}

/**
 * The same home in Spanish, chosen on this device only (the demo accounts other tests share
 * keep their language), axe-clean at 360 and 1280 px; then back to English.
 */
async function inSpanish(page: Page, titles: string[]) {
  await page.evaluate(() => window.localStorage.setItem('language', 'es'));
  await page.reload();
  const main = page.getByRole('main');
  for (const title of titles) {
    await expect(main.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await checkWidths(page, `${titles[0]} (Spanish)`);
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
}

test('a student lands on their home, its cards load once each, and Continue or a lesson opens', async ({
  page,
}) => {
  const main = await signInToHome(page, 'student', demo.student);
  await expect(
    main.getByRole('heading', { level: 1, name: `Welcome, ${demo.student.firstName}` }),
  ).toBeVisible();
  await expect(main.getByTestId('card-points')).toContainText(/points/);
  await checkWidths(page, 'the student’s home');

  // The public home's signed-in button leads back here, not to an empty public tab.
  await page.goto('/public/home');
  await page.getByRole('link', { name: 'Go to my home' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // One action: resume (Continue) or open the first lesson due; else the rewards.
  const lessonLink = page
    .getByTestId('card-courses')
    .getByRole('link', { name: /^Continue:/ })
    .or(page.getByTestId('card-lessons-due').getByRole('link'))
    .first();
  if (await lessonLink.count()) {
    await lessonLink.click();
    await expect(page).toHaveURL(/\/lessons\?lesson=\d+$/);
  } else {
    await page.getByRole('link', { name: 'See the rewards' }).click();
    await expect(page).toHaveURL(/\/redeem$/);
  }
});

test('a teacher lands on their home with their class, and opens it in one click', async ({
  page,
}) => {
  const main = await signInToHome(page, 'teacher', demo.teacher);
  const classes = main.getByTestId('card-classes');
  await expect(classes.getByRole('link', { name: 'Period 3 Economics' }).first()).toBeVisible();
  await checkWidths(page, 'the teacher’s home');
  await inSpanish(page, ['Tus clases', 'Solicitudes de recompensas', 'Mensajes denunciados']);
  await classes.getByRole('link', { name: 'Open Period 3 Economics' }).first().click();
  await expect(page).toHaveURL(/\/classroom\/\d+$/);
});

test('staff land on their home with the staff cards, and open the teachers to approve', async ({
  page,
}) => {
  await signInToHome(page, 'staff', staff);
  await checkWidths(page, 'the staff’s home');
  await inSpanish(page, ['Docentes por aprobar', 'Correo retenido', 'Tarea de retención']);
  await page.getByRole('link', { name: 'Open the teachers' }).click();
  await expect(page).toHaveURL(/\/staff\/teachers$/);
});
