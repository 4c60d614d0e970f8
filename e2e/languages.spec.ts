import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './support/fixtures.ts';
import { latestMailTo } from './support/mail.ts';

const main = (page: Page) => page.getByRole('navigation', { name: /^(Main|Principal)$/ });
const footer = (page: Page) => page.getByRole('contentinfo');

async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

async function expectSpanishShell(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.getByRole('heading', { name: 'Aprende a invertir jugando a la bolsa', level: 1 }),
  ).toBeVisible();
  await expect(footer(page).getByRole('heading', { name: 'Explora' })).toBeVisible();
  await expect(footer(page).getByRole('button', { name: 'Política de privacidad' })).toBeVisible();
  await expect(page).toHaveTitle('Juego de bolsa y educación financiera para escuelas | Bullpen');
}

test('a visitor switches to Español in the footer; it stays after a reload, at 360 px too', async ({
  page,
}) => {
  await page.goto('/public/home');
  const english = footer(page).getByRole('group', { name: 'Language' });
  await expect(english.getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Keyboard only: focus the choice and press Enter.
  await english.getByRole('button', { name: 'Español' }).focus();
  await page.keyboard.press('Enter');

  const spanish = footer(page).getByRole('group', { name: 'Idioma' });
  await expect(spanish.getByRole('button', { name: 'Español' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectSpanishShell(page);
  await expect(main(page).getByRole('link')).toHaveText([
    'Iniciar sesión',
    'Registrarse',
    'Registro para docentes',
  ]);

  await page.reload();
  await expectSpanishShell(page);
  await expectAccessible(page, 'home in Spanish');

  // The legal texts follow.
  await footer(page).getByRole('button', { name: 'Términos de uso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Términos de uso' });
  await expect(dialog.getByRole('heading', { name: '1. Qué es Bullpen' })).toBeVisible();
  await expectAccessible(page, 'terms in Spanish');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 'home in Spanish at 360 px');
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menú del sitio' });
  await expect(drawer.getByRole('link', { name: 'Registro para docentes' })).toBeVisible();
  await expect(drawer.getByRole('group', { name: 'Idioma' })).toBeVisible();
  await expectAccessible(page, 'drawer in Spanish at 360 px');
  await drawer.getByRole('button', { name: 'English' }).click();
  // The drawer's own name follows the language too.
  await expect(
    page.getByRole('dialog', { name: 'Site menu' }).getByRole('group', { name: 'Language' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a signed-in user’s choice is saved: a fresh browser shows Spanish after login, and mail comes in Spanish', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const account = {
    username: `lang_${stamp}`,
    email: `lang.${stamp}@school.test`,
    password: 'blue canyon river',
  };
  const signup = await page.request.post('/api/users/', {
    multipart: {
      ...account,
      first_name: 'Lu',
      last_name: 'Ortiz',
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status()).toBe(201);
  expect((await signup.json()).user.language).toBe('en');

  await logIn(page, account.username, account.password);
  await page.goto('/public/home');
  await main(page).getByRole('button', { name: account.username }).click();
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && /\/api\/users\/\d+\/$/.test(response.url()),
  );
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  expect((await saved).status()).toBe(200);
  await expect(main(page).getByRole('link', { name: 'Aprende y gana' })).toBeVisible();
  await expectAccessible(page, 'signed-in home in Spanish');
  await main(page).getByRole('button', { name: account.username }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expectAccessible(page, 'profile menu in Spanish');
  await page.keyboard.press('Escape');

  // Another device: no choice of its own, so the account's language is adopted at login.
  const context = await browser.newContext();
  const other = await context.newPage();
  await logIn(other, account.username, account.password);
  await other.goto('/public/home');
  await expect(main(other).getByRole('link', { name: 'Aprende y gana' })).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'es');
  await context.close();

  const reset = await page.request.post('/api/auth/send-reset-password-email/', {
    data: { email: account.email },
  });
  expect(reset.status()).toBe(200);
  const mail = await latestMailTo(account.email, /^Cambia tu contraseña de Bullpen$/);
  expect(mail.text).toContain('Hola, Lu:');
});
