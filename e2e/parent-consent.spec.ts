import { checkWidths, expect, test } from './support/fixtures.ts';
import { latestMailTo, linkIn } from './support/mail.ts';

/** A date `years` years before today, as a date input takes it. */
function yearsAgo(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

test('an under-13 signs up, waits for a parent, and plays once the parent consents', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const username = `young_${stamp}`;
  const parent = `parent.${stamp}@home.test`;

  await page.goto('/public/signup');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Lopez');
  await page.getByLabel('Email').fill(`young.${stamp}@school.test`);
  await page.getByLabel('Password', { exact: true }).fill('seven blue marbles');
  await expect(page.getByLabel("A parent's email address")).toHaveCount(0);
  await page.getByLabel('Date of birth').fill(yearsAgo(10));
  await page.getByLabel("A parent's email address").fill(parent);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Every signed-in page leads to the waiting page, which never shows the whole address.
  await expect(page).toHaveURL(/\/consent-pending$/);
  await expect(page.getByText(/p•••@h•••\.test/)).toBeVisible();
  await expect(page.getByText(parent)).toHaveCount(0);
  await page.goto('/my-contests?type=public');
  await expect(page).toHaveURL(/\/consent-pending$/);
  await checkWidths(page, 'consent pending');

  // The parent opens the mailed link in their own browser.
  const mail = await latestMailTo(parent, /your consent is needed/);
  expect(mail.text).toContain('What Bullpen does not do');
  const parentContext = await browser.newContext();
  const parentPage = await parentContext.newPage();
  await parentPage.goto(linkIn(mail, '/public/parent-consent'));
  await expect(parentPage.getByText(/Robin signed up for Bullpen/)).toBeVisible();
  await checkWidths(parentPage, 'parent consent');
  await parentPage.getByRole('button', { name: 'I consent: open the account' }).click();
  await expect(parentPage.getByText('Thank you. The account now works.')).toBeVisible();
  // The link works once.
  await parentPage.goto(linkIn(mail, '/public/parent-consent'));
  await expect(
    parentPage.getByText('This link is invalid or has expired. Request a new one.'),
  ).toBeVisible();
  await parentContext.close();

  // The child can play.
  await page.getByRole('button', { name: 'My parent has agreed' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/my-contests?type=public');
  await expect(page.getByRole('tab', { name: 'Public' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: username })).toBeVisible();
});
