import { checkWidths, expect, expectAccessible, test } from './support/fixtures.ts';

test('the home page shows the app-store banner and the team-member dialog', async ({ page }) => {
  await page.goto('/public/home');
  await expect(page.getByText('For adults 18 and over only.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the app on the App Store' })).toBeVisible();
  const member = page.getByRole('button', { name: /Maya Thompson/ });
  await member.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Maya Thompson' })).toBeVisible();
  await expect(dialog).toContainText('Co-founder');
  await expectAccessible(page, 'team dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(member).toBeFocused();
});

test('the footer has its links, the disclaimer, and the Terms and Privacy dialogs', async ({
  page,
}) => {
  await page.goto('/public/home');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of <[string, string][]>[
    ['Support', '/public/support'],
    ['Contact us', '/public/contact-us'],
    ['Accessibility', '/public/accessibility'],
    ['Create Contest', '/create'],
    ['Join Contest', '/join'],
    ['Learn & Earn', '/learn-and-earn?widget_type=learn_and_earn'],
    ['Calculators', '/tools'],
    ['My Contests', '/my-contests'],
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer).toContainText(/investing game/i);
  await expect(footer).toContainText(/not guaranteed to be accurate/i);

  for (const [name, heading] of [
    ['Terms of Use', /Terms of Use/],
    ['Privacy Policy', /Privacy Policy/],
  ] as const) {
    await footer
      .getByRole('button', { name })
      .or(footer.getByRole('link', { name }))
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expectAccessible(page, name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await footer
    .getByRole('button', { name: 'Privacy Policy' })
    .or(footer.getByRole('link', { name: 'Privacy Policy' }))
    .first()
    .click();
  const policy = page.getByRole('dialog');
  for (const topic of [/collect/i, /retain|retention|keep/i, /delet/i, /advertis/i, /sell/i]) {
    await expect(policy).toContainText(topic);
  }
});

test('the footer is hidden on learn-and-earn', async ({ page }) => {
  await page.goto('/public/login');
  await page.getByLabel(/username or email/i).fill('sam.student');
  await page.getByLabel(/^password/i).fill('bullpen-student-demo');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByRole('button', { name: 'sam.student' })).toBeVisible();
  await page.goto('/learn-and-earn?widget_type=learn_and_earn');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expectAccessible(page, 'learn and earn');
});

test('the accessibility statement, in English and Spanish, at 360 and 1280 px', async ({
  page,
}) => {
  await page.goto('/public/home');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/public\/accessibility$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Accessibility statement' }),
  ).toBeVisible();
  await checkWidths(page, 'accessibility statement');
  await page.getByRole('link', { name: 'Report a barrier on the support page' }).click();
  await expect(page).toHaveURL(/\/public\/support$/);

  await page.goto('/public/accessibility');
  const languages = page.getByRole('contentinfo').getByRole('group', { name: 'Language' });
  await languages.getByRole('button', { name: 'Español' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Declaración de accesibilidad');
  await checkWidths(page, 'accessibility statement in Spanish');
});
