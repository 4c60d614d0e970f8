import { demo, expect, expectAccessible, logIn, test } from './support/fixtures.ts';

test('the root and unknown paths go to the home page', async ({ page, consoleErrors }) => {
  for (const path of ['/', '/no/such/page', '/public/nothing']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/public\/home$/);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'home');
  expect(consoleErrors).toEqual([]);
});

test('signed-in routes without a token go to sign-up, remembering where the visitor was going', async ({
  page,
}) => {
  const cases = [
    '/my-contests?type=private',
    '/contest/7',
    '/place-order/BUY/3/11',
    '/learn-and-earn?widget_type=learn_and_earn',
    '/budgeting',
  ];
  for (const path of cases) {
    await page.goto(path);
    await expect(page).toHaveURL(
      (url) => url.pathname === '/public/signup' && url.searchParams.get('from') === path,
    );
  }
  await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
  await expectAccessible(page, 'sign-up');
});

test('a malformed id in a contest path leads to the 404 page', async ({ page }) => {
  await logIn(page, demo.student.username, demo.student.password);
  for (const path of ['/contest/undefined', '/contest-portfolio/abc']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/errors\/error-404$/);
  }
});

test('the 404 page is a real page inside the layout', async ({ page }) => {
  await page.goto('/errors/error-404');
  await expect(page).toHaveURL(/\/errors\/error-404$/);
  await expect(page.getByRole('main')).toContainText(/not found|doesn.t exist|can.t find/i);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectAccessible(page, '404');
});

test('a route whose feature comes later shows a coming-soon page in the layout', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/public/fake');
  await expect(page).toHaveURL(/\/public\/fake$/);
  await expect(page.getByRole('main')).toContainText(/coming soon/i);
  await expectAccessible(page, 'coming soon');
  // Coming back to the sign-up link from a signed-in session does not bounce.
  await page.goto('/contest/7');
  await expect(page).toHaveURL(/\/contest\/7$/);
});

test('the page scrolls to the top on every route change', async ({ page }) => {
  await page.goto('/public/home');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window.scrollTo(0, 3000), window.scrollY)))
    .toBeGreaterThan(1000);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Support' }).click();
  await expect(page).toHaveURL(/\/public\/support$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
