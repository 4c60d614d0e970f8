import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The serious and critical axe-core violations of the page, once its finite animations are done. */
async function seriousViolations(page: Page): Promise<string[]> {
  // A settled page: text fading in or out (a dialog opening, a snackbar hiding) has not its
  // final contrast yet. Endless animations (skeletons, spinners) do not settle and are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  return serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join('\n    ')}`,
  );
}

/**
 * Scans the page with axe-core; serious and critical violations fail the test. A fade that
 * starts while axe reads the page (a snackbar hiding on its timer) can catch text mid-way, with
 * a contrast it never rests at: a violation fails the test when a second scan, of the settled
 * page, finds it again.
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  let summary = await seriousViolations(page);
  if (summary.length > 0) summary = await seriousViolations(page);
  expect(summary, `accessibility violations on ${label}`).toEqual([]);
}

/**
 * Every test fails on an uncaught page error or a console error it did not expect, and
 * scans each page it visits when it ends.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // Failed requests the test provoked on purpose (401, 400, 404) are logged by the browser.
      if (/Failed to load resource: the server responded with a status of (4\d\d)/.test(text))
        return;
      errors.push(text);
    });
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };

export const demo = {
  teacher: { username: 'ms.rivera', password: 'bullpen-teacher-demo', firstName: 'Maria' },
  student: { username: 'sam.student', password: 'bullpen-student-demo', firstName: 'Sam' },
};

export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/public/login');
  await page.getByLabel(/username or email/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).not.toHaveURL(/\/public\/login/);
  await expect
    .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'token'))
    .toBe(true);
}

/** Fails when the page is wider than the window (a sideways scroll). */
export async function noSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

/** Axe at a phone's width and a laptop's, and nothing wider than a phone at 360 px. */
export async function checkWidths(page: Page, label: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  await noSidewaysScroll(page, `${label} at 360 px`);
  await expectAccessible(page, `${label} at 360 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, `${label} at 1280 px`);
}

/**
 * Types `text` into the contest page's stock search. The stock list renders when its place
 * comes near the screen (docs/decisions/025), so the page scrolls to it first.
 */
export async function searchContestStocks(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { name: 'Buy stocks' }).scrollIntoViewIfNeeded();
  await page.getByLabel('Search Stock').fill(text);
}
