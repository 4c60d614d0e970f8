import { readFile } from 'node:fs/promises';
import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';

test('a student prepares a copy of their data and downloads it as a page and as JSON', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/settings/data');
  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
  await checkWidths(page, 'my data');
  await expect(page.getByRole('link', { name: 'Account settings' })).toHaveAttribute(
    'href',
    '/settings',
  );

  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const readable = page.getByRole('button', { name: 'Download readable page' });
  await expect(readable).toBeVisible();
  await expect(page.getByText(/The download link works until/)).toBeVisible();

  const downloadingPage = page.waitForEvent('download');
  await readable.click();
  const pageFile = await downloadingPage;
  expect(pageFile.suggestedFilename()).toMatch(/^bullpen-data-\d+\.html$/);
  const html = await readFile((await pageFile.path())!, 'utf8');
  expect(html).toContain('My Bullpen data');
  expect(html).toContain(demo.student.username);
  expect(html).not.toContain('<script');

  const downloadingJson = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON file' }).click();
  const jsonFile = await downloadingJson;
  const document = JSON.parse(await readFile((await jsonFile.path())!, 'utf8'));
  expect(document).toMatchObject({
    format: 'bullpen-export',
    version: 1,
    user: { username: demo.student.username, first_name: demo.student.firstName },
  });
  await checkWidths(page, 'my data, ready');
});
