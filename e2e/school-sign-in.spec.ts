import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  startOpenIdProvider,
  type TestOpenIdProvider,
} from '../apps/server/src/test/oidc-provider.ts';
import { checkWidths, expect, test } from './support/fixtures.ts';

/**
 * "Sign in with your school account" in Chromium, against a real OpenID provider
 * (oidc-provider) this spec starts, and a server of its own configured for it (the shared
 * servers have no school sign-in). Ports: the provider on E2E_PORT + 50, the server on + 51
 * and its mail catcher on + 52.
 */
const base = Number(process.env.E2E_PORT ?? 3100);
const providerPort = base + 50;
const serverPort = base + 51;
const appUrl = `http://localhost:${serverPort}`;
const root = path.resolve(import.meta.dirname, '..');

let idp: TestOpenIdProvider;
let server: ChildProcess;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  idp = await startOpenIdProvider([`${appUrl}/api/oidc/school/callback/`], providerPort);
  server = spawn(
    process.execPath,
    ['--enable-source-maps', '--import', 'tsx', 'e2e/support/server.ts'],
    {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        E2E_PORT: String(serverPort),
        E2E_SMTP_PORT: String(base + 52),
        E2E_DATA_DIR: '.e2e-data-school-sign-in',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_ALLOWED_DOMAINS: 'district.test',
      },
    },
  );
  for (let waited = 0; ; waited += 500) {
    const up = await fetch(`${appUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (waited > 120_000) throw new Error('the school sign-in server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  server?.kill();
  await idp?.close();
});

test('a pupil signs in with the school account and lands on the signed-in home', async ({
  page,
}) => {
  idp.signInAs({
    sub: 'pupil-1',
    email: 'marta.lopez@district.test',
    email_verified: true,
    given_name: 'Marta',
    family_name: 'López',
  });
  await page.goto(`${appUrl}/public/login`);
  const button = page.getByRole('link', { name: 'Sign in with your school account' });
  await expect(button).toBeVisible();
  await checkWidths(page, 'login with school sign-in');
  await button.click();
  await expect(page).toHaveURL(`${appUrl}/home`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Marta' })).toBeVisible();
  await checkWidths(page, 'home after school sign-in');
});

test('a pupil from another domain is sent back to the login page and told why', async ({
  page,
}) => {
  idp.signInAs({ sub: 'outsider-1', email: 'kid@gmail.test', email_verified: true });
  await page.goto(`${appUrl}/public/login`);
  await page.getByRole('link', { name: 'Sign in with your school account' }).click();
  await expect(page).toHaveURL(`${appUrl}/public/login?sso_error=domain`);
  await expect(page.getByRole('alert')).toHaveText(
    'This school account is not from a school that uses Bullpen. Sign in with your school email account.',
  );
  await checkWidths(page, 'login after a refused school sign-in');
});
