import type { APIRequestContext, Page } from '@playwright/test';
import { contestMessages } from '@bullpen/contract/contests';
import {
  demo,
  expect,
  expectAccessible,
  logIn,
  searchContestStocks,
  test,
} from './support/fixtures.ts';

/**
 * The web app as seen in Chromium (the "Hardening" issue): layout at several widths, the
 * create-contest form, malformed route params, wording, the stock popup, and the CSP.
 */

const day = 86_400_000;

async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'token');
  if (!cookie) throw new Error('not logged in');
  return cookie.value;
}

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    data,
    headers: { Authorization: `JWT ${token}`, ...headers },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface CreatedContest {
  id: number;
  my_contest_user: number;
}

/** A public contest of the signed-in user, with a few holdings bought through the API. */
async function contestWithHoldings(page: Page, holdings = 9): Promise<CreatedContest> {
  const token = await tokenOf(page);
  const now = Date.now();
  const contest = await api<CreatedContest>(page.request, token, 'POST', '/api/contests/', {
    name: `Hardening ${now.toString(36)}`,
    visibility: 'public',
    starts_at: new Date(now - day).toISOString(),
    ends_at: new Date(now + 20 * day).toISOString(),
    starting_cash: 1_000_000_000,
  });
  if (holdings === 0) return contest;
  const securities = await api<{ results: { id: number }[] }>(
    page.request,
    token,
    'GET',
    `/api/securities/?page_size=${holdings}`,
  );
  for (const security of securities.results.slice(0, holdings)) {
    await api(
      page.request,
      token,
      'POST',
      '/api/contest-user-orders/',
      {
        contest_user: contest.my_contest_user,
        security: security.id,
        order_type: 'BUY',
        quantity: 1234,
      },
      { 'Idempotency-Key': `hardening-${now}-${security.id}` },
    );
  }
  return contest;
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('on a phone, the contest page loads its stock list only when the reader scrolls near it', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await logIn(page, demo.student.username, demo.student.password);
  const contest = await contestWithHoldings(page, 1);
  const stockRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/securities/')) {
      stockRequests.push(request.url());
    }
  });
  await page.goto(`/contest/${contest.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A screen and a half down: not rendered, and not one stock asked for.
  await expect(page.getByRole('heading', { name: 'Buy stocks' })).not.toBeInViewport();
  await expect(page.getByLabel('Search Stock')).toHaveCount(0);
  expect(stockRequests).toEqual([]);

  await page.getByRole('heading', { name: 'Buy stocks' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Stocks' }).getByRole('row').nth(5)).toBeVisible();
  await expect(page.getByLabel('Search Stock')).toBeVisible();
  expect(stockRequests.length).toBeGreaterThan(0);
  await expectAccessible(page, 'contest page with its stock list at 360 px');
  expect(consoleErrors).toEqual([]);
});

test.describe('the header', () => {
  for (const width of [360, 800, 1280]) {
    test(`stays on screen after scrolling down at ${width} px`, async ({ page, consoleErrors }) => {
      await page.setViewportSize({ width, height: 600 });
      await logIn(page, demo.student.username, demo.student.password);
      const contest = await contestWithHoldings(page, 2);
      // A long page: the contest page with its stock list.
      await page.goto(`/contest/${contest.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The stock list renders when its place comes near the screen (RenderWhenNear).
      await page.getByRole('heading', { name: 'Buy stocks' }).scrollIntoViewIfNeeded();
      await expect(
        page.getByRole('region', { name: 'Stocks' }).getByRole('row').nth(5),
      ).toBeAttached();
      const scrollable = await page.evaluate(
        () => document.documentElement.scrollHeight - window.innerHeight,
      );
      expect(scrollable, 'the page is long enough to scroll').toBeGreaterThan(700);
      await page.evaluate(() => window.scrollTo(0, 700));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
      const header = page.locator('header').first();
      await expect
        .poll(async () => (await header.boundingBox())?.y, { message: 'header top' })
        .toBe(0);
      await expect(header).toBeInViewport();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `contest page scrolled at ${width} px`);
      expect(consoleErrors).toEqual([]);
    });
  }

  for (const who of ['student', 'teacher', 'visitor'] as const) {
    test(`is one row at every width from 751 px up, for a ${who}`, async ({ page }) => {
      if (who !== 'visitor') await logIn(page, demo[who].username, demo[who].password);
      for (const width of [751, 760, 800, 900, 999, 1000, 1100, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(who === 'visitor' ? '/public/home' : '/my-contests?type=public');
        const header = page.locator('header').first();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        const box = (await header.boundingBox())!;
        expect(box.height, `header height at ${width} px`).toBeLessThanOrEqual(72);
        // Nothing in it is pushed out of sight instead.
        const clipped = await header.evaluate((element) => {
          const limit = element.getBoundingClientRect();
          return Array.from(element.querySelectorAll('a, button'))
            .map((item) => item.getBoundingClientRect())
            .filter((rect) => rect.width > 0)
            .some((rect) => rect.right > limit.right + 0.5 || rect.bottom > limit.bottom + 0.5);
        });
        expect(clipped, `header items cut off at ${width} px`).toBe(false);
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      }
      await expectAccessible(page, `header of a ${who}`);
    });
  }
});

test.describe('the holdings table', () => {
  test('fits its container on wide screens and scrolls inside its own region on narrow ones', async ({
    page,
    consoleErrors,
  }) => {
    await logIn(page, demo.teacher.username, demo.teacher.password);
    const contest = await contestWithHoldings(page);
    for (const width of [360, 800, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/contest-portfolio/${contest.my_contest_user}`);
      const region = page.locator('[role="region"][aria-label="Holdings"]');
      await expect(region.getByRole('row')).toHaveCount(10);
      const size = await region.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
      }));
      expect(await sidewaysOverflow(page), `page overflow at ${width} px`).toBeLessThanOrEqual(0);
      if (width >= 1280) {
        expect(size.scroll, `table width at ${width} px`).toBeLessThanOrEqual(size.client);
        const regionBox = (await region.boundingBox())!;
        const headers = region.getByRole('columnheader');
        expect(await headers.count()).toBeGreaterThan(10);
        for (const header of await headers.all()) {
          const box = (await header.boundingBox())!;
          expect(
            box.x + box.width,
            `${await header.textContent()} visible at ${width} px`,
          ).toBeLessThanOrEqual(regionBox.x + regionBox.width + 0.5);
        }
        await expect(
          region.getByRole('button', { name: /^News: / }).first(),
          `News button at ${width} px`,
        ).toBeInViewport();
        // No figure is cut: every cell shows all of its text.
        const cut = await region.evaluate((element) =>
          Array.from(element.querySelectorAll('td, th'))
            .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
            .map((cell) => cell.textContent),
        );
        expect(cut, `cells cut at ${width} px`).toEqual([]);
        await expectAccessible(page, `portfolio at ${width} px`);
      } else {
        expect(size.scroll, `table scrolls inside at ${width} px`).toBeGreaterThan(size.client);
        // Arrows show that it scrolls sideways, and scroll it.
        const left = page.getByRole('button', { name: 'Scroll left' });
        const right = page.getByRole('button', { name: 'Scroll right' });
        await expect(left).toBeDisabled();
        await right.click();
        await expect
          .poll(() => region.evaluate((element) => element.scrollLeft))
          .toBeGreaterThan(0);
        await expect(left).toBeEnabled();
        await expectAccessible(page, `portfolio at ${width} px`);
      }
    }
    expect(consoleErrors).toEqual([]);
  });
});

test('the create-contest form shows every invalid field at once', async ({
  page,
  consoleErrors,
}) => {
  await logIn(page, demo.teacher.username, demo.teacher.password);
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Create Contest', level: 1 })).toBeVisible();
  await page.getByLabel('Contest name').fill('x');
  await page.getByLabel('Starting cash').fill('lots');
  await page.getByLabel('Commission per trade').fill('500');
  await page.getByLabel('Largest position', { exact: true }).fill('0');
  await page.getByLabel(/^Starts/).fill('2031-05-10T09:00');
  await page.getByLabel(/^Ends/).fill('2031-05-01T09:00');
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(page.getByText('Use at least 3 characters.')).toBeVisible();
  await expect(page.getByText('Enter an amount in dollars, such as 10,000 or 4.95.')).toBeVisible();
  await expect(page.getByText('The commission can be at most $100.')).toBeVisible();
  await expect(page.getByText('Enter a percentage from 1 to 100.')).toBeVisible();
  await expect(page.getByText(contestMessages.endBeforeStart)).toBeVisible();
  await expect(page.getByLabel('Contest name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/create$/);
  await expectAccessible(page, 'create contest with every error');

  // A field with two problems shows both, joined with a space (spec section 5).
  await page.getByLabel(/^Starts/).fill('2020-05-10T09:00');
  await page.getByLabel(/^Ends/).fill('2020-05-01T09:00');
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(
    page.getByText(`${contestMessages.endBeforeStart} ${contestMessages.endInPast}`),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a malformed id or order type in a path goes to the 404 page', async ({ page }) => {
  await logIn(page, demo.student.username, demo.student.password);
  const paths = [
    '/place-order/BUY/abc/1',
    '/place-order/HOLD/2/1',
    '/place-order/buy/2/1',
    '/place-order/SELL/2/0',
    '/portfolio-stats/abc/2',
    '/portfolio-stats/2/+1',
    '/contest-order-history/2/abc',
    '/contest-order-history/-1/2',
    '/contest/0',
    '/contest/2147483648',
    '/contest/1e3',
    '/contest-portfolio/abc',
    '/contest-portfolio/99999999999',
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/errors\/error-404$/);
  }
  await expectAccessible(page, '404 after a malformed path');
  // Well-formed paths still open their pages.
  await page.goto('/contest/2147483647');
  await expect(page).toHaveURL(/\/contest\/2147483647$/);
});

test('the stats of another player are worded for that player', async ({ page, browser }) => {
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const contest = await contestWithHoldings(page, 1);
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await logIn(student, demo.student.username, demo.student.password);
  await api(student.request, await tokenOf(student), 'POST', '/api/contest-users/', {
    contest: contest.id,
  });
  const board = await api<{ results: { user: { id: number; username: string } }[] }>(
    page.request,
    await tokenOf(page),
    'GET',
    `/api/contest-users/leaderboard/?contest=${contest.id}`,
  );
  const studentUser = board.results.find(
    (entry) => entry.user.username === demo.student.username,
  )!.user;

  await page.goto(`/portfolio-stats/${studentUser.id}/${contest.id}`);
  const main = page.getByRole('main');
  await expect(main).toContainText(`${demo.student.username}’s stocks at today’s prices`);
  await expect(main).not.toContainText(/\byour\b/i);
  await expect(main).not.toContainText(/\byou\b/i);
  await expectAccessible(page, 'another player’s stats');

  await student.goto(`/portfolio-stats/${studentUser.id}/${contest.id}`);
  await expect(student.getByRole('main')).toContainText('your stocks at today’s prices');
  await studentContext.close();
});

test('the contest states its after-hours rule as a rule and the market status apart', async ({
  page,
}) => {
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const contest = await contestWithHoldings(page, 0);
  await page.goto(`/contest/${contest.id}`);
  await expect(
    page.getByText('When the market is closed, orders wait for the next open.'),
  ).toBeVisible();
  await expect(page.getByText('Orders wait for the open', { exact: true })).toHaveCount(0);
  // The e2e market is always open.
  await expect(page.getByTestId('market-status')).toHaveText('Open');
  await expectAccessible(page, 'contest rules');
});

test('the stock popup and its Today chart state the same day change', async ({
  page,
  consoleErrors,
}) => {
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const contest = await contestWithHoldings(page, 0);
  await page.goto(`/contest/${contest.id}`);
  await searchContestStocks(page, 'AAPL');
  await page
    .getByRole('region', { name: 'Stocks' })
    .getByRole('button', { name: 'Chart: Apple Inc.' })
    .click();
  const dialog = page.getByRole('dialog');
  const caption = dialog.getByTestId('chart-change');
  await expect(caption).toContainText('AAPL, Today:');
  const change = /[+\u2212-]?\$[\d,]+\.\d\d \([+\u2212-]?[\d,]+\.\d\d%\)/;
  // Both read in one go, so a live price tick cannot fall between them.
  const read = async () => {
    const [title, chart] = await Promise.all([
      dialog.locator('h2').first().textContent(),
      caption.textContent(),
    ]);
    return { header: title?.match(change)?.[0], chart: chart?.match(change)?.[0] };
  };
  await expect
    .poll(async () => {
      const { header, chart } = await read();
      return header !== undefined && header === chart ? 'same' : `header ${header}, chart ${chart}`;
    })
    .toBe('same');
  await expect(caption).toContainText('(previous close)');
  await expectAccessible(page, 'stock popup graph');
  expect(consoleErrors).toEqual([]);
});

test("a page's first load links its chunks from its HTML, and the app adds none", async ({
  page,
}) => {
  // A phone's width: the contest page's stock list, which loads when near, stays away.
  await page.setViewportSize({ width: 360, height: 740 });
  const linksIn = (html: string) =>
    [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)" crossorigin href="([^"]+)"/g)].map(
      (match) => match[1],
    );
  const plain = linksIn(await (await page.request.get('/')).text());
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const contest = await contestWithHoldings(page, 1);
  const token = await tokenOf(page);
  const firstOf = async <T>(path: string) =>
    (await api<{ results: T[] }>(page.request, token, 'GET', path)).results[0]!;
  const security = await firstOf<{ id: number }>('/api/securities/?page_size=1');
  const lesson = await firstOf<{ path: string }>('/api/content/lessons/?page_size=1');
  for (const path of [
    '/public/home',
    '/public/login',
    lesson.path,
    '/my-contests',
    `/contest/${contest.id}`,
    `/place-order/BUY/${contest.id}/${security.id}`,
  ]) {
    const response = await page.goto(path);
    const html = linksIn((await response?.text()) ?? '');
    // The page's own chunks and styles, after the entry's that every page has.
    expect(html.slice(0, plain.length), path).toEqual(plain);
    expect(html.length, path).toBeGreaterThan(plain.length + 3);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    // The app's preload helper found every file it needed linked already: the document's links
    // are the HTML's, each once.
    const linked = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll('link[rel="modulepreload"], link[rel="stylesheet"]'),
        (link) => link.getAttribute('href'),
      ),
    );
    expect(linked, path).toEqual(html);
  }
});

test('no Content-Security-Policy violation on page loads', async ({ page }) => {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) reports.push(message.text());
  });
  page.on('pageerror', (error) => reports.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `securitypolicyviolation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  for (const path of ['/public/home', '/public/login', '/public/signup', '/errors/error-404']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const contest = await contestWithHoldings(page, 1);
  for (const path of [
    `/contest/${contest.id}`,
    `/contest-portfolio/${contest.my_contest_user}`,
    '/create',
    '/my-contests?type=public',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Forms parse with zod on the first submit: that is when its eval probe ran.
    if (path === '/create') await page.getByRole('button', { name: 'Create contest' }).click();
    await page.waitForTimeout(300);
  }
  expect(reports.filter((text) => !/Failed to load resource/.test(text))).toEqual([]);
});
