import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { formatNumber } from '@bullpen/contract/money';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures.ts';

/**
 * A holder sees a dividend and a split in the order history and the holdings table
 * (docs/decisions/012). Both take effect at a close, so this spec starts its own server whose
 * market clock begins shortly before one: the `always` calendar (sessions are New York days),
 * 30 seconds before the midnight that starts Thursday 3 December 2026, PG's simulated ex-date.
 * The student buys PG and staff schedule a 3-for-1 split of PG for that Thursday through the
 * API before midnight; the trading job then records the dividend (due on its pay date) and
 * splits the holding. The server is started here, not by the Playwright config, because its
 * clock starts when it boots: started with the run, the midnight could pass before this test.
 */
const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_ACTIONS_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3125) + 2;
const baseURL = `http://localhost:${port}`;
/** New York midnight between Wednesday 2 and Thursday 3 December 2026 (EST, UTC−5). */
const MIDNIGHT = Date.parse('2026-12-03T05:00:00Z');
const LEAD_MS = 30_000;
const SYMBOL = 'PG';
const SHARES = 5;
const staff = { username: 'bullpen.staff', password: 'bullpen-staff-demo' };

test.use({ baseURL });
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let serverLog = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(
    process.execPath,
    ['--enable-source-maps', '--import', 'tsx', 'e2e/support/server.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        E2E_PORT: String(port),
        E2E_SMTP_PORT: String(smtpPort),
        E2E_DATA_DIR: '.e2e-data-actions',
        E2E_MARKET_CALENDAR: 'always',
        E2E_CLOCK_START: new Date(MIDNIGHT - LEAD_MS).toISOString(),
        // The trading job runs every second, so the actions apply right after midnight.
        MARKET_TICK_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await expect
    .poll(
      async () => {
        expect(server?.exitCode, `the server exited:\n${serverLog}`).toBeNull();
        return fetch(`${baseURL}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
      },
      { timeout: 100_000, intervals: [250] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server?.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
});

async function tokenFor(request: APIRequestContext, who: { username: string; password: string }) {
  const { username, password } = who;
  const response = await request.post('/api-token-auth/', { data: { username, password } });
  expect(response.status(), `log in ${who.username}`).toBe(200);
  return { Authorization: `JWT ${((await response.json()) as { token: string }).token}` };
}

async function marketNow(request: APIRequestContext): Promise<number> {
  const status = await request.get('/api/market/status/');
  return Date.parse(((await status.json()) as { as_of: string }).as_of);
}

test('a holder sees the dividend and the split in the order history and the holdings table', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { request } = page;

  // Before midnight: the student makes a contest and buys PG; staff schedule the split.
  expect(await marketNow(request), 'the server took too long to start').toBeLessThan(
    MIDNIGHT - 5_000,
  );
  const student = await tokenFor(request, demo.student);
  const created = await request.post('/api/contests/', {
    headers: student,
    data: {
      name: 'Dividend season',
      visibility: 'private',
      starts_at: new Date(MIDNIGHT - 3_600_000).toISOString(),
      ends_at: new Date(MIDNIGHT + 60 * 86_400_000).toISOString(),
      starting_cash: 1_000_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const portfolio = ((await created.json()) as { my_contest_user: number }).my_contest_user;
  const search = await request.get(`/api/securities/?search=${SYMBOL}`);
  const security = (
    (await search.json()) as { results: { id: number; symbol: string }[] }
  ).results.find((result) => result.symbol === SYMBOL)!;
  const bought = await request.post('/api/contest-user-orders/', {
    headers: student,
    data: { contest_user: portfolio, security: security.id, order_type: 'BUY', quantity: SHARES },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  expect((await bought.json()) as { status: string }).toMatchObject({ status: 'filled' });
  const scheduled = await request.post('/api/market/splits/', {
    headers: await tokenFor(request, staff),
    data: { symbol: SYMBOL, numerator: 3, denominator: 1, effective_date: '2026-12-03' },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);

  // After midnight the trading job applies both (polled: it runs every second).
  await expect(async () => {
    const holdings = await request.get(`/api/contest-user-securities/?contest_user=${portfolio}`, {
      headers: student,
    });
    const results = ((await holdings.json()) as { results: { symbol: string; share: number }[] })
      .results;
    expect(results.find((holding) => holding.symbol === SYMBOL)?.share).toBe(SHARES * 3);
  }).toPass({ timeout: LEAD_MS + 20_000, intervals: [500] });

  await logIn(page, demo.student.username, demo.student.password);
  await page.goto(`/contest-portfolio/${portfolio}`);
  const row = page.getByRole('row', { name: /Procter & Gamble/ });
  await expect(row.locator('[data-column="shares"]')).toHaveText(formatNumber(SHARES * 3));
  await expectAccessible(page, 'portfolio after the split');

  await page.getByRole('link', { name: 'Order history' }).click();
  const history = page.getByRole('region', { name: 'Orders' });
  const split = history.locator('tr[data-action="split"]');
  await expect(split).toContainText('Split 3-for-1');
  await expect(split).toContainText(`${SHARES} shares became ${SHARES * 3}`);
  const dividend = history.locator('tr[data-action="dividend"]');
  await expect(dividend).toContainText('Dividend');
  // Entitled on the shares held at the close before the ex-date; paid on the pay date.
  await expect(dividend).toContainText(/Due /);
  await expect(dividend).toContainText(formatNumber(SHARES));
  await expect(history.getByRole('row').filter({ hasText: 'Buy' })).toHaveCount(1);
  await expectAccessible(page, 'order history with a dividend and a split');
});
