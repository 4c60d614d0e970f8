import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures.ts';

const GALLERY = '/public/development';
const NEWS_DATE = /^\d{2}-\d{2}-\d{4}: \d{2}:\d{2}$/;
const TOOLTIP = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\n\$[\d,]+\.\d{2}/;

const stockList = (page: Page) => page.getByRole('region', { name: 'Stock list' });
const stockSearch = (page: Page) => page.getByRole('region', { name: 'Stock search' });
const popup = (page: Page) => page.getByRole('dialog', { name: /Apple Inc\. \(AAPL\)/ });

/** The `search` (or `page`) query of every securities request the page makes. */
function watchSecurities(page: Page) {
  const requests: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/securities/') requests.push(url.searchParams);
  });
  return requests;
}

async function openGallery(page: Page) {
  await page.goto(GALLERY);
  await expect(stockList(page).getByRole('button', { name: 'BUY AAPL' })).toBeVisible();
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

async function expectSelectedTab(dialog: Locator, name: string) {
  await expect(dialog.getByRole('tab', { name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByRole('tabpanel')).toHaveCount(1);
  await expect(dialog.getByRole('tabpanel').getByRole('heading', { name })).toBeVisible();
}

for (const [width, height] of [
  [360, 740],
  [1280, 900],
] as const) {
  test.describe(`market components at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the stock list shows the spec columns with live prices', async ({ page }) => {
      const snapshot = new Promise<string>((resolve) => {
        page.on('websocket', (socket) => {
          socket.on('framereceived', (frame) => {
            if (typeof frame.payload === 'string' && frame.payload.includes('"snapshot"')) {
              resolve(frame.payload);
            }
          });
        });
      });
      await openGallery(page);
      const table = stockList(page).getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText([
        'Stock Name',
        'Ticker',
        'Buy',
        'Price',
        'Daily Change',
        '% Change',
        'Info',
        'Data',
        'Chart',
        'News',
      ]);
      // The shared socket subscribed to live prices; the row shows the pushed price.
      const message = JSON.parse(await snapshot) as {
        prices: { symbol: string; last_price: number }[];
      };
      expect(message.prices.length).toBeGreaterThan(100);
      const row = table.getByRole('row', { name: /Apple Inc\./ });
      await expect(row.getByRole('cell').nth(2)).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
      await expect(row.getByRole('cell').nth(3)).toHaveText(/^([+\u2212]\$[\d,]+\.\d{2}|\$0\.00)$/);
      await expect(row.getByRole('cell').nth(4)).toHaveText(/^([+\u2212]\d+\.\d{2}%|0\.00%)$/);
      // Nobody owns anything on the gallery: SELL is disabled, BUY asks for a contest.
      await expect(row.getByRole('button', { name: 'SELL AAPL' })).toBeDisabled();
      await row.getByRole('button', { name: 'BUY AAPL' }).click();
      const gate = page.getByRole('dialog', { name: 'Join or create a contest to trade' });
      await expect(gate.getByRole('link', { name: 'Join a contest' })).toHaveAttribute(
        'href',
        '/join',
      );
      await expectAccessible(page, `trade gate at ${width}`);
      await gate.getByRole('button', { name: 'Not now' }).click();
      await expect(gate).toBeHidden();
      await expectNoSidewaysScroll(page, `gallery at ${width}`);
      await expectAccessible(page, `gallery at ${width}`);
    });

    test('search waits 500 ms after typing and the category filters', async ({ page }) => {
      const requests = watchSecurities(page);
      await openGallery(page);
      const section = stockList(page);
      const searches = () =>
        requests.filter((params) => params.has('search')).map((params) => params.get('search'));

      await section.getByLabel('Search Stock').pressSequentially('micro', { delay: 60 });
      await expect(section.getByRole('row', { name: /Microsoft Corporation/ })).toBeVisible();
      await expect(section.getByRole('row', { name: /Apple Inc\./ })).toHaveCount(0);
      await page.waitForTimeout(700);
      expect(searches()).toEqual(['micro']);
      await expect(section.getByLabel('Search Stock')).toHaveAttribute('placeholder', 'Search');
      await expectAccessible(page, `search results at ${width}`);

      await section.getByLabel('Search Stock').fill('');
      await expect(section.getByRole('row', { name: /Apple Inc\./ })).toBeVisible();

      const sectors = (await (await page.request.get('/api/sectors/')).json()) as {
        results: { id: number; name: string; securities_count: number }[];
      };
      const energy = sectors.results.find((sector) => sector.name === 'Energy')!;
      const category = section.getByRole('combobox', { name: 'Category' });
      await expect(category.locator('option:checked')).toHaveText('Select A Category');
      await category.selectOption({ label: 'Energy' });
      await expect(section.getByText(`of ${energy.securities_count}`)).toBeVisible();
      expect(requests.some((params) => params.get('sector') === String(energy.id))).toBe(true);
      await expect(section.getByRole('row', { name: /Apple Inc\./ })).toHaveCount(0);
      await expectAccessible(page, `category filter at ${width}`);

      await category.selectOption({ label: 'Select A Category' });
      await expect(category).toHaveValue('');
      await expect(section.getByRole('row', { name: /Apple Inc\./ })).toBeVisible();
    });

    test('the search list loads more rows near the bottom and has scroll arrows', async ({
      page,
    }) => {
      const requests = watchSecurities(page);
      await openGallery(page);
      const section = stockSearch(page);
      await expect(section.getByRole('status')).toHaveText(/^Showing 20 of \d+ stocks$/);
      const scroller = section.getByRole('region', { name: 'Search results' });

      // More than 7 rows: arrows scroll 20 px per press, with the keyboard too.
      await section.getByRole('button', { name: 'Scroll down' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBe(20);
      await section.getByRole('button', { name: 'Scroll up' }).click();
      await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBe(0);

      const pageTwo = () => requests.filter((params) => params.get('page') === '2').length;
      expect(pageTwo()).toBe(0);
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect(section.getByRole('status')).toHaveText(/^Showing 40 of \d+ stocks$/);
      expect(pageTwo()).toBe(1);
      await expectNoSidewaysScroll(page, `search list at ${width}`);
      await expectAccessible(page, `load more at ${width}`);
    });

    test('the popup opens at the chosen panel, switches panels and closes', async ({ page }) => {
      await openGallery(page);
      const row = stockList(page).getByRole('row', { name: /Apple Inc\./ });

      await row.getByRole('button', { name: 'Info: Apple Inc.' }).click();
      const dialog = popup(page);
      await expectSelectedTab(dialog, 'Info');
      await expect(dialog.getByRole('tabpanel')).toContainText(/iPhone/);
      await expect(dialog.getByLabel('Indicator', { exact: true })).toHaveCount(0);
      await expectAccessible(page, `info panel at ${width}`);

      await dialog.getByRole('tab', { name: 'Data' }).click();
      await expectSelectedTab(dialog, 'Data');
      await expect(dialog.getByText(/Simulated data/)).toBeVisible();
      await expect(dialog.getByText('Market cap')).toBeVisible();
      await expect(dialog.getByText(/^\$\d+(\.\d{2})?[TB]$/).first()).toBeVisible();
      await expectAccessible(page, `data panel at ${width}`);

      if (width >= 768) {
        // Desktop carousel: every panel is on screen; clicking another one focuses it.
        await dialog.locator('[data-panel="Position"]').click();
      } else {
        // Phone slides: one panel at a time, with previous/next, Buy and Sell.
        await expect(dialog.locator('[data-panel]')).toHaveCount(0);
        await dialog.getByRole('button', { name: 'Previous panel' }).click();
        await dialog.getByRole('button', { name: 'Previous panel' }).click();
        await expect(dialog.getByRole('button', { name: 'Sell' })).toBeDisabled();
        await expect(dialog.getByRole('button', { name: 'Buy' })).toBeEnabled();
      }
      await expectSelectedTab(dialog, 'Position');
      await expect(dialog.getByRole('tabpanel')).toContainText(/do not own any shares/);

      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      await row.getByRole('button', { name: 'News: Apple Inc.' }).click();
      await expectSelectedTab(dialog, 'News');
      const items = dialog
        .getByRole('list', { name: 'News about Apple Inc.' })
        .getByRole('listitem');
      await expect(items.first()).toBeVisible();
      for (const date of await dialog.getByTestId('news-date').allTextContents()) {
        expect(date).toMatch(NEWS_DATE);
      }
      await expect(items.first().getByRole('link')).toHaveAttribute('href', /^\/public\/news\//);
      await expectAccessible(page, `news panel at ${width}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('the chart switches durations, and indicators only off 1D on the Graph panel', async ({
      page,
    }) => {
      const indicatorRequests: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/technical-indicator/') {
          indicatorRequests.push(
            `${url.searchParams.get('duration')} ${url.searchParams.get('indicator')}`,
          );
        }
      });
      await openGallery(page);
      await stockList(page)
        .getByRole('row', { name: /Apple Inc\./ })
        .getByRole('button', { name: 'Chart: Apple Inc.' })
        .click();
      const dialog = popup(page);
      await expectSelectedTab(dialog, 'Graph');
      const periods = dialog.getByRole('group', { name: 'Chart period' });
      const today = periods.getByRole('button', { name: /Today/ });
      await expect(today).toHaveAttribute('aria-pressed', 'true');
      await expect(periods.getByRole('button')).toHaveText(
        width < 475
          ? ['D (Today)', 'W (Week)', 'M (Month)', 'Y (Year)', 'ALL']
          : ['Today', 'Week', 'Month', 'Year', 'ALL'],
      );
      await expect(dialog.getByLabel('Indicator', { exact: true })).toHaveCount(0);
      const canvas = dialog.locator('canvas').first();
      await expect(canvas).toBeVisible();
      await expect(dialog.getByText(/^AAPL, Today: \$/)).toBeVisible();

      // The tooltip shows the date as MM/DD/YYYY HH:MM and the price with two decimals.
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
      await expect(dialog.getByTestId('chart-tooltip')).toHaveText(TOOLTIP);
      await expectAccessible(page, `graph panel at ${width}`);

      await periods.getByRole('button', { name: /Week/ }).click();
      await expect(periods.getByRole('button', { name: /Week/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const indicator = dialog.getByLabel('Indicator', { exact: true });
      await expect(indicator).toHaveValue('');
      await indicator.selectOption('SMA');
      await expect(dialog.getByText('SMA (20)')).toBeVisible();
      await indicator.selectOption('BBANDS');
      await expect(dialog.getByText('Upper band')).toBeVisible();
      expect(indicatorRequests).toEqual(['1W SMA', '1W BBANDS']);
      await expectAccessible(page, `indicator at ${width}`);

      for (const period of [/Month/, /Year/, /ALL/]) {
        await periods.getByRole('button', { name: period }).click();
        await expect(periods.getByRole('button', { name: period })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await expect(dialog.getByText('Upper band')).toBeVisible();
      }

      // Back to Today: no indicator, and the selector is reset to None.
      await today.click();
      await expect(dialog.getByLabel('Indicator', { exact: true })).toHaveCount(0);
      await expect(dialog.getByText('Upper band')).toHaveCount(0);
      await periods.getByRole('button', { name: /Month/ }).click();
      await expect(dialog.getByLabel('Indicator', { exact: true })).toHaveValue('');

      // The selector belongs to the Graph panel only.
      await dialog.getByRole('tab', { name: 'News' }).click();
      await expect(dialog.getByLabel('Indicator', { exact: true })).toHaveCount(0);
    });

    test('chart and news failures are logged as warnings and leave empty states', async ({
      page,
    }) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.route('**/api/stock-price/**', (route) =>
        route.fulfill({ status: 404, json: { error: 'Not found.' } }),
      );
      await page.route('**/api/securities/*/news/**', (route) =>
        route.fulfill({ status: 404, json: { error: 'Not found.' } }),
      );
      await openGallery(page);
      const row = stockList(page).getByRole('row', { name: /Apple Inc\./ });
      await row.getByRole('button', { name: 'Chart: Apple Inc.' }).click();
      const dialog = popup(page);
      await expect(dialog.getByText('No price data available')).toBeVisible();
      await dialog.getByRole('tab', { name: 'News' }).click();
      await expect(dialog.getByText('No news available.')).toBeVisible();
      await expectAccessible(page, `empty states at ${width}`);
      expect(warnings.some((text) => text.includes('prices of AAPL'))).toBe(true);
      expect(warnings.some((text) => text.includes('news of AAPL'))).toBe(true);
    });
  });
}
