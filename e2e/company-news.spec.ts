import { checkWidths, expect, test } from './support/fixtures.ts';

/**
 * Company news (docs/market.md "News"): a stock's story opens on its page inside the app, with
 * its date and the notice that it is simulated; the page passes axe at 360 and 1280 px.
 */
test('a story from a stock’s news panel opens inside the app, marked as simulated', async ({
  page,
}) => {
  await page.goto('/public/development');
  const row = page
    .getByRole('region', { name: 'Stock list' })
    .getByRole('row', { name: /Apple Inc\./ });
  await row.getByRole('button', { name: 'News: Apple Inc.' }).click();
  const dialog = page.getByRole('dialog', { name: /Apple Inc\. \(AAPL\)/ });
  const link = dialog
    .getByRole('list', { name: 'News about Apple Inc.' })
    .getByRole('link')
    .first();
  const title = (await link.textContent()) ?? '';
  expect(title.length).toBeGreaterThan(10);
  await link.click();

  await expect(page).toHaveURL(/\/public\/news\/[a-z]-/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/It is not real news/)).toBeVisible();
  await expect(page.getByText('Bullpen Market Wire (simulated)')).toBeVisible();
  await checkWidths(page, 'a news story');
});
