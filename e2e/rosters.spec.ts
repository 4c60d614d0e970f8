import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { checkWidths, expect, logIn, test } from './support/fixtures.ts';

/**
 * Rosters in (docs/decisions/042-rosters.md): staff open Import a roster from the profile
 * menu, upload a OneRoster 1.2 bundle (the server's fixtures, with this run's own sourcedIds
 * and the demo teacher's address), read the preview with its problem line, apply it and
 * open the login cards; importing the same files again changes nothing. Axe and 360 px on the
 * page with a preview.
 */

const staff = { username: 'bullpen.staff', password: 'bullpen-staff-demo' };
const fixtures = path.join(import.meta.dirname, '../apps/server/src/rosters/fixtures/oneroster');
const FILES = [
  'manifest.csv',
  'orgs.csv',
  'academicSessions.csv',
  'courses.csv',
  'classes.csv',
  'users.csv',
  'roles.csv',
  'enrollments.csv',
];

/** The fixture bundle with this run's sourcedIds and addresses. */
function bundle(suffix: string) {
  return FILES.map((name) => {
    const text = fs
      .readFileSync(path.join(fixtures, name), 'utf8')
      .replace(/"(class|t|s|e|r)-/g, `"$1-${suffix}-`)
      .replace(/[a-z.]+@lincoln\.example/g, 'teacher@demo.bullpen.local')
      .replace(/@students\.lincoln\.example/g, `.${suffix}@students.lincoln.example`);
    return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
  });
}

async function preview(page: Page, files: ReturnType<typeof bundle>) {
  await page.getByLabel('Roster files (one zip, or the CSV files)').setInputFiles(files);
  await page.getByRole('button', { name: 'Preview' }).click();
  return page.getByRole('table', { name: 'Changes by kind' });
}

test('staff import a OneRoster bundle: preview, apply, login cards; again changes nothing', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const files = bundle(suffix);
  await logIn(page, staff.username, staff.password);
  await page.goto('/public/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: staff.username, exact: true })
    .click();
  await page.getByRole('menuitem', { name: 'Import a roster' }).click();
  await expect(page).toHaveURL(/\/rosters\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import a roster' })).toBeVisible();

  const summary = await preview(page, files);
  await expect(summary.getByRole('row', { name: /Classes/ })).toContainText('2');
  await expect(summary.getByRole('row', { name: /Students/ })).toContainText('2 invited by email');
  await expect(page.getByText('enrollments.csv line 10', { exact: false })).toBeVisible();
  await checkWidths(page, 'the roster preview');

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Imported. 3 new accounts need their login cards.')).toBeVisible();
  await page.getByRole('button', { name: 'Print login cards' }).click();
  const cards = page.getByRole('dialog');
  await expect(cards.getByText('Ana Alvarez')).toBeVisible();
  // The passwords are shown once: closing asks first.
  await cards.getByRole('button', { name: 'Close', exact: true }).click();
  await cards.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(cards).toBeHidden();

  // The same files again: everything is unchanged.
  await page.reload();
  const again = await preview(page, files);
  await expect(again.getByRole('row', { name: /Classes/ }).getByRole('cell')).toHaveText([
    '0',
    '0',
    '2',
    '0 teachers without an account',
  ]);
  await expect(again.getByRole('row', { name: /Students/ }).getByRole('cell')).toHaveText([
    '0',
    '0',
    '5',
    '0 invited by email',
  ]);
});
