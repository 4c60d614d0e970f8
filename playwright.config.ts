import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './e2e/support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
/** A second server whose market is closed: New York calendar, clock started on a Saturday. */
const closedPort = Number(process.env.E2E_CLOSED_PORT ?? port + 1);
const closedMarketSpec = /closed-market\.spec\.ts/;

/** Debian's Chromium, never a downloaded browser (STACK.md). */
const chromium = { executablePath: chromiumPath, args: chromiumFlags };

export default defineConfig({
  testDir: 'e2e',
  // Generous: two workers, two servers and two Chromiums share two cores, and each page is
  // scanned by axe at several widths. A slow machine should cost time, not a red run: on one
  // whose pgbench did 1,600 tps (a third of another's), the longest journeys took 1.8–2 min.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  // One retry on CI: a timing flake costs a rerun, not the whole run; it is still reported as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    // The tests read English; a Spanish test chooses Spanish itself.
    locale: 'en-US',
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: closedMarketSpec,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'closed-market',
      testMatch: closedMarketSpec,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromium,
        baseURL: `http://localhost:${closedPort}`,
      },
    },
  ],
  webServer: [
    {
      command: 'node --enable-source-maps --import tsx e2e/support/server.ts',
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node --enable-source-maps --import tsx e2e/support/server.ts',
      url: `http://localhost:${closedPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        E2E_PORT: String(closedPort),
        E2E_SMTP_PORT: String(Number(process.env.E2E_SMTP_PORT ?? 3125) + 1),
        E2E_DATA_DIR: '.e2e-data-closed',
        E2E_MARKET_CALENDAR: 'nyse',
        // Saturday 21 November 2026, 10:00 in New York.
        E2E_CLOCK_START: '2026-11-21T15:00:00Z',
      },
    },
  ],
});
