import type { Page } from '@playwright/test';
import { demo, expect, logIn, test, checkWidths } from './support/fixtures.ts';
import { latestMailTo } from './support/mail.ts';

/**
 * Support and contact: a visitor's contact-sales request through the real ALTCHA widget
 * (solving a real, cheap challenge), the staff inbox, and a signed-in student's support
 * ticket without name, email or widget. Axe at 360 and 1280 px on each page.
 */

const staff = { username: 'bullpen.staff', password: 'bullpen-staff-demo' };
const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The support page's form renders when its place, below the help topics, comes near the screen. */
const scrollToForm = (page: Page) =>
  page.getByRole('heading', { level: 2, name: 'Ask us a question' }).scrollIntoViewIfNeeded();

const stamp = Date.now();
const visitorEmail = `dana.${stamp}@district.test`;
const salesMessage = `Pricing for 12 schools, please (${stamp}).`;

test.describe.configure({ mode: 'serial' });

test('a visitor sends the contact-sales form with the human check, sees thanks, and Close resets it', async ({
  page,
}) => {
  await page.goto('/public/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await checkWidths(page, 'contact us');

  await page.getByRole('button', { name: 'Contact sales' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact sales' });
  await expect(dialog).toBeVisible();
  const robot = dialog.getByRole('checkbox', { name: 'I am not a robot' });
  await expect(robot).toBeVisible();
  await checkWidths(page, 'contact sales modal');

  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('First name').fill('Dana');
  await dialog.getByLabel('Last name').fill('Reyes');
  await dialog.getByLabel('Email').fill('dana.reyes@');
  await dialog.getByLabel('School or district', { exact: true }).fill('Lincoln Unified');
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await dialog.getByLabel('Email').fill(visitorEmail);
  await dialog.getByRole('radio', { name: 'Administrator' }).check();
  await dialog.getByLabel('Tell us about your school or district').fill(salesMessage);
  // Complete, but the human check is not done yet.
  await expect(send).toBeDisabled();

  const challenge = page.waitForResponse((response) =>
    response.url().includes('/api/support-tickets/challenge/'),
  );
  // By keyboard, as the widget's own tick mark lies over its checkbox.
  await robot.focus();
  await page.keyboard.press('Space');
  expect((await challenge).status()).toBe(200);
  await expect(dialog.getByText('Verified')).toBeVisible();
  await expect(send).toBeEnabled();
  await send.click();

  await expect(dialog.getByText('Thank you!')).toBeVisible();
  await expect(dialog.getByText(/We received your message/)).toBeVisible();
  const confirmation = await latestMailTo(visitorEmail, /We received your message/);
  expect(confirmation.text).not.toContain('Dana');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Contact sales' }).click();
  const again = page.getByRole('dialog', { name: 'Contact sales' });
  await expect(again.getByLabel('First name')).toHaveValue('');
  await expect(again.getByLabel('Email')).toHaveValue('');
  await expect(again.getByLabel('Tell us about your school or district')).toHaveValue('');
  await expect(again.getByRole('checkbox', { name: 'I am not a robot' })).not.toBeChecked();
  await expect(again.getByRole('button', { name: 'Send' })).toBeDisabled();

  // The event form: its own required position, in its own modal.
  await again.getByRole('button', { name: 'Close the form' }).click();
  await page.getByRole('button', { name: 'Schedule an event' }).click();
  const event = page.getByRole('dialog', { name: 'Schedule an event' });
  await expect(event.getByLabel('Expected number of students (optional)')).toBeVisible();
  await checkWidths(page, 'schedule event modal');
});

test('the support page shows help topics and, to a visitor, the form with the human check', async ({
  page,
}) => {
  await page.goto('/public/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  const question = page.getByRole('button', { name: 'When are orders filled?' });
  await question.click();
  await expect(page.getByText(/9:30 a\.m\. to 4:00 p\.m\. New York time/)).toBeVisible();
  await scrollToForm(page);
  await expect(page.getByLabel('First name')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'I am not a robot' })).toBeVisible();
  await checkWidths(page, 'support (visitor)');
});

test('staff find the ticket in the inbox and mark it answered; a student is kept out', async ({
  page,
}) => {
  await logIn(page, staff.username, staff.password);
  await page.goto('/public/home');
  await main(page).getByRole('button', { name: staff.username, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Support inbox' }).click();
  await expect(page).toHaveURL(/\/support-inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Support inbox' })).toBeVisible();

  const ticket = page.getByRole('article').filter({ hasText: salesMessage });
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText(visitorEmail);
  await expect(ticket).toContainText('Contact sales');
  await expect(ticket).toContainText('Lincoln Unified');
  await checkWidths(page, 'support inbox');

  await ticket.getByRole('button', { name: 'Mark answered' }).click();
  await expect(page.getByText(/marked answered/)).toBeVisible();
  // Open tickets only, by default: it has left the list.
  await expect(page.getByRole('article').filter({ hasText: salesMessage })).toHaveCount(0);
  await page.getByRole('button', { name: 'Answered', exact: true }).click();
  const answered = page.getByRole('article').filter({ hasText: salesMessage });
  await expect(answered).toBeVisible();
  await expect(answered.getByRole('button', { name: 'Reopen' })).toBeVisible();
});

test('a signed-in student sends a support ticket without name, email or human check', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/public/home');
  await main(page).getByRole('button', { name: demo.student.username, exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Support inbox' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/public/support');
  await scrollToForm(page);
  await expect(page.getByText(/You are signed in as Sam Okafor/)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'I am not a robot' })).toHaveCount(0);
  await checkWidths(page, 'support (student)');

  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  const description = page.getByLabel('How can we help?');
  await description.fill(`My pending order did not fill (${stamp}).`);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Thank you!')).toBeVisible();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByLabel('How can we help?')).toHaveValue('');

  await page.goto('/support-inbox');
  await expect(page.getByText('Only Bullpen staff can read the support inbox.')).toBeVisible();
});
