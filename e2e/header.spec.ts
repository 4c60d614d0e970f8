import type { Page } from '@playwright/test';
import { POINTS_PULSE_MS, PREV_POINTS_KEY } from '@bullpen/contract/constants';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures.ts';

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function menuItems(
  page: Page,
  menu: string,
): Promise<{ name: string; href: string | null }[]> {
  await main(page).getByRole('button', { name: menu, exact: true }).click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const result = [];
  for (const item of await items.all()) {
    result.push({
      name: (await item.textContent())!.trim(),
      href: await item.getAttribute('href'),
    });
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  return result;
}

const gaming = [
  { name: 'My Public Contests', href: '/my-contests?type=public' },
  { name: 'My Private Contests', href: '/my-contests?type=private' },
  { name: 'Join Contest', href: '/join' },
  { name: 'Create Contest', href: '/create' },
];

test('a visitor sees Login, Sign up, Sign up - Teacher, Gaming and Classroom', async ({ page }) => {
  await page.goto('/public/home');
  const links = main(page).getByRole('link');
  await expect(links).toHaveText(['Login', 'Sign up', 'Sign up - Teacher']);
  await expect(main(page).getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/public/login',
  );
  await expect(main(page).getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute(
    'href',
    '/public/signup',
  );
  await expect(main(page).getByRole('link', { name: 'Sign up - Teacher' })).toHaveAttribute(
    'href',
    '/public/signup-teacher',
  );
  expect(await menuItems(page, 'Gaming')).toEqual(gaming);
  expect(await menuItems(page, 'Classroom')).toEqual([
    { name: 'My Classrooms', href: '/my-classrooms' },
  ]);
  await expect(page.getByRole('link', { name: 'Bullpen home' })).toHaveAttribute(
    'href',
    '/public/home',
  );
  await expectAccessible(page);
});

test('a student sees Learn & Earn, Master Budget, Classroom, Gaming, points and the profile menu', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  await expect(main(page).getByRole('link')).toHaveText(['Learn & Earn', 'Master Budget']);
  await expect(main(page).getByRole('link', { name: 'Learn & Earn' })).toHaveAttribute(
    'href',
    '/learn-and-earn?widget_type=learn_and_earn',
  );
  await expect(main(page).getByRole('link', { name: 'Master Budget' })).toHaveAttribute(
    'href',
    '/budgeting',
  );
  await expect(main(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  expect(await menuItems(page, 'Classroom')).toEqual([
    { name: 'My Classrooms', href: '/my-classrooms' },
    { name: 'Join Classroom', href: '/join-classroom' },
    // Ours, after the spec's items.
    { name: 'Lessons', href: '/lessons' },
    { name: 'Calculators', href: '/tools' },
  ]);
  expect(await menuItems(page, 'Gaming')).toEqual(gaming);
  expect(await menuItems(page, demo.student.username)).toEqual([
    { name: 'Settings', href: '/settings' },
    { name: 'My parents', href: '/parents' },
    { name: 'Log out', href: '/logout' },
  ]);
  // Signed in, the logo leads to the signed-in home; the bell to the notifications.
  await expect(page.getByRole('link', { name: 'Bullpen home' })).toHaveAttribute('href', '/home');
  await expect(page.getByRole('link', { name: /^Notifications/ })).toHaveAttribute(
    'href',
    '/notifications',
  );

  const badge = page.getByRole('link', { name: /^Points: 0$/ });
  await expect(badge).toHaveAttribute('href', '/redeem');
  await badge.click();
  await expect(page).toHaveURL(/\/redeem$/);
  // Already on /redeem: the badge is no longer a link.
  await expect(page.getByRole('link', { name: /^Points:/ })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Points: 0$/ })).toBeVisible();
  await expectAccessible(page, 'redeem');
});

test('a teacher also sees Admin and Create Classroom', async ({ page }) => {
  await logIn(page, demo.teacher.username, demo.teacher.password);
  await expect(main(page).getByRole('link')).toHaveText(['Learn & Earn', 'Master Budget', 'Admin']);
  await expect(main(page).getByRole('link', { name: 'Admin' })).toHaveAttribute(
    'href',
    '/assessment',
  );
  expect(await menuItems(page, 'Classroom')).toEqual([
    { name: 'Join Classroom', href: '/join-classroom' },
    { name: 'Create Classroom', href: '/create-classroom' },
    { name: 'My Classrooms', href: '/my-classrooms' },
    { name: 'Lessons', href: '/lessons' },
    { name: 'Calculators', href: '/tools' },
  ]);
  await expectAccessible(page);
});

test('the points badge pulses for 6 s when the balance grew, then remembers it', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  // A lower remembered balance than the real one (0) makes the next load an increase.
  await page.addInitScript((key) => window.localStorage.setItem(key, '-1'), PREV_POINTS_KEY);
  await page.reload();
  const badge = page.getByRole('link', { name: /^Points: / });
  await expect(badge).toHaveAttribute('data-pulsing', 'true');
  const seenAt = Date.now();
  await expect
    .poll(() => badge.getAttribute('data-pulsing'), { timeout: POINTS_PULSE_MS + 3_000 })
    .toBeNull();
  // It lasted (most of) the 6 s: it was seen only after the page had loaded.
  expect(Date.now() - seenAt).toBeGreaterThan(POINTS_PULSE_MS - 2_000);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), PREV_POINTS_KEY)).toBe('0');
});

test('menus work with the keyboard', async ({ page }) => {
  await page.goto('/public/home');
  await main(page).getByRole('button', { name: 'Gaming' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'My Public Contests' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Join Contest' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/public\/signup\?from=%2Fjoin$/);
});

test('every control in the header shows where the keyboard focus is', async ({ page }) => {
  await page.goto('/public/home');
  await expect(main(page).getByRole('button', { name: 'Gaming' })).toBeVisible();
  const seen: string[] = [];
  // Tab from the skip link through the header, until the focus leaves it.
  await page.keyboard.press('Tab');
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element?.closest('header')) return null;
      const style = getComputedStyle(element);
      return {
        name: element.textContent?.trim() || element.getAttribute('aria-label') || '',
        outline: `${style.outlineStyle} ${style.outlineWidth}`,
      };
    });
    if (!focused) break;
    seen.push(focused.name);
    expect(focused.outline, `the focus ring of ${focused.name}`).toBe('solid 3px');
  }
  expect(seen).toEqual(['Bullpen', 'Login', 'Sign up', 'Sign up - Teacher', 'Gaming', 'Classroom']);
});

test('the header becomes fixed after about 575 px of scrolling on a wide screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/public/home');
  const position = () =>
    page
      .locator('header')
      .first()
      .evaluate((element) => getComputedStyle(element).position);
  expect(await position()).not.toBe('fixed');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(position).not.toBe('fixed');
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(position).toBe('fixed');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(position).not.toBe('fixed');
});

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu is a drawer that closes on route change, and nothing scrolls sideways', async ({
    page,
  }) => {
    await logIn(page, demo.student.username, demo.student.password);
    for (const path of ['/public/home', '/public/login', '/public/signup', '/redeem']) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await expectAccessible(page, `${path} at 360 px`);
    }
    await page.goto('/public/home');
    await expect(page.getByRole('button', { name: 'Gaming' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Master Budget' })).toBeVisible();
    await expectAccessible(page, 'open drawer');
    await drawer.getByRole('link', { name: 'Master Budget' }).click();
    await expect(page).toHaveURL(/\/budgeting$/);
    await expect(page.getByRole('dialog')).toBeHidden();
    const position = await page
      .locator('header')
      .first()
      .evaluate((element) => getComputedStyle(element).position);
    expect(position).toBe('sticky');
  });
});
